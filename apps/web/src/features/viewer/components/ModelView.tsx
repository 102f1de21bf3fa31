import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { browser } from '../../../app/browser.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { isAppleTouchDevice } from '../device.ts';
import { useModelInfo } from '../../models/hooks/useModelInfo.ts';
import { logLoadError, useModelViewer } from '../hooks/useModelViewer.ts';
import { usePropertyValues } from '../hooks/usePropertyValues.ts';
import { indexObjects, spreadSample } from '../objectIndex.ts';
import { setViewerHook } from '../testHook.ts';
import { useAppStore } from '../../../app/store.tsx';
import { AssetTooltip, type AssetTip } from './AssetTooltip.tsx';
import { NestedViewerPanel } from './NestedViewerPanel.tsx';
import { ViewerSplit } from './ViewerSplit.tsx';
import { ViewerToolbar } from './ViewerToolbar.tsx';
import { useSidePanel } from '../sidePanels.ts';
import { useModelPanels } from './useModelPanels.tsx';
import { useViewerExtensions } from '../extensions.tsx';

export const TOOLTIP_THROTTLE_MS = 120;
const PIXEL_AND_NEIGHBOURS = [
  [0, 0],
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;
export const NO_VIEWABLES_TEXT = 'Document contains no viewables.';

/** The 3D view of a converted IFC model: toolbar, viewer, properties panel, asset tooltip. */
export function ModelView({
  versionId,
  active,
  issuesHref,
}: {
  versionId: string;
  /** the selected tab: only it owns the end-to-end test hook */
  active: boolean;
  issuesHref: string | null;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [areaWidth, setAreaWidth] = useState(0);
  // floating panels start 400 px from the right edge of the model view itself, not of a side pane beside it
  const viewerAreaWidth = () =>
    canvasRef.current?.clientWidth || hostRef.current?.clientWidth || window.innerWidth;
  const [hazardsActive, setHazardsActive] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [tooltipActive, setTooltipActive] = useState(true);
  const [tip, setTip] = useState<AssetTip | null>(null);
  const [markupActive, setMarkupActive] = useState(false);
  const [viewsOpen, setViewsOpen] = useState(false);
  const side = useSidePanel();
  // issue pins (hidden at first) and placing a new issue, kept per tab
  const [issuesVisible, setIssuesVisible] = useState(false);
  const [placingIssue, setPlacingIssue] = useState(false);
  // the viewables (already fetched by the tab): without a 3D one there is nothing to draw
  const info = useModelInfo(versionId);
  // viewers see the pins but do not place issues
  const { SelectionPanel, ModelPins, prefetchSelection, useCanPlacePins, useMarkupTools } =
    useViewerExtensions();
  const canPlaceIssues = useCanPlacePins(info.data?.projectId);
  const noViewables = info.data !== undefined && !info.data.viewables.some((v) => v.role === '3d');
  useEffect(() => {
    if (noViewables) console.error(NO_VIEWABLES_TEXT);
  }, [noViewables]);

  // the viewer of this tab, the model drawn into it, the object index (hooks/useModelViewer.ts)
  const { viewer, ready, viewerError, loadError, fragments, objects } = useModelViewer(
    versionId,
    canvasRef,
    noViewables,
  );
  const index = useMemo(() => (objects.data ? indexObjects(objects.data) : null), [objects.data]);

  // the tab's property data (records merged with the server's dynamic values), once the model is drawn
  const propertyValues = usePropertyValues(
    versionId,
    info.data && {
      projectName: info.data.projectName,
      fileName: info.data.fileName,
      drawn: ready,
      objects: objects.data,
    },
  );

  // A model whose property data is too large for the session copy is a large model: like the earlier
  // product, no further tabs may be opened beside it (the tab-limit alert says so) until all are closed.
  const { state: appState, dispatch } = useAppStore();
  useEffect(() => {
    if (propertyValues.sessionCopyStored === false)
      dispatch({ type: 'setAllowAdditionalTabs', allow: false });
  }, [propertyValues.sessionCopyStored, dispatch]);

  // what a click in the model (or the model tree) selected: its properties open
  const showSelected = useCallback((localId: number | null) => {
    setSelected(localId);
    setPanelOpen(localId !== null);
    setAreaWidth(viewerAreaWidth());
  }, []);
  // a click in the model: the object's values are fetched (or taken from the cache) and the panel opens
  // with them at once; the viewer draws the highlight after that
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!viewer) return;
    return viewer.onSelect(async (localId) => {
      if (localId !== null) await prefetchSelection(queryClient, versionId, localId).catch(() => undefined);
      showSelected(localId);
    });
  }, [viewer, showSelected, queryClient, versionId, prefetchSelection]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === hostRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const selectByTag = useCallback(
    async (tag: string) => {
      if (!viewer || !index) return 0;
      const ids = index.byTag(tag);
      await viewer.select(ids);
      if (ids.length) {
        await viewer.fit(ids);
        // the object carrying the tag itself: the first whose parent has another tag
        const own = ids.find((id) => {
          const row = index.rowOf(id);
          const parent = row === undefined ? -1 : (objects.data?.parents[row] ?? -1);
          return parent < 0 || index.tagOf(parent) !== tag;
        });
        setSelected(own ?? ids[0] ?? null);
        setPanelOpen(true);
        setAreaWidth(viewerAreaWidth());
      }
      return ids.length;
    },
    [viewer, index, objects.data],
  );

  // a tag chosen on a P&ID: select it here when this model has it, and say so
  const tagSelection = appState.tagSelection;
  const handledSeq = useRef(0);
  useEffect(() => {
    if (!tagSelection || !ready || !index || handledSeq.current === tagSelection.seq) return;
    handledSeq.current = tagSelection.seq;
    if (index.byTag(tagSelection.tag).length === 0) return;
    // selecting is asynchronous work of the viewer, answered after this render
    void Promise.resolve(tagSelection)
      .then(async ({ tag, seq }) => {
        dispatch({ type: 'tagFound', seq, versionId });
        await selectByTag(tag);
      })
      .catch(logLoadError);
  }, [tagSelection, ready, index, selectByTag, dispatch, versionId]);

  // published as the state is committed, not after the next paint: what tests and benches read is then
  // the viewer's state, not the page's paint schedule
  useLayoutEffect(() => {
    if (!active || !viewer || !index) return;
    return setViewerHook({
      ready,
      selectByTag,
      visibleCount: () => viewer.visibleCount(),
      objectCount: index.count,
      tags: () => index.tags(),
      viewerState: () => viewer.viewerState(),
      pickReady: () => viewer.pickReady(),
      settled: () => viewer.settled(),
      pick: (clientX, clientY) => viewer.pick(clientX, clientY),
      clickTargets: async (count) => {
        const ids = spreadSample(objects.data?.localIds ?? [], count * 4);
        const points = await viewer.screenPoints(ids);
        const targets = [];
        for (const [i, localId] of ids.entries()) {
          const centre = points[i];
          if (!centre || targets.length === count) continue;
          // a click lands on a pixel, and what is drawn there is what the pixel's centre shows: the
          // object's centre is tried as the centre of its pixel and of the four pixels beside it
          for (const [dx, dy] of PIXEL_AND_NEIGHBOURS) {
            const at = {
              clientX: Math.floor(centre.clientX) + dx + 0.5,
              clientY: Math.floor(centre.clientY) + dy + 0.5,
            };
            const hit = await viewer.pickPoint(at.clientX, at.clientY);
            if (hit?.localId !== localId) continue;
            targets.push({ localId, tag: index.tagOf(localId), ...at });
            break;
          }
        }
        return targets;
      },
    });
  }, [active, ready, viewer, index, selectByTag, objects.data]);

  // asset-data tooltip: what is under the pointer, at most every TOOLTIP_THROTTLE_MS
  const lastPick = useRef(0);
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!tooltipActive || !ready || !viewer || !index || event.buttons !== 0) return;
    const now = performance.now();
    if (now - lastPick.current < TOOLTIP_THROTTLE_MS) return;
    lastPick.current = now;
    const bounds = (hostRef.current ?? event.currentTarget).getBoundingClientRect();
    const { clientX, clientY } = event;
    void viewer.pick(clientX, clientY).then((localId) => {
      if (localId === null) setTip(null);
      else {
        // the pointer rests on an object before it is clicked: its values are fetched now, so the click
        // finds them in the cache and the panel opens with no round trip to the server
        void prefetchSelection(queryClient, versionId, localId).catch(() => undefined);
        setTip({
          x: clientX - bounds.left,
          y: clientY - bounds.top,
          tag: index.tagOf(localId),
          category: index.categoryOf(localId),
        });
      }
    });
  };

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void hostRef.current?.requestFullscreen?.();
  };

  const toggleHazards = () => {
    if (!viewer || !index) return;
    const next = !hazardsActive;
    setHazardsActive(next);
    void viewer.isolate(next ? index.hazards() : null);
  };

  const openIssues = () => {
    if (!issuesHref) return;
    if (isAppleTouchDevice()) browser.setHref(issuesHref);
    else window.open(issuesHref, '_blank', 'noopener,noreferrer');
  };

  // markups: overlay, markup toolbar and the Markup Panel in the side pane
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
    selected,
    selectedTag: selected === null ? null : (index?.tagOf(selected) ?? ''),
    onSelect: showSelected,
    values: propertyValues.values,
    markupsPane: markups.pane,
  });

  const loading = !viewerError && !loadError && !ready && !noViewables;

  return (
    <ViewerSplit pane={panels.pane}>
      <div className="model-view" ref={hostRef}>
        <ViewerToolbar
          fullscreen={fullscreen}
          onFullscreen={toggleFullscreen}
          onFit={() => void viewer?.fit()}
          hazardsActive={hazardsActive}
          hazardCount={index?.hazards().length ?? 0}
          onHazards={toggleHazards}
          issuesHref={issuesHref}
          onIssues={openIssues}
          tooltipActive={tooltipActive}
          onTooltip={() => {
            setTooltipActive(!tooltipActive);
            setTip(null);
          }}
          markupActive={markupActive}
          onMarkup={() => setMarkupActive(!markupActive)}
          viewsOpen={viewsOpen}
          onViews={() => {
            setAreaWidth(viewerAreaWidth());
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
          onPointerMove={onPointerMove}
          onPointerLeave={() => setTip(null)}
        />
        {tip && tooltipActive && <AssetTooltip tip={tip} />}
        {loading && (
          <div className="viewer-overlay">
            <Loading label="Loading the model..." />
            <span>Loading the model…</span>
          </div>
        )}
        {noViewables && (
          <div className="viewer-overlay">
            <div role="alert" className="alert alert-warning mb-0">
              {NO_VIEWABLES_TEXT} There is no 3D view of this model to show.
            </div>
          </div>
        )}
        {viewsOpen && (
          <NestedViewerPanel
            viewables={info.data?.viewables ?? []}
            fragments={fragments.data}
            modelId={`urn:${versionId}`}
            selected={selected}
            areaWidth={areaWidth || window.innerWidth}
            onClose={() => setViewsOpen(false)}
          />
        )}
        {(viewerError || loadError) && (
          <div className="viewer-overlay">
            <ErrorAlert
              title="The model cannot be shown."
              error={viewerError ? new Error(viewerError) : loadError}
              className="mb-0"
            />
          </div>
        )}
        <ModelPins
          viewer={viewer}
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
          onPinSelected={() => setPanelOpen(false)}
        />
        {panelOpen && selected !== null && (
          <SelectionPanel
            versionId={versionId}
            localId={selected}
            tag={index?.tagOf(selected) ?? ''}
            areaWidth={areaWidth || window.innerWidth}
            dynamic={propertyValues.dynamicOf(index?.tagOf(selected) ?? '')}
            onClose={() => setPanelOpen(false)}
          />
        )}
      </div>
    </ViewerSplit>
  );
}
