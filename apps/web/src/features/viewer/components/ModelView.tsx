import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { browser } from '../../../base/browser.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { isAppleTouchDevice } from '../device.ts';
import { useViewerExtensions } from '../extensions.tsx';
import { useAssetTooltip } from '../hooks/useAssetTooltip.ts';
import { useFullscreen } from '../hooks/useFullscreen.ts';
import { NO_VIEWABLES_TEXT, useModelLoad } from '../hooks/useModelLoad.ts';
import { nestedFragmentsQuery } from '../hooks/useModelFiles.ts';
import { useModelSelection } from '../hooks/useModelSelection.ts';
import {
  useAddToView,
  useModelSource,
  useOtherModelFileName,
  useOtherObjectTag,
  useViewHazards,
} from '../hooks/useFederation.ts';
import { useViewerTestHook } from '../hooks/useViewerTestHook.ts';
import { useSidePanel } from '../sidePanels.ts';
import { useModelObjects } from '../modelObjects.ts';
import { AssetTooltip } from './AssetTooltip.tsx';
import { NestedViewerPanel } from './NestedViewerPanel.tsx';
import { useModelPanels } from './useModelPanels.tsx';
import { ViewerSplit } from './ViewerSplit.tsx';
import { ViewerToolbar } from './ViewerToolbar.tsx';
import { ModelToolStrip } from '../toolkit/ModelToolStrip.tsx';
import { useToolkitPanels } from '../toolkit/useToolkitPanels.tsx';
import { useSavedViewRestore } from '../toolkit/useSavedViewRestore.tsx';
import { useCompareView } from '../toolkit/compare/useCompareView.ts';
import type { ModelComparePair } from '../toolkit/compare/compareApi.ts';

export { TOOLTIP_THROTTLE_MS } from '../hooks/useAssetTooltip.ts';
export { NO_VIEWABLES_TEXT } from '../hooks/useModelLoad.ts';

/**
 * The 3D view of a converted IFC model: toolbar, viewer, the selected object's panel, asset tooltip, pins,
 * markups and plan views. Each capability is a hook of its own (hooks/useModelLoad, useModelSelection,
 * useAssetTooltip, useViewerTestHook, useFullscreen); the panel, pins and markup tools are extensions
 * (extensions.tsx) that the composition root fills.
 */
