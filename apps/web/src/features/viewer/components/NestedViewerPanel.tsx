import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { ModelViewer } from '@penstock/viewer';
import { errorMessage } from '../../../base/api.ts';
import { Loading } from '../../../components/Loading.tsx';
import { PANEL_MIN_HEIGHT, PANEL_MIN_WIDTH, useFloatingPanel } from '../../../components/useFloatingPanel.ts';
import type { Viewable } from '../api.ts';
import { useViewerEngine } from '../engine.tsx';

export const NO_VIEWABLES_TEXT = 'No viewables found';
export const LOAD_FAILED_TEXT = 'Could not load document.';

/** Spec §9: 500 by 400 px, 5em from the top and right of the viewer. */
export const NESTED_PANEL_WIDTH = 500;
export const NESTED_PANEL_HEIGHT = 400;
export const NESTED_PANEL_OFFSET_EM = 5;
/** Spec §9: the nested viewer sits 50 px below the panel's top (header) and 20 px above its bottom (footer). */
export const NESTED_HEADER_PX = 50;
export const NESTED_FOOTER_PX = 20;

/** The start box: 5em from the top and right edges of an area `areaWidth` wide. */
export function initialNestedBox(areaWidth: number, emPx: number) {
  const offset = NESTED_PANEL_OFFSET_EM * emPx;
  return {
    x: Math.max(0, areaWidth - NESTED_PANEL_WIDTH - offset),
    y: offset,
    width: NESTED_PANEL_WIDTH,
    height: NESTED_PANEL_HEIGHT,
  };
}

/** The views the panel can show: the 3D view, then the storey plans (PDF pages are not model views). */
export const nestedViewables = (viewables: readonly Viewable[]): Viewable[] => [
  ...viewables.filter((viewable) => viewable.role === '3d'),
  ...viewables.filter((viewable) => viewable.role === '2d' && viewable.page === undefined),
];

const rootEm = () =>
  (typeof window === 'undefined' ? 16 : parseFloat(getComputedStyle(document.documentElement).fontSize)) ||
  16;

/**
 * The nested viewer (spec §2): a floating, draggable and resizable panel with its own model viewer on the
 * same .frag bytes, showing the 3D view or a storey plan chosen in its drop-down. With 'Sync selection'
 * the main viewer's selection is highlighted here too.
 */
