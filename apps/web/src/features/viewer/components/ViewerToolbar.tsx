import {
  FaCommentDots,
  FaCompress,
  FaExpand,
  FaListCheck,
  FaLocationDot,
  FaLayerGroup,
  FaMapPin,
  FaPenRuler,
  FaTriangleExclamation,
  FaVectorSquare,
  FaPenToSquare,
  FaSitemap,
  FaUpload,
} from 'react-icons/fa6';
import type { ReactNode } from 'react';
import { PanelMenuItem, PanelsMenu } from './PanelsMenu.tsx';

export interface ViewerToolbarProps {
  fullscreen: boolean;
  onFullscreen: () => void;
  onFit: () => void;
  hazardsActive: boolean;
  hazardCount: number;
  onHazards: () => void;
  issuesHref: string | null;
  onIssues: () => void;
  tooltipActive: boolean;
  onTooltip: () => void;
  /** the markup tools toggle: shows the markup toolbar (features/markups) */
  markupActive?: boolean;
  onMarkup?: () => void;
  /** the nested viewer panel ('Views') */
  viewsOpen?: boolean;
  onViews?: () => void;
  /** issue pins: the 'Show/Hide issues' toggle and placing a new issue */
  issuesVisible?: boolean;
  onToggleIssues?: () => void;
  placingIssue?: boolean;
  onPlaceIssue?: () => void;
  /** the Upload side panel; desktop widths only, members only */
  uploadOpen?: boolean;
  onUpload?: () => void;
  /** the meta properties panel (Document editing and Model object editing sections); desktop widths only */
  automaticDocumentationOpen?: boolean;
  onAutomaticDocumentation?: () => void;
  /** the model tree side panel; desktop widths only */
  modelTreeOpen?: boolean;
  onModelTree?: () => void;
  disabled?: boolean;
  /** further side panels' items for the Panels menu (Project data, Calculations, Reports: PanelMenuItem) */
  panels?: ReactNode;
  /** whether one of those further panels is open (the Panels button shows it) */
  panelsOpen?: boolean;
  /** further tools at the end (the Workflow, Review and Approve buttons) */
  children?: ReactNode;
}

const toggleClass = (active: boolean) => `btn btn-sm ${active ? 'btn-primary' : 'btn-light'} viewer-tool`;

/**
 * The side panels and the Views window in one Panels menu (issue 31 item 16): the toolbar keeps the tools used
 * most (full screen, fit, hazards, tooltip, markups, issues, pins, workflow) and fits one line at 1280 px.
 */
function ViewerPanelsMenu(props: ViewerToolbarProps) {
  const { disabled = false } = props;
  const wired = [props.onViews, props.onUpload, props.onAutomaticDocumentation, props.onModelTree].some(
    Boolean,
  );
  if (!wired && !props.panels) return null;
  const anyOpen = Boolean(
    props.viewsOpen ||
    props.uploadOpen ||
    props.automaticDocumentationOpen ||
    props.modelTreeOpen ||
    props.panelsOpen,
  );
  return (
    <PanelsMenu anyOpen={anyOpen}>
      {props.onViews && (
        <PanelMenuItem
          label="Views"
          title="Open a second viewer with the model's 3D view and storey plans"
          Icon={FaLayerGroup}
          open={props.viewsOpen ?? false}
          disabled={disabled}
          onSelect={props.onViews}
        />
      )}
      {props.onModelTree && (
        <PanelMenuItem
          label="Model tree"
          title="The model's spatial structure and categories: find, select, hide and show objects"
          Icon={FaSitemap}
          open={props.modelTreeOpen ?? false}
          disabled={disabled}
          onSelect={props.onModelTree}
        />
      )}
      {props.onUpload && (
        <PanelMenuItem
          label="Upload"
          title="Upload files to a folder of this project"
          Icon={FaUpload}
          open={props.uploadOpen ?? false}
          onSelect={props.onUpload}
        />
      )}
      {props.onAutomaticDocumentation && (
        <PanelMenuItem
          label="Automatic Documentation"
          title="Schedules, data sheets and the data of the model's objects"
          Icon={FaPenToSquare}
          open={props.automaticDocumentationOpen ?? false}
          disabled={disabled}
          onSelect={props.onAutomaticDocumentation}
        />
      )}
      {props.panels}
    </PanelsMenu>
  );
}

