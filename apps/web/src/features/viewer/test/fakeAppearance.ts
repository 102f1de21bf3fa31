import { vi } from 'vitest';
import type { AppearanceState, AppearanceTool, ObjectRef } from '@penstock/viewer';
import { colourByValues } from '@penstock/viewer/appearance';

const empty = (): AppearanceState => ({
  hidden: [],
  isolated: null,
  xray: false,
  colours: [],
  colourBy: null,
});
const key = (ref: ObjectRef) => `${ref.localId}@${ref.model}`;

/**
 * The viewer's appearance tool without a model: it keeps the state and its undo/redo history and tells its
 * listeners, as the real one does (colour-by legends come from the same code); nothing is drawn.
 */
export function fakeAppearance() {
  let state = empty();
  const past: AppearanceState[] = [];
  const future: AppearanceState[] = [];
  const listeners = new Set<() => void>();
  const change = async (next: AppearanceState) => {
    past.push(state);
    future.length = 0;
    state = next;
    for (const listener of listeners) listener();
  };
  const step = async (from: AppearanceState[], to: AppearanceState[]) => {
    const next = from.pop();
    if (!next) return false;
    to.push(state);
    state = next;
    for (const listener of listeners) listener();
    return true;
  };
  const tool = {
    state: vi.fn(() => structuredClone(state)),
    restore: vi.fn(async (next: AppearanceState | null | undefined) => change(next ?? empty())),
    summary: vi.fn(() => ({
      hidden: state.hidden.length,
      isolated: state.isolated?.length ?? null,
      xray: state.xray,
      colourBy: state.colourBy,
      canUndo: past.length > 0,
      canRedo: future.length > 0,
    })),
    onChange: vi.fn((callback: () => void) => {
      listeners.add(callback);
      return () => listeners.delete(callback);
    }),
    hide: vi.fn(async (objects: readonly ObjectRef[], hidden = true) => {
      const gone = new Set(objects.map(key));
      const kept = state.hidden.filter((ref) => !gone.has(key(ref)));
      await change({ ...state, hidden: hidden ? [...kept, ...objects] : kept });
    }),
    isolate: vi.fn(async (objects: readonly ObjectRef[] | null) =>
      change({ ...state, isolated: objects && [...objects] }),
    ),
    showAll: vi.fn(async () => change({ ...state, hidden: [], isolated: null })),
    setXray: vi.fn(async (xray: boolean) => change({ ...state, xray })),
    colourBy: vi.fn(async (property: string, values: readonly (ObjectRef & { value: string })[]) => {
      const geometry = new Map<string, number[]>();
      for (const { model, localId } of values) geometry.set(model, [...(geometry.get(model) ?? []), localId]);
      await change({ ...state, ...colourByValues(property, values, geometry) });
    }),
    clearColours: vi.fn(async () => change({ ...state, colours: [], colourBy: null })),
    undo: vi.fn(async () => step(past, future)),
    redo: vi.fn(async () => step(future, past)),
    objectsColoured: vi.fn(
      (colour: string) => state.colours.find((entry) => entry.colour === colour)?.objects ?? [],
    ),
    hiddenIn: vi.fn((modelId: string) =>
      state.hidden.filter((ref) => ref.model === modelId).map((ref) => ref.localId),
    ),
    visibleCount: vi.fn(() => 0),
    dispose: vi.fn(),
  } satisfies AppearanceTool;
  return tool;
}
