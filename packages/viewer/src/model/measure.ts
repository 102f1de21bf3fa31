import type { FragmentsModel } from '@thatopen/fragments';
import type { ViewerContext } from './context.ts';
import { angleAt, distance, faceRegion, perpendicular, type Snap } from './measureMath.ts';
import { projectCoordinates, readModelFacts, segmentRuns, type ModelFacts } from './measureGeometry.ts';
import { createMeasureOverlay, type MeasureOverlay, type OverlayItem } from './measureOverlay.ts';
import {
  coordinateParts,
  defaultDecimals,
  distanceParts,
  formatAngle,
  formatLength,
  MAX_DECIMALS,
  measurementLabel,
  METRES,
  nextName,
  siteParts,
  toSite,
  type DisplaySettings,
  type ProjectLengthUnit,
} from './measureUnits.ts';
import { createSnapper, latestOnly } from './snapping.ts';
import type { MeasurementKind, MeasurementState, ObjectRef, Vec3 } from './state.ts';

/** The modes that measure by clicking (a run is measured from the selection at once). */
export type MeasureMode = Exclude<MeasurementKind, 'run'>;

/** What the measurement under way needs next, for the panel. */
export interface MeasureStatus {
  mode: MeasureMode | null;
  /** points picked so far of the measurement under way */
  picked: number;
  /** what to click next (or what went wrong with the last click) */
  hint: string;
}

/** Measurements with snapping: distance, perpendicular distance, angle, area, run length, point. */
export interface MeasureTool {
  /** the measurements of the view (stored with views and issue viewpoints) */
  list(): MeasurementState[];
  /** show these measurements (replacing the current ones) */
  restore(measurements: readonly MeasurementState[] | null | undefined): void;
  onChange(callback: () => void): () => void;
  /** start measuring in a mode (the canvas' clicks then measure and leave the selection alone); null stops */
  setMode(mode: MeasureMode | null): void;
  status(): MeasureStatus;
  /** forget the points of the measurement under way (Esc); with none under way, stop measuring */
  cancel(): void;
  /**
   * The snap under a canvas point (client coordinates), as a pointer move finds it (benchmarks and tests):
   * at once from what the page has (see Snapper.at); with `complete`, as a click finds it (waits for the
   * object's geometry or the worker).
   */
  snapAt(clientX: number, clientY: number, options?: { complete?: boolean }): Promise<Snap | null>;
  /** pick at a canvas point as a click does; answers the measurement when this click completed one */
  pickAt(clientX: number, clientY: number): Promise<MeasurementState | null>;
  /** the length of a run of pipe segments: each object's length along its main axis, summed */
  measureRun(objects: readonly ObjectRef[]): Promise<MeasurementState | null>;
  rename(id: string, name: string): void;
  remove(id: string): void;
  clear(): void;
  /** the tab's model's length unit and how values are shown */
  units(): { project: ProjectLengthUnit; display: DisplaySettings };
  setDisplay(display: Partial<DisplaySettings>): void;
  /** a measurement's value and details (dx/dy/dz; a point's model and site coordinates) as shown */
  describe(measurement: MeasurementState): { value: string; details: string[] };
  dispose(): void;
}

const NEEDED: Record<MeasureMode, number> = { distance: 2, perpendicular: 2, angle: 3, area: 1, point: 1 };
const HINTS: Record<MeasureMode, string[]> = {
  distance: ['Click the first point.', 'Click the second point.'],
  perpendicular: ['Click a face.', 'Click a second face or a point.'],
  angle: ['Click the first point.', 'Click the corner.', 'Click the last point.'],
  area: ['Click a face.'],
  point: ['Click a point.'],
};

/** What the tool draws with (a test gives its own: the unit tests run without a DOM). */
export interface MeasureOptions {
  overlay?: (canvas: HTMLCanvasElement, camera: ViewerContext['camera']) => MeasureOverlay;
}