/**
 * The viewer toolbar (spec §2 'Viewer toolbar'). It is a CSS container: where it is narrow (a side panel open
 * beside the viewer) the tools' text labels give way to their icons, each keeping its name and tooltip, so
 * the toolbar stays on one line (styles.css, .viewer-tool-label).
 */
export function ViewerToolbar(props: ViewerToolbarProps) {
  const { disabled = false } = props;
  return (
    <div className="viewer-toolbar" role="toolbar" aria-label="Viewer tools">
      <button
        type="button"
        className={toggleClass(props.fullscreen)}
        aria-pressed={props.fullscreen}
        title={props.fullscreen ? 'Exit full screen' : 'Full screen'}
        aria-label="Fullscreen"
        onClick={props.onFullscreen}
      >
        {props.fullscreen ? <FaCompress aria-hidden="true" /> : <FaExpand aria-hidden="true" />}
      </button>
      <button
        type="button"
        className={toggleClass(false)}
        title="Fit the model to the view"
        aria-label="Fit"
        disabled={disabled}
        onClick={props.onFit}
      >
        <FaVectorSquare aria-hidden="true" />
      </button>
      <button
        type="button"
        className={toggleClass(props.hazardsActive)}
        aria-pressed={props.hazardsActive}
        title={
          props.hazardCount === 0
            ? 'No objects in this model have a Hazard property'
            : props.hazardsActive
              ? 'Show all objects again'
              : `Show only the ${props.hazardCount} objects with a Hazard property`
        }
        aria-label="Isolate Hazards"
        disabled={disabled || (props.hazardCount === 0 && !props.hazardsActive)}
        onClick={props.onHazards}
      >
        <FaTriangleExclamation aria-hidden="true" className="me-1" />
        <span className="viewer-tool-label">Isolate Hazards</span>
      </button>
      <button
        type="button"
        className={toggleClass(props.tooltipActive)}
        aria-pressed={props.tooltipActive}
        title="Show the tag and category of the object under the pointer"
        aria-label="Asset data tooltip"
        disabled={disabled}
        onClick={props.onTooltip}
      >
        <FaCommentDots aria-hidden="true" />
      </button>
      {props.onMarkup && (
        <button
          type="button"
          className={toggleClass(props.markupActive ?? false)}
          aria-pressed={props.markupActive ?? false}
          title="Draw markups over the view and open the Markup Panel"
          aria-label="Markup tools"
          onClick={props.onMarkup}
        >
          <FaPenRuler aria-hidden="true" />
        </button>
      )}
      <button
        type="button"
        className={toggleClass(false)}
        title={props.issuesHref ? "Open the project's issues" : 'This project has no issues page'}
        aria-label="Issues"
        disabled={!props.issuesHref}
        onClick={props.onIssues}
      >
        <FaListCheck aria-hidden="true" className="me-1" />
        <span className="viewer-tool-label">Issues</span>
      </button>
      <button
        type="button"
        className={toggleClass(props.issuesVisible ?? false)}
        aria-pressed={props.issuesVisible ?? false}
        title={
          props.onToggleIssues
            ? props.issuesVisible
              ? 'Hide the issue pins'
              : "Show this document's issues as pins"
            : 'Issue pins are not available here'
        }
        aria-label="Show/Hide issues"
        disabled={!props.onToggleIssues || disabled}
        onClick={props.onToggleIssues}
      >
        <FaMapPin aria-hidden="true" className="me-1" />
        <span className="viewer-tool-label">Show/Hide issues</span>
      </button>
      {props.onPlaceIssue && (
        <button
          type="button"
          className={toggleClass(props.placingIssue ?? false)}
          aria-pressed={props.placingIssue ?? false}
          title={props.placingIssue ? 'Stop placing an issue' : 'Click on the model to place a new issue'}
          aria-label="Place issue"
          disabled={disabled}
          onClick={props.onPlaceIssue}
        >
          <FaLocationDot aria-hidden="true" className="me-1" />
          <span className="viewer-tool-label">Place issue</span>
        </button>
      )}
      <ViewerPanelsMenu {...props} />
      {props.children}
    </div>
  );
}
