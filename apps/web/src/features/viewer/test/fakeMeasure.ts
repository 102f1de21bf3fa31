import { vi } from 'vitest';
import type { MeasureMode, MeasurementState, MeasureTool } from '@penstock/viewer';
import {
  KIND_NAMES,
  defaultDecimals,
  formatArea,
  formatLength,
  type DisplaySettings,
} from '@penstock/viewer/measure';

/**
 * A stand-in for the viewer's measure tool: keeps the measurements, mode and display as the real one does;
 * `complete` finishes a measurement as clicks on the model would.
 */
export function fakeMeasure() {
  let list: MeasurementState[] = [];
  let mode: MeasureMode | null = null;
  let picked = 0;
  let display: DisplaySettings = { unit: 'mm', decimals: 0 };
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const add = (m: Omit<MeasurementState, 'id' | 'name'>) => {
    const n = list.filter((x) => x.kind === m.kind).length + 1;
    const made = { ...m, id: `m-${list.length + 1}`, name: `${KIND_NAMES[m.kind]} ${n}` };
    list = [...list, made];
    picked = 0;
    changed();
    return made;
  };
  const tool = {
    list: vi.fn(() => list),
    restore: vi.fn((next: readonly MeasurementState[] | null | undefined) => {
      list = [...(next ?? [])];
      changed();
    }),
    onChange: vi.fn((callback: () => void) => {
      listeners.add(callback);
      return () => listeners.delete(callback);
    }),
    setMode: vi.fn((next: MeasureMode | null) => {
      mode = next;
      picked = 0;
      changed();
    }),
    status: vi.fn(() => ({
      mode,
      picked,
      hint: mode ? (picked ? 'Click the second point.' : 'Click the first point.') : '',
    })),
    cancel: vi.fn(() => {
      if (picked) picked = 0;
      else mode = null;
      changed();
    }),
    snapAt: vi.fn(async () => null),
    pickAt: vi.fn(async () => null),
    measureRun: vi.fn(async (objects: readonly { model: string; localId: number }[]) =>
      objects.length
        ? add({
            kind: 'run',
            points: objects.flatMap((_, i) => [
              { x: 2 * i, y: 0, z: 0 },
              { x: 2 * i + 2, y: 0, z: 0 },
            ]),
            value: 2 * objects.length,
          })
        : null,
    ),
    rename: vi.fn((id: string, name: string) => {
      list = list.map((m) => (m.id === id ? { ...m, name: name.trim() } : m));
      changed();
    }),
    remove: vi.fn((id: string) => {
      list = list.filter((m) => m.id !== id);
      changed();
    }),
    clear: vi.fn(() => {
      list = [];
      changed();
    }),
    units: vi.fn(() => ({ project: { symbol: 'mm', metres: 0.001, display: 'mm' as const }, display })),
    setDisplay: vi.fn((next: Partial<DisplaySettings>) => {
      const unit = next.unit ?? display.unit;
      display = { unit, decimals: next.decimals ?? (next.unit ? defaultDecimals(unit) : display.decimals) };
      changed();
    }),
    describe: vi.fn((m: MeasurementState) => ({
      value: m.kind === 'area' ? formatArea(m.value, display) : formatLength(m.value, display),
      details: m.kind === 'distance' ? ['dx …', 'dy …', 'dz …'] : [],
    })),
    dispose: vi.fn(),
  } satisfies MeasureTool;
  return {
    tool,
    /** a measurement finished as the clicks on the model would finish it */
    complete: (m: Omit<MeasurementState, 'id' | 'name'>) => add(m),
    /** a point picked (the tool waits for the next) */
    pick: () => {
      picked++;
      changed();
    },
  };
}
