import type { FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';
import type { ViewerContext } from './context.ts';
import { colourByValues, type ValueRef } from './appearanceLegend.ts';
import {
  AppearanceHistory,
  clearColours,
  colourObjects,
  emptyAppearance,
  hideObjects,
  idsIn,
  isolateObjects,
  modelColours,
  modelGhosts,
  modelOutlined,
  modelVisibility,
  normaliseAppearance,
  paintChanges,
  sameAppearance,
  setXray,
  showEverything,
  unhideObjects,
} from './appearanceLogic.ts';
import type { AppearanceState, ObjectRef } from './state.ts';
import { Visibility } from './visibility.ts';
import { createObjectEdges } from './objectEdges.ts';

export { emptyAppearance } from './appearanceLogic.ts';
export type { ValueRef } from './appearanceLegend.ts';

/** How opaque the objects are that x-ray draws see-through. */
export const XRAY_OPACITY = 0.15;
/**
 * How opaque outlined objects are (a model compare's removed objects): see-through, yet clearly there over
 * the x-ray's faded ones, with their edges drawn.
 */
export const OUTLINED_OPACITY = 0.35;
/** The edges' colour of an outlined object that has no colour of its own. */
export const OUTLINE_COLOUR = '#c92a2a';

/** What a panel shows of the appearance without copying its object lists. */
export interface AppearanceSummary {
  hidden: number;
  /** how many objects are isolated, or null without an isolation */
  isolated: number | null;
  xray: boolean;
  colourBy: AppearanceState['colourBy'];
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * Hide, isolate, x-ray and colour objects of every loaded model; undoable (every change, restores included).
 * Each change is drawn before its promise resolves (changes are drawn one after another).
 */
export interface AppearanceTool {
  /** a copy of the whole state (stored views, issue viewpoints, BCF) */
  state(): AppearanceState;
  /** show a stored state (null: the default look); an undoable change when it differs */
  restore(state: AppearanceState | null | undefined): Promise<void>;
  summary(): AppearanceSummary;
  /** called after every change of the state (before it is drawn) */
  onChange(callback: () => void): () => void;
  /** hide these objects (hidden true, the default) or show them again (false) */
  hide(objects: readonly ObjectRef[], hidden?: boolean): Promise<void>;
  /** show only these objects, in every model (less the hidden ones); null ends the isolation */
  isolate(objects: readonly ObjectRef[] | null): Promise<void>;
  /** nothing hidden, nothing isolated (x-ray and colours stay) */
  showAll(): Promise<void>;
  /** everything but the selection see-through */
  setXray(on: boolean): Promise<void>;
  /** colour objects by their values of a property (legend and palette: appearanceLegend.ts) */
  colourBy(property: string, values: readonly ValueRef[]): Promise<void>;
  clearColours(): Promise<void>;
  /** back to the state before the last change; false when there is none */
  undo(): Promise<boolean>;
  redo(): Promise<boolean>;
  /** the objects drawn in a colour (a legend row's) */
  objectsColoured(colour: string): ObjectRef[];
  /** the hidden objects of a model */
  hiddenIn(modelId: string): number[];
  /** how many objects with geometry a model shows now (every loaded model's without an id) */
  visibleCount(modelId?: string): number;
  dispose(): void;
}

/** What the model viewer tells the tool: the selection (drawn solid, never painted over). */
export interface AppearanceHooks {
  selected(): readonly ObjectRef[];
  /** after each drawn change (the viewer's pick buffer is drawn again) */
  drawn?(): void;
  /**
   * How a whole model is drawn (a federated model's colour by model and opacity, federation.ts): under the
   * appearance's own colours and x-ray, never over the selection.
   */
  modelLook?(modelId: string): { colour: string | null; opacity: number };
}

/** The tool as the model viewer drives it: models coming and going, the selection changing. */
export interface AppearanceEngine extends AppearanceTool {
  /** a model was loaded (its objects with geometry): the current state is drawn on it */
  track(model: FragmentsModel, geometry: readonly number[]): Promise<void>;
  /** a model left the view */
  untrack(model: FragmentsModel): void;
  /** draw a model again (its look, modelLook, changed) */
  repaint(modelId: string): Promise<void>;
  /**
   * Change the selection to `next` with `apply` (the highlight): objects about to be selected lose their
   * paint first, so the highlight shows; objects that leave the selection get theirs back after.
   */
  select(next: readonly ObjectRef[], apply: () => Promise<void>): Promise<void>;
}

interface Tracked {
  model: FragmentsModel;
  visibility: Visibility;
  /** the paint drawn on the model now */
  colours: Map<number, string>;
  ghosts: Set<number>;
  /** the opacity the ghosts are drawn with */
  opacity?: number;
  /** the outlined objects drawn at OUTLINED_OPACITY now */
  outlined: Set<number>;
}

export function createAppearance(context: ViewerContext, hooks: AppearanceHooks): AppearanceEngine {
  let current = emptyAppearance();
  const history = new AppearanceHistory();
  const listeners = new Set<() => void>();
  const tracked = new Map<string, Tracked>();
  let queue: Promise<void> = Promise.resolve();
  let disposed = false;
  const edges = createObjectEdges();

  /** Jobs that draw run one after another, each with the state current when it starts. */
  const enqueue = (job: () => Promise<void>): Promise<void> => {
    const run = queue.then(() => (disposed || context.disposed() ? undefined : job()));
    queue = run.catch(() => undefined);
    return run;
  };

  const selectedIn = (modelId: string) => new Set(idsIn(hooks.selected(), modelId));

  /** Draw the state on one model: visibility, then colours and see-through, changing only what differs. */
  const paint = async (entry: Tracked) => {
    const modelId = entry.model.modelId;
    const { hidden, isolated } = modelVisibility(current, modelId);
    await entry.visibility.set(entry.model, hidden, isolated);
    const selected = selectedIn(modelId);
    const wanted = {
      colours: modelColours(current, modelId, selected),
      ghosts: modelGhosts(current, entry.visibility.geometry, selected, modelId),
    };
    // the model's own look (federation) under the appearance's colours and x-ray, never over the selection
    const look = hooks.modelLook?.(modelId) ?? { colour: null, opacity: 1 };
    if (look.colour !== null || look.opacity < 1) {
      for (const id of entry.visibility.geometry) {
        if (selected.has(id)) continue;
        if (look.colour !== null && !wanted.colours.has(id)) wanted.colours.set(id, look.colour);
        if (look.opacity < 1) wanted.ghosts.add(id);
      }
    }
    const opacity = look.opacity < 1 ? Math.min(look.opacity, current.xray ? XRAY_OPACITY : 1) : XRAY_OPACITY;
    // outlined objects: see-through at their own opacity (not the x-ray's), their edges drawn
    const outlined = modelOutlined(
      current,
      modelId,
      selected,
      (id) => entry.visibility.shows(id),
      wanted.colours,
      OUTLINE_COLOUR,
    );
    for (const id of outlined.keys()) wanted.ghosts.delete(id);
    const change = paintChanges(entry, wanted);
    const { model } = entry;
    const leaving = [...entry.outlined].filter((id) => !outlined.has(id) && !wanted.ghosts.has(id));
    if (leaving.length) await model.resetOpacity(leaving);
    if (change.clear.length) await model.resetHighlight(change.clear);
    if (change.uncolour.length) await model.resetColor(change.uncolour);
    if (change.unghost.length) await model.resetOpacity(change.unghost);
    for (const [colour, ids] of change.colour) await model.setColor(ids, new THREE.Color(colour));
    // a new opacity for the model: every ghost again
    const ghosts = opacity !== (entry.opacity ?? XRAY_OPACITY) ? [...wanted.ghosts] : change.ghost;
    if (ghosts.length) await model.setOpacity(ghosts, opacity);
    // new ones, and those whose paint was cleared above
    const cleared = new Set(change.clear);
    const outline = [...outlined.keys()].filter((id) => !entry.outlined.has(id) || cleared.has(id));
    if (outline.length) await model.setOpacity(outline, OUTLINED_OPACITY);
    await edges.show(model, outlined);
    entry.colours = wanted.colours;
    entry.ghosts = wanted.ghosts;
    entry.opacity = opacity;
    entry.outlined = new Set(outlined.keys());
  };

  const drawAll = async () => {
    for (const entry of tracked.values()) await paint(entry);
    hooks.drawn?.();
    await context.refresh();
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  /** Go to `next` (an undoable change when it differs) and draw it. */
  const change = (next: AppearanceState, record = true): Promise<void> => {
    if (next === current) return enqueue(async () => undefined);
    if (record) history.record(current);
    current = next;
    notify();
    return enqueue(drawAll);
  };

  const api: AppearanceEngine = {
    state: () => structuredClone(current),
    async restore(state) {
      const next = normaliseAppearance(state);
      await change(sameAppearance(next, current) ? current : next);
    },
    summary: () => ({
      hidden: current.hidden.length,
      isolated: current.isolated?.length ?? null,
      xray: current.xray,
      colourBy: current.colourBy,
      canUndo: history.canUndo,
      canRedo: history.canRedo,
    }),
    onChange(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    hide: (objects, hidden = true) =>
      change(hidden ? hideObjects(current, objects) : unhideObjects(current, objects)),
    isolate: (objects) => change(isolateObjects(current, objects)),
    showAll: () => change(showEverything(current)),
    setXray: (on) => change(setXray(current, on)),
    colourBy(property, values) {
      const geometry = new Map([...tracked].map(([id, entry]) => [id, entry.visibility.geometry]));
      return change(colourObjects(current, colourByValues(property, values, geometry)));
    },
    clearColours: () => change(clearColours(current)),
    async undo() {
      const previous = history.undo(current);
      if (!previous) return false;
      await change(previous, false);
      return true;
    },
    async redo() {
      const next = history.redo(current);
      if (!next) return false;
      await change(next, false);
      return true;
    },
    objectsColoured: (colour) =>
      structuredClone(current.colours.find((entry) => entry.colour === colour)?.objects ?? []),
    hiddenIn: (modelId) => idsIn(current.hidden, modelId),
    visibleCount(modelId) {
      if (modelId !== undefined) return tracked.get(modelId)?.visibility.visibleCount ?? 0;
      let count = 0;
      for (const entry of tracked.values()) count += entry.visibility.visibleCount;
      return count;
    },
    async track(model, geometry) {
      const visibility = new Visibility();
      visibility.reset(geometry);
      const entry: Tracked = {
        model,
        visibility,
        colours: new Map(),
        ghosts: new Set(),
        outlined: new Set(),
      };
      tracked.set(model.modelId, entry);
      await enqueue(async () => {
        if (tracked.get(model.modelId) !== entry) return;
        await paint(entry);
        hooks.drawn?.();
      });
    },
    untrack(model) {
      if (tracked.get(model.modelId)?.model === model) tracked.delete(model.modelId);
      edges.forget(model);
    },
    repaint: (modelId) =>
      enqueue(async () => {
        const entry = tracked.get(modelId);
        if (!entry) return;
        await paint(entry);
        hooks.drawn?.();
        await context.refresh();
      }),
    select: (next, apply) =>
      enqueue(async () => {
        // the highlight is drawn on objects without paint: Fragments keeps a colour over a highlight
        for (const entry of tracked.values()) {
          const ids = idsIn(next, entry.model.modelId).filter(
            (id) => entry.colours.has(id) || entry.ghosts.has(id) || entry.outlined.has(id),
          );
          if (ids.length === 0) continue;
          await entry.model.resetHighlight(ids);
          for (const id of ids) {
            entry.colours.delete(id);
            entry.ghosts.delete(id);
            entry.outlined.delete(id);
          }
        }
        await apply();
        // the objects that left the selection lost their highlight, paint and all: painted again
        if (current.xray || current.colours.length || current.outlined?.length)
          for (const entry of tracked.values()) await paint(entry);
      }),
    dispose() {
      disposed = true;
      listeners.clear();
      tracked.clear();
      edges.dispose();
    },
  };
  return api;
}
