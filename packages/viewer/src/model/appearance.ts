import type { ViewerContext } from './context.ts';
import type { AppearanceState } from './state.ts';

/** Hide, isolate, x-ray and colour objects of every loaded model; undoable. */
export interface AppearanceTool {
  state(): AppearanceState;
  restore(state: AppearanceState | null | undefined): Promise<void>;
  onChange(callback: () => void): () => void;
  dispose(): void;
}

export const emptyAppearance = (): AppearanceState => ({
  hidden: [],
  isolated: null,
  xray: false,
  colours: [],
  colourBy: null,
});

export function createAppearance(_context: ViewerContext): AppearanceTool {
  let current = emptyAppearance();
  const listeners = new Set<() => void>();
  return {
    state: () => structuredClone(current),
    async restore(state) {
      current = state ? structuredClone(state) : emptyAppearance();
      for (const listener of listeners) listener();
    },
    onChange(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    dispose() {
      listeners.clear();
    },
  };
}