export function createMeasure(context: ViewerContext, options: MeasureOptions = {}): MeasureTool {
  let current: MeasurementState[] = [];
  let mode: MeasureMode | null = null;
  let picked: Snap[] = [];
  let problem: string | null = null;
  let hover: Snap | null = null;
  let busy = false;
  let display: DisplaySettings | null = null;
  const listeners = new Set<() => void>();
  const facts = new Map<string, ModelFacts>();
  const reading = new Set<string>();
  const overlay = (options.overlay ?? createMeasureOverlay)(context.canvas, context.camera);
  const snapper = createSnapper(context);
  // Esc anywhere on the page cancels (the canvas rarely has the keyboard focus)
  const keys: EventTarget = context.canvas.ownerDocument ?? context.canvas;

  const changed = () => {
    draw();
    for (const listener of [...listeners]) listener();
  };
  const primary = (): FragmentsModel | null => context.models()[0] ?? null;
  /** a model's facts when read; starts reading them otherwise (the tool tells its listeners when they arrive) */
  const factsOf = (model: FragmentsModel | null): ModelFacts | null => {
    if (!model) return null;
    const known = facts.get(model.modelId);
    if (known || reading.has(model.modelId)) return known ?? null;
    reading.add(model.modelId);
    void readModelFacts(model)
      .then((read) => {
        facts.set(model.modelId, read);
        if (!context.disposed()) changed();
      })
      .finally(() => reading.delete(model.modelId));
    return null;
  };
  const factsFor = async (model: FragmentsModel) => facts.get(model.modelId) ?? readModelFacts(model);
  const shown = (): DisplaySettings => {
    if (display) return display;
    const unit = factsOf(primary())?.unit.display ?? 'm';
    return { unit, decimals: defaultDecimals(unit) };
  };

  const preview = (): OverlayItem | null => {
    if (!mode || !picked.length) return null;
    const points = [...picked.map((s) => s.point), ...(hover && mode !== 'area' ? [hover.point] : [])];
    const kind = mode === 'point' || points.length < 2 ? 'point' : mode;
    let label = '';
    if (kind === 'distance' && points.length === 2)
      label = formatLength(distance(points[0]!, points[1]!), shown());
    if (kind === 'perpendicular' && hover && picked[0]?.surface) {
      const { distance: d, foot } = perpendicular(
        picked[0].surface.point,
        picked[0].surface.normal,
        hover.point,
      );
      return {
        id: 'preview',
        kind,
        points: [foot, hover.point],
        label: `⊥ ${formatLength(d, shown())}`,
        preview: true,
      };
    }
    if (kind === 'angle' && points.length === 3)
      label = formatAngle(angleAt(points[0]!, points[1]!, points[2]!), shown());
    return { id: 'preview', kind, points, label, preview: true };
  };
  const draw = () => {
    const items: OverlayItem[] = current.map((m) => ({
      id: m.id,
      kind: m.kind,
      points: m.points,
      label: m.kind === 'point' ? api.describe(m).value : measurementLabel(m, shown()),
      title: m.name,
    }));
    const under = preview();
    if (under) items.push(under);
    overlay.show(
      items,
      mode && hover
        ? {
            kind: mode === 'area' ? 'face' : hover.kind,
            point: hover.point,
            ...(hover.edge ? { edge: hover.edge } : {}),
          }
        : null,
    );
  };
  const add = (kind: MeasurementKind, points: Vec3[], value: number, model: string): MeasurementState => {
    const made: MeasurementState = {
      id: globalThis.crypto?.randomUUID?.() ?? `m-${Date.now().toString(36)}-${current.length}`,
      name: nextName(kind, current),
      kind,
      points,
      value,
      model,
    };
    current = [...current, made];
    picked = [];
    return made;
  };

  /** Take a snap as the next point of the measurement under way; the measurement when it completes one. */
  const accept = async (snap: Snap | null): Promise<MeasurementState | null> => {
    if (!mode) return null;
    if (!snap) {
      problem = 'Nothing there to measure: click on the model.';
      return null;
    }
    const needsFace = mode === 'area' || (mode === 'perpendicular' && picked.length === 0);
    if (needsFace && !snap.surface) {
      problem = 'That is not on a face: click a face.';
      return null;
    }
    problem = null;
    picked = [...picked, snap];
    if (picked.length < NEEDED[mode]) return null;
    const [a, b, c] = picked;
    switch (mode) {
      case 'distance':
        return add('distance', [a!.point, b!.point], distance(a!.point, b!.point), a!.model);
      case 'angle':
        return add('angle', [a!.point, b!.point, c!.point], angleAt(a!.point, b!.point, c!.point), b!.model);
      case 'perpendicular': {
        const face = a!.surface!;
        const { distance: d, foot } = perpendicular(face.point, face.normal, b!.point);
        return add('perpendicular', [foot, b!.point], d, face.model);
      }
      case 'point': {
        const model = context.model(a!.model);
        const z = model ? projectCoordinates(model, await factsFor(model), a!.point).z : a!.point.y;
        return add('point', [a!.point], z, a!.model);
      }
      case 'area': {
        const face = a!.surface!;
        const model = context.model(face.model);
        // every coplanar triangle of the object connected to the one clicked
        const triangles = model ? await snapper.triangles(model, face.localId).catch(() => []) : [];
        const region = triangles.length ? faceRegion(triangles, face.point) : null;
        if (!region) {
          picked = [];
          problem = 'The face could not be read: click another face.';
          return null;
        }
        return add('area', region.outline, region.area, face.model);
      }
    }
  };

  const pickAt = async (clientX: number, clientY: number) => {
    if (!mode || busy) return null;
    busy = true;
    try {
      return await accept(await snapper.at(clientX, clientY, { complete: true }));
    } finally {
      busy = false;
      hover = null;
      changed();
    }
  };

  // the pointer: one snap query at a time, the latest position wins
  let lastMove: { x: number; y: number } | null = null;
  const tracker = latestOnly(
    (at: { x: number; y: number }) =>
      // what is not here yet (geometry, the id buffer after the camera moved, the worker's answer where the
      // buffer cannot tell) arrives later: asked again if the pointer is still there
      snapper.at(at.x, at.y, { later: () => at === lastMove && tracker.push(at) }),
    (snap) => {
      if (!mode) return;
      hover = snap;
      draw();
    },
  );
  const onMove = (event: PointerEvent) => {
    if (!mode || event.buttons !== 0) return;
    lastMove = { x: event.clientX, y: event.clientY };
    tracker.push(lastMove);
  };
  const onLeave = () => {
    lastMove = null;
    tracker.clear();
    snapper.pointerLeft();
    hover = null;
    draw();
  };
  const onKey = (event: Event) => {
    if ((event as KeyboardEvent).key === 'Escape' && mode) api.cancel();
  };
  const offView = context.onViewChange(() => overlay.render());

  const api: MeasureTool = {
    list: () => structuredClone(current),
    restore(measurements) {
      current = structuredClone([...(measurements ?? [])]);
      picked = [];
      changed();
    },
    onChange(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    setMode(next) {
      if (next === mode) return;
      const was = mode;
      mode = next;
      picked = [];
      problem = null;
      hover = null;
      if (next && !was) {
        context.takeClicks((event) => void pickAt(event.clientX, event.clientY));
        context.canvas.addEventListener('pointermove', onMove);
        context.canvas.addEventListener('pointerleave', onLeave);
        keys.addEventListener('keydown', onKey);
        factsOf(primary());
      } else if (!next && was) {
        context.takeClicks(null);
        tracker.clear();
        snapper.pointerLeft();
        context.canvas.removeEventListener('pointermove', onMove);
        context.canvas.removeEventListener('pointerleave', onLeave);
        keys.removeEventListener('keydown', onKey);
      }
      changed();
    },
    status: () => ({
      mode,
      picked: picked.length,
      hint: mode ? (problem ?? HINTS[mode][picked.length] ?? '') : '',
    }),
    cancel() {
      if (picked.length) {
        picked = [];
        problem = null;
        changed();
      } else api.setMode(null);
    },
    snapAt: (clientX, clientY, options) => snapper.at(clientX, clientY, options),
    pickAt,
    async measureRun(objects) {
      const runs: { length: number; start: Vec3; end: Vec3 }[] = [];
      const byModel = new Map<string, number[]>();
      for (const { model, localId } of objects) byModel.set(model, [...(byModel.get(model) ?? []), localId]);
      for (const [modelId, ids] of byModel) {
        const model = context.model(modelId);
        if (model) runs.push(...(await segmentRuns(model, ids)));
      }
      if (!runs.length) return null;
      const total = runs.reduce((sum, r) => sum + r.length, 0);
      const made = add(
        'run',
        runs.flatMap((r) => [r.start, r.end]),
        total,
        objects[0]!.model,
      );
      changed();
      return made;
    },
    rename(id, name) {
      const trimmed = name.trim();
      if (!trimmed) throw new Error('A measurement needs a name.');
      current = current.map((m) => (m.id === id ? { ...m, name: trimmed } : m));
      changed();
    },
    remove(id) {
      current = current.filter((m) => m.id !== id);
      changed();
    },
    clear() {
      current = [];
      picked = [];
      changed();
    },
    units: () => ({ project: factsOf(primary())?.unit ?? METRES, display: shown() }),
    setDisplay(next) {
      const base = shown();
      const unit = next.unit ?? base.unit;
      const decimals =
        next.decimals ?? (next.unit && next.unit !== base.unit ? defaultDecimals(unit) : base.decimals);
      display = { unit, decimals: Math.min(MAX_DECIMALS, Math.max(0, Math.round(decimals))) };
      changed();
    },
    describe(m) {
      const settings = shown();
      const value = measurementLabel(m, settings);
      if (m.kind === 'distance') return { value, details: distanceParts(m, settings) };
      if (m.kind === 'run') return { value, details: [`${m.points.length / 2} segments`] };
      if (m.kind !== 'point' || !m.points[0]) return { value, details: [] };
      const model = (m.model ? context.model(m.model) : null) ?? primary();
      const known = factsOf(model);
      if (!model || !known) return { value, details: ['Reading the model’s coordinates…'] };
      const ifc = projectCoordinates(model, known, m.points[0]);
      const site = known.conversion
        ? siteParts(toSite(ifc, known.conversion), settings)
        : ['No site coordinates'];
      return {
        value: coordinateParts(ifc, settings).join(', '),
        details: [...coordinateParts(ifc, settings), ...site],
      };
    },
    dispose() {
      api.setMode(null);
      tracker.stop();
      snapper.dispose();
      offView();
      overlay.dispose();
      listeners.clear();
    },
  };
  return api;
}