export function NestedViewerPanel({
  viewables,
  fragments,
  modelId,
  selected,
  areaWidth,
  onClose,
}: {
  viewables: readonly Viewable[];
  /** the model's .frag bytes (copied before loading; the caller's stay intact) */
  fragments: ArrayBuffer | undefined;
  modelId: string;
  /** the main viewer's selected object */
  selected: number | null;
  /** width of the area the panel floats in */
  areaWidth: number;
  onClose: () => void;
}) {
  const engine = useViewerEngine();
  const views = nestedViewables(viewables);
  const { box, handlers } = useFloatingPanel(() => initialNestedBox(areaWidth, rootEm()));
  const canvasRef = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<ModelViewer | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string>(views[0]?.guid ?? '');
  const [sync, setSync] = useState(false);
  const hasViews = views.length > 0;

  useEffect(() => {
    const container = canvasRef.current;
    if (!container || !hasViews || !fragments) return;
    let cancelled = false;
    let created: ModelViewer | null = null;
    const fail = (failure: unknown) => {
      if (cancelled) return;
      console.error(LOAD_FAILED_TEXT, failure);
      setError(errorMessage(failure));
    };
    engine
      .createModelViewer(container)
      .then(async (instance) => {
        if (cancelled) return instance.dispose();
        created = instance;
        setViewer(instance);
        // the bytes may be handed over to the worker: load a copy
        await instance.load(fragments.slice(0), `${modelId}#nested`);
        if (!cancelled) setReady(true);
      })
      .catch(fail);
    return () => {
      cancelled = true;
      created?.dispose();
      setViewer(null);
      setReady(false);
    };
  }, [engine, fragments, modelId, hasViews]);

  const view = views.find((candidate) => candidate.guid === chosen) ?? views[0];
  useEffect(() => {
    if (!viewer || !ready || !view) return;
    const plan = view.role === '3d' ? null : (view.storey ?? view.name);
    viewer.showPlan(plan).catch((failure: unknown) => {
      console.error(LOAD_FAILED_TEXT, failure);
      setError(errorMessage(failure));
    });
  }, [viewer, ready, view]);

  useEffect(() => {
    if (!viewer || !ready || !sync) return;
    void viewer.select(selected === null ? [] : [selected]);
  }, [viewer, ready, sync, selected]);

  const toggleSync = (next: boolean) => {
    setSync(next);
    // leaving sync clears the mirrored highlight
    if (!next && viewer && ready) void viewer.select([]);
  };

  // the drop-down and checkbox must not start a drag of the panel
  const stop = (event: ReactPointerEvent) => event.stopPropagation();

  return (
    <div
      className="props-panel shadow nested-viewer-panel"
      role="dialog"
      aria-labelledby="nested-panel-title"
      style={{
        left: box.x,
        top: box.y,
        width: box.width,
        height: box.height,
        minWidth: PANEL_MIN_WIDTH,
        minHeight: PANEL_MIN_HEIGHT,
        zIndex: 11,
      }}
    >
      <div
        className="props-panel-header gap-2"
        style={{ height: NESTED_HEADER_PX, flex: '0 0 auto' }}
        {...handlers('move')}
      >
        <h2 id="nested-panel-title" className="h6 mb-0 text-nowrap">
          Views
        </h2>
        <select
          className="form-select form-select-sm"
          aria-label="Viewable"
          style={{ maxWidth: '18rem' }}
          value={hasViews ? (view?.guid ?? '') : ''}
          disabled={!hasViews}
          onPointerDown={stop}
          onChange={(event) => setChosen(event.target.value)}
        >
          {hasViews ? (
            views.map((candidate) => (
              <option key={candidate.guid} value={candidate.guid}>
                {candidate.role === '3d' ? `${candidate.name} (3D)` : `${candidate.name} (2D plan)`}
              </option>
            ))
          ) : (
            <option value="">{NO_VIEWABLES_TEXT}</option>
          )}
        </select>
        <button type="button" className="btn-close" aria-label="Close views" onClick={onClose} />
      </div>
      <div
        className="nested-viewer-canvas"
        ref={canvasRef}
        data-testid="nested-canvas"
        style={{
          position: 'absolute',
          top: NESTED_HEADER_PX,
          bottom: NESTED_FOOTER_PX,
          left: 0,
          right: 0,
          overflow: 'hidden',
        }}
      />
      {(error || (hasViews && !ready) || !hasViews) && (
        <div
          className="d-flex align-items-center justify-content-center gap-2 p-3 text-center"
          style={{ position: 'absolute', top: NESTED_HEADER_PX, bottom: NESTED_FOOTER_PX, left: 0, right: 0 }}
        >
          {error ? (
            <div role="alert" className="text-danger small">
              <strong>{LOAD_FAILED_TEXT}</strong>
              <div>{error}</div>
            </div>
          ) : !hasViews ? (
            <span className="text-secondary small">This model has no views to show.</span>
          ) : (
            <Loading label="Loading the view..." />
          )}
        </div>
      )}
      <div
        className="d-flex align-items-center px-2 small"
        style={{
          position: 'absolute',
          left: 0,
          right: 16,
          bottom: 0,
          height: NESTED_FOOTER_PX,
          lineHeight: `${NESTED_FOOTER_PX}px`,
        }}
      >
        <label className="d-inline-flex align-items-center gap-1 mb-0" onPointerDown={stop}>
          <input
            type="checkbox"
            checked={sync}
            disabled={!ready}
            onChange={(event) => toggleSync(event.target.checked)}
          />
          Sync selection
        </label>
      </div>
      <div className="props-panel-resize" aria-hidden="true" {...handlers('resize')} />
    </div>
  );
}
