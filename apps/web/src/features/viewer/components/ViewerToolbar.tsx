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
  /** further tools at the end (the Workflow, Review and Approve buttons) */
  children?: ReactNode;
}

const toggleClass = (active: boolean) => `btn btn-sm ${active ? 'btn-primary' : 'btn-light'} viewer-tool`;

/** The viewer toolbar (spec §2 'Viewer toolbar'). */
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
        disabled={disabled || (props.hazardCount === 0 && !props.hazardsActive)}
        onClick={props.onHazards}
      >
        <FaTriangleExclamation aria-hidden="true" className="me-1" />
        Isolate Hazards
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
      {props.onViews && (
        <button
          type="button"
          className={toggleClass(props.viewsOpen ?? false)}
          aria-pressed={props.viewsOpen ?? false}
          title="Open a second viewer with the model's 3D view and storey plans"
          disabled={disabled}
          onClick={props.onViews}
        >
          <FaLayerGroup aria-hidden="true" className="me-1" />
          Views
        </button>
      )}
      <button
        type="button"
        className={toggleClass(false)}
        title={props.issuesHref ? "Open the project's issues" : 'This project has no issues page'}
        disabled={!props.issuesHref}
        onClick={props.onIssues}
      >
        <FaListCheck aria-hidden="true" className="me-1" />
        Issues
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
        disabled={!props.onToggleIssues || disabled}
        onClick={props.onToggleIssues}
      >
        <FaMapPin aria-hidden="true" className="me-1" />
        Show/Hide issues
      </button>
      {props.onUpload && (
        <button
          type="button"
          className={toggleClass(props.uploadOpen ?? false)}
          aria-pressed={props.uploadOpen ?? false}
          title="Upload files to a folder of this project"
          onClick={props.onUpload}
        >
          <FaUpload aria-hidden="true" className="me-1" />
          Upload
        </button>
      )}
      {props.onAutomaticDocumentation && (
        <button
          type="button"
          className={toggleClass(props.automaticDocumentationOpen ?? false)}
          aria-pressed={props.automaticDocumentationOpen ?? false}
          title="Schedules, data sheets and the data of the model's objects"
          disabled={disabled}
          onClick={props.onAutomaticDocumentation}
        >
          <FaPenToSquare aria-hidden="true" className="me-1" />
          Automatic Documentation
        </button>
      )}
      {props.onModelTree && (
        <button
          type="button"
          className={toggleClass(props.modelTreeOpen ?? false)}
          aria-pressed={props.modelTreeOpen ?? false}
          title="The model's spatial structure and categories: find, select, hide and show objects"
          disabled={disabled}
          onClick={props.onModelTree}
        >
          <FaSitemap aria-hidden="true" className="me-1" />
          Model tree
        </button>
      )}
      {props.onPlaceIssue && (
        <button
          type="button"
          className={toggleClass(props.placingIssue ?? false)}
          aria-pressed={props.placingIssue ?? false}
          title={props.placingIssue ? 'Stop placing an issue' : 'Click on the model to place a new issue'}
          disabled={disabled}
          onClick={props.onPlaceIssue}
        >
          <FaLocationDot aria-hidden="true" className="me-1" />
          Place issue
        </button>
      )}
      {props.children}
    </div>
  );
}
