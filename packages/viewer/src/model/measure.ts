import type { ViewerContext } from './context.ts';
import type { MeasurementState } from './state.ts';

/** Measurements with snapping: distance, perpendicular distance, angle, area, run length, point. */
export interface MeasureTool {
  /** the measurements of the view (stored with views and issue viewpoints) */
  list(): MeasurementState[];
  /** show these measurements (replacing the current ones) */
  restore(measurements: readonly MeasurementState[] | null | undefined): void;
  onChange(callback: () => void): () => void;
  dispose(): void;
}

export function createMeasure(_context: ViewerContext): MeasureTool {
  let current: MeasurementState[] = [];
  const listeners = new Set<() => void>();
  return {
    list: () => structuredClone(current),
    restore(measurements) {
      current = structuredClone([...(measurements ?? [])]);
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
