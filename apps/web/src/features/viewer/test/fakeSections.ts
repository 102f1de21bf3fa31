import { vi } from 'vitest';
import type {
  Axis,
  SectionEditTarget,
  SectionPlaneState,
  SectionTool,
  SectionsState,
} from '@penstock/viewer';

const MAX = 6;

/** A stand-in for the viewer's section tool: keeps the state as the real one does, draws nothing. */
export function fakeSections() {
  let state: SectionsState = { planes: [], box: null, capColour: null };
  let editing: SectionEditTarget = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const plane = (id: string) => {
    const found = state.planes.find((p) => p.id === id);
    if (!found) throw new Error('There is no such section plane.');
    return found;
  };
  const patch = (id: string, next: Partial<SectionPlaneState>) => {
    state = { ...state, planes: state.planes.map((p) => (p.id === plane(id).id ? { ...p, ...next } : p)) };
    changed();
  };
  const add = (origin: SectionPlaneState['origin'], normal: SectionPlaneState['normal']) => {
    if (state.planes.length >= MAX) throw new Error('At most 6 section planes can be used at once.');
    let n = 1;
    while (state.planes.some((p) => p.id === `plane-${n}`)) n++;
    const added = { id: `plane-${n}`, origin, normal, visible: true };
    state = { ...state, planes: [...state.planes, added] };
    editing = added.id;
    changed();
    return added;
  };
  const unit = (axis: Axis) => ({
    x: axis === 'x' ? 1 : 0,
    y: axis === 'y' ? 1 : 0,
    z: axis === 'z' ? 1 : 0,
  });
  const tool = {
    state: vi.fn(() => structuredClone(state)),
    restore: vi.fn(async (next: SectionsState | null | undefined) => {
      state = next ? structuredClone(next) : { planes: [], box: null, capColour: null };
      changed();
    }),
    onChange: vi.fn((callback: () => void) => {
      listeners.add(callback);
      return () => listeners.delete(callback);
    }),
    addPlane: vi.fn(
      async (at: Axis | { origin: SectionPlaneState['origin']; normal: SectionPlaneState['normal'] }) =>
        typeof at === 'string' ? add({ x: 0, y: 0, z: 0 }, unit(at)) : add(at.origin, at.normal),
    ),
    addPlaneOnFace: vi.fn(async (_x: number, _y: number): Promise<SectionPlaneState | null> =>
      add({ x: 1, y: 2, z: 3 }, { x: 0, y: 0, z: 1 }),
    ),
    updatePlane: vi.fn(async (id: string, next: Partial<SectionPlaneState>) => patch(id, next)),
    setOffset: vi.fn(async (id: string, offset: number) => {
      const { normal, origin } = plane(id);
      const axis = (['x', 'y', 'z'] as const).find((a) => normal[a] !== 0) ?? 'x';
      patch(id, { origin: { ...origin, [axis]: offset } });
    }),
    movePlane: vi.fn(async (_id: string, _distance: number) => undefined),
    rotatePlane: vi.fn(
      async (_id: string, _axis: SectionPlaneState['normal'], _degrees: number) => undefined,
    ),
    flipPlane: vi.fn(async (id: string) => {
      const { normal } = plane(id);
      patch(id, { normal: { x: -normal.x, y: -normal.y, z: -normal.z } });
    }),
    removePlane: vi.fn(async (id: string) => {
      state = { ...state, planes: state.planes.filter((p) => p.id !== plane(id).id) };
      changed();
    }),
    setBox: vi.fn(async (box: SectionsState['box']) => {
      state = { ...state, box };
      editing = box ? 'box' : null;
      changed();
    }),
    boxAround: vi.fn(async (): Promise<void> =>
      tool.setBox({ min: { x: 0, y: 0, z: 0 }, max: { x: 10, y: 4, z: 6 } }),
    ),
    setCapColour: vi.fn(async (colour: string | null) => {
      state = { ...state, capColour: colour };
      changed();
    }),
    edit: vi.fn((target: SectionEditTarget) => {
      editing = target;
      changed();
    }),
    editing: vi.fn(() => editing),
    caps: vi.fn(() => []),
    capsDrawn: vi.fn(async () => undefined),
    dispose: vi.fn(),
  } satisfies SectionTool;
  return tool;
}
