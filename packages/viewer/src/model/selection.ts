import * as THREE from 'three';
import { RenderedFaces, type FragmentsModel, type MaterialDefinition } from '@thatopen/fragments';

/** The highlight of selected objects: a strong blue, slightly see-through so the shape stays readable. */
export const SELECTION_MATERIAL: MaterialDefinition = {
  color: new THREE.Color('#0d6efd'),
  renderedFaces: RenderedFaces.TWO,
  opacity: 0.9,
  transparent: false,
};

/**
 * Told of a click's pick: the object's localId and the id of the model it belongs to (in a federated view
 * the object may be in another model than the tab's own); may answer with a promise the highlight waits
 * for (see Selection.emit).
 */
export type SelectionListener = (localId: number | null, modelId?: string) => void | Promise<unknown>;

/**
 * How long the highlight of a clicked object waits for the properties panel to show its values. On a slow
 * GPU a frame of a 100k-object plant takes seconds, and once started it keeps the page from showing the
 * answer: a panel whose values arrive after 400 ms (a busy server) then waited for the frame, over 5 s in
 * the model bench. On a fast GPU the wait costs nothing; the user reads the values first either way.
 */
export const PANEL_FIRST_WAIT_MS = 1000;

/** Keeps which objects are selected (in one model or several) and mirrors it on the models' highlight. */
export class Selection {
  private sets = new Map<FragmentsModel, number[]>();
  private readonly listeners = new Set<SelectionListener>();

  /** the selected objects of the first model with a selection */
  get ids(): readonly number[] {
    return this.sets.values().next().value ?? [];
  }

  /** the first model with a selection */
  get model(): FragmentsModel | null {
    return this.sets.keys().next().value ?? null;
  }

  /** every model's selected objects */
  get entries(): ReadonlyArray<readonly [FragmentsModel, readonly number[]]> {
    return [...this.sets.entries()];
  }

  /** The selected objects of one model (none when it has none selected). */
  of(model: FragmentsModel | null): readonly number[] {
    return (model && this.sets.get(model)) ?? [];
  }

  /** Select these objects of this model, and nothing else (the highlight leaves the others, in any model). */
  async apply(model: FragmentsModel | null, localIds: readonly number[]): Promise<void> {
    await this.applyAll(model ? [[model, localIds]] : []);
  }

  /** Select these objects of several models, and nothing else. */
  async applyAll(entries: ReadonlyArray<readonly [FragmentsModel, readonly number[]]>): Promise<void> {
    for (const [model, ids] of this.sets) if (ids.length) await model.resetHighlight([...ids]);
    const next = new Map<FragmentsModel, number[]>();
    for (const [model, ids] of entries) {
      const unique = [...new Set([...(next.get(model) ?? []), ...ids])];
      if (unique.length) next.set(model, unique);
    }
    for (const [model, ids] of next) await model.highlight(ids, SELECTION_MATERIAL);
    this.sets = next;
  }

  /** A model left the view: forget its selection without touching its (disposed) highlight. */
  forget(model: FragmentsModel): void {
    this.sets.delete(model);
  }

  subscribe(callback: SelectionListener): () => void {
    this.listeners.add(callback);
    return () => this.listeners.delete(callback);
  }

  /**
   * Tell the listeners; resolves when those that answer with a promise (the properties panel fetching the
   * object's values) are done, or after `waitMs` at most, so the caller can draw the highlight after them.
   */
  async emit(localId: number | null, waitMs = 0, modelId?: string): Promise<void> {
    const pending: Promise<unknown>[] = [];
    for (const listener of this.listeners) {
      const answer = modelId === undefined ? listener(localId) : listener(localId, modelId);
      if (answer) pending.push(answer.catch(() => undefined));
    }
    if (pending.length === 0 || waitMs <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(pending),
      new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
  }
}

/** The localId of the object under a canvas point (client coordinates), or null. */
export async function raycastAt(
  model: FragmentsModel,
  camera: THREE.PerspectiveCamera | THREE.OrthographicCamera,
  canvas: HTMLCanvasElement,
  clientX: number,
  clientY: number,
): Promise<number | null> {
  const hit = await model.raycast({ camera, mouse: new THREE.Vector2(clientX, clientY), dom: canvas });
  return hit ? hit.localId : null;
}

/** A press longer than this is not a click. */
export const CLICK_MAX_MS = 600;

/**
 * Tell a click from a drag: the pointer went down and up within a few pixels and a short time.
 * Orbiting must not change the selection.
 */
export function createClickDetector(onClick: (event: PointerEvent) => void) {
  let down: { x: number; y: number; at: number } | null = null;
  // the events' own times (when the button went down and up), not when the page got round to them: a
  // page busy drawing a large model must not turn a quick click into a 'long press'
  return {
    down(event: PointerEvent) {
      down = event.button === 0 ? { x: event.clientX, y: event.clientY, at: event.timeStamp } : null;
    },
    up(event: PointerEvent) {
      const start = down;
      down = null;
      if (!start || event.button !== 0) return;
      const moved = Math.hypot(event.clientX - start.x, event.clientY - start.y);
      if (moved <= 4 && event.timeStamp - start.at < CLICK_MAX_MS) onClick(event);
    },
  };
}