export function ModelView({
  versionId,
  active,
  issuesHref,
  compare,
}: {
  versionId: string;
  /** a model compare tab (issue 34): the tab's model is the newer version, the older is shown beside it */
  compare?: ModelComparePair | undefined;
  /** the selected tab: only it owns the end-to-end test hook */
  active: boolean;
  issuesHref: string | null;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const { SelectionPanel, ModelPins, prefetchSelection, useCanPlacePins, useMarkupTools } =
    useViewerExtensions();
  // a compare tab opens on its Changes panel
  const side = useSidePanel(compare ? 'changes' : null);

  // the model: info, viewer, object index, property data (hooks/useModelLoad.ts)
  const model = useModelLoad(versionId, canvasRef);
  const { info, viewer, ready, index, objects, propertyValues } = model;

  // what is selected and its panel; a tag chosen on a P&ID; selectByTag (hooks/useModelSelection.ts)
  const selection = useModelSelection({
    versionId,
    viewer,
    ready,
    index,
    objects: objects.data,
    canvasRef,
    hostRef,
    prefetchSelection,
  });
  // federation: other models' .frag for stored views; the tag of a selected object of another model
  useModelSource(viewer);
  const otherTag = useOtherObjectTag(versionId, selection.selectedObject);
  // another model's object: its file name, for the object editor (which edits the tab's model only)
  const otherFileName = useOtherModelFileName(versionId, selection.selectedObject);
  const panelObject = selection.selectedObject;
  const panelTag = otherTag ?? selection.selectedTag ?? '';
  useViewerTestHook({
    active,
    ready,
    viewer,
    index,
    objects: objects.data,
    selectByTag: selection.selectByTag,
  });
  // objects of any model of the view by model version + GlobalId, for the pins
  const modelObjects = useModelObjects(useQueryClient());
  const tooltip = useAssetTooltip({ ready, viewer, index, hostRef, versionId, prefetchSelection });
  const { fullscreen, toggleFullscreen } = useFullscreen(hostRef);

  const [hazardsActive, setHazardsActive] = useState(false);
  // the isolation ends elsewhere too (Show all, undo, a stored view): the button follows
  useEffect(() => {
    if (!viewer) return;
    return viewer.appearance.onChange(() => {
      if (viewer.appearance.summary().isolated === null) setHazardsActive(false);
    });
  }, [viewer]);
  // the hazards of every shown model of the view (issue 33), the tab's own first
  const hazards = useViewHazards(viewer, versionId, index);
  const toggleHazards = () => {
    if (!viewer || !index) return;
    const next = !hazardsActive;
    setHazardsActive(next);
    void viewer.appearance.isolate(next ? hazards.refs() : null);
  };

  const openIssues = () => {
    if (!issuesHref) return;
    if (isAppleTouchDevice()) browser.setHref(issuesHref);
    else window.open(issuesHref, '_blank', 'noopener,noreferrer');
  };

  // issue pins (hidden at first) and placing a new issue, kept per tab; viewers see the pins but do not
  // place issues
  const [issuesVisible, setIssuesVisible] = useState(false);
  const [placingIssue, setPlacingIssue] = useState(false);
  const canPlaceIssues = useCanPlacePins(info.data?.projectId);

  // plan views of the storeys, in a floating panel
  const [viewsOpen, setViewsOpen] = useState(false);
  // the views panel's viewer loads its own copy of the .frag (the tab's went to its viewer's worker)
  const nestedFragments = useQuery({ ...nestedFragmentsQuery(versionId), enabled: viewsOpen });

  // markups: overlay, markup toolbar and the Markup Panel in the side pane
  const [markupActive, setMarkupActive] = useState(false);
  const markups = useMarkupTools({
    active: markupActive,
    source: { kind: '3d', viewer, ready },
    hostRef: canvasRef,
    versionId,
    panel: {
      open: side.panel === 'markup',
      setOpen: (open) => (open ? side.open('markup') : side.close('markup')),
    },
  });

  const panels = useModelPanels({
    side,
    versionId,
    info: info.data,
    viewer,
    selectedObject: selection.selectedObject,
    selectedTag: selection.selectedTag,
    selectedInModel: otherFileName,
    onSelect: selection.showSelected,
    values: propertyValues.values,
    markupsPane: markups.pane,
  });

  // the 3D tools (models, sections, measurement, visibility, saved views): a strip and their side panels
  const { open: openSide } = side;
  const federationStatus = useAddToView({
    active,
    ready,
    viewer,
    versionId,
    openModels: useCallback(() => openSide('models'), [openSide]),
  });
  const compareView = useCompareView({ pair: compare ?? null, viewer, ready });
  const toolkit = useToolkitPanels({
    federationStatus,
    compare: compare ? compareView : undefined,
    side,
    viewer: ready ? viewer : null,
    versionId,
    projectId: info.data?.projectId,
    selected: selection.selected,
    onSelect: selection.showSelected,
  });

  // a saved view opened from its link (/main?view=<id>): restored once this tab's model is drawn, the same
  // way as the tool panels' restoreView (the viewer's restoreViewerState loads the view's other models)
  const savedViewNotice = useSavedViewRestore({
    versionId,
    active,
    restoreView: ready && viewer ? (state) => viewer.restoreViewerState(state) : null,
  });

  return (
    <ViewerSplit pane={toolkit.pane ?? panels.pane}>
      <div className="model-view" ref={hostRef}>
        <ViewerToolbar
          fullscreen={fullscreen}
          onFullscreen={toggleFullscreen}
          onFit={() => void viewer?.fit()}
          hazardsActive={hazardsActive}
          hazardCount={hazards.count}
          onHazards={toggleHazards}
          issuesHref={issuesHref}
          onIssues={openIssues}
          tooltipActive={tooltip.tooltipActive}
          onTooltip={tooltip.toggleTooltip}
          markupActive={markupActive}
          onMarkup={() => setMarkupActive(!markupActive)}
          viewsOpen={viewsOpen}
          onViews={() => {
            selection.measureArea();
            setViewsOpen(!viewsOpen);
          }}
          issuesVisible={issuesVisible}
          onToggleIssues={() => setIssuesVisible(!issuesVisible)}
          placingIssue={placingIssue}
          onPlaceIssue={canPlaceIssues ? () => setPlacingIssue(!placingIssue) : undefined}
          {...panels.toolbar}
          disabled={!ready}
        />
        {markups.toolbar}
        <div
          className="model-canvas"
          ref={canvasRef}
          data-testid="model-canvas"
          onPointerMove={tooltip.onPointerMove}
          onPointerLeave={tooltip.onPointerLeave}
        />
        {toolkit.strip.desktop && (
          <ModelToolStrip
            open={toolkit.strip.open}
            onChoose={toolkit.strip.onChoose}
            disabled={!ready}
            compare={toolkit.strip.compare}
          />
        )}
        {tooltip.tip && <AssetTooltip tip={tooltip.tip} />}
        {savedViewNotice}
        {model.loading && (
          <div className="viewer-overlay">
            <Loading label="Loading the model..." />
            <span>Loading the model…</span>
          </div>
        )}
        {model.noViewables && (
          <div className="viewer-overlay">
            <div role="alert" className="alert alert-warning mb-0">
              {NO_VIEWABLES_TEXT} There is no 3D view of this model to show.
            </div>
          </div>
        )}
        {viewsOpen && (
          <NestedViewerPanel
            viewables={info.data?.viewables ?? []}
            fragments={nestedFragments.data}
            modelId={`urn:${versionId}`}
            selected={selection.selected}
            areaWidth={selection.areaWidth}
            onClose={() => setViewsOpen(false)}
          />
        )}
        {(model.viewerError || model.loadError) && (
          <div className="viewer-overlay">
            <ErrorAlert
              title="The model cannot be shown."
              error={model.viewerError ? new Error(model.viewerError) : model.loadError}
              className="mb-0"
            />
          </div>
        )}
        <ModelPins
          viewer={viewer}
          objects={modelObjects}
          ready={ready}
          projectId={info.data?.projectId ?? null}
          versionId={versionId}
          itemId={info.data?.itemId}
          viewableGuid={info.data?.viewables.find((v) => v.role === '3d')?.guid ?? ''}
          hostRef={hostRef}
          areaRef={canvasRef}
          visible={issuesVisible}
          placing={placingIssue && canPlaceIssues}
          onPlacingDone={() => setPlacingIssue(false)}
          onCreated={() => setIssuesVisible(true)}
          onPinSelected={selection.closePanel}
        />
        {selection.panelOpen && panelObject !== null && (
          <SelectionPanel
            versionId={panelObject.versionId}
            localId={panelObject.localId}
            tag={panelTag}
            areaWidth={selection.areaWidth}
            // dynamic values are kept per model (project, file, tag): the tab model's from its tab data;
            // the panel asks for another model's with that model's project and file
            dynamic={panelObject.versionId === versionId ? propertyValues.dynamicOf(panelTag) : undefined}
            otherModel={panelObject.versionId !== versionId}
            onClose={selection.closePanel}
          />
        )}
      </div>
    </ViewerSplit>
  );
}
