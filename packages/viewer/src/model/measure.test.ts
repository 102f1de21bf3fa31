import { describe, expect, it, vi } from 'vitest';
import * as THREE from 'three';
import { SnappingClass, type FragmentsModel, type RaycastResult } from '@thatopen/fragments';
import type { ViewerContext } from './context.ts';
import { createMeasure } from './measure.ts';
import type { OverlayItem, OverlayMarker } from './measureOverlay.ts';
import type { Vec3 } from './state.ts';

const WIDTH = 1000;
const HEIGHT = 800;

/**
 * A 4 m × 3 m floor plate (top face at y = 0, Y up) seen from above, as the Fragments worker answers a
 * snapping raycast on it: the face under the pointer, its corners and its edges (the worker's candidates
 * near the pointer; the tool picks by pixels).
 */
function plateModel(modelId = 'urn:v.1') {
  const object = new THREE.Object3D();
  const corners = [
    new THREE.Vector3(0, 0, 0),
    new THREE.Vector3(4, 0, 0),
    new THREE.Vector3(4, 0, -3),
    new THREE.Vector3(0, 0, -3),
  ];
  // two triangles of the top face (anticlockwise from above), as facePoints/faceIndices
  const facePoints = new Float64Array(corners.flatMap((c) => [c.x, c.y, c.z]));
  const faceIndices = new Uint16Array([0, 1, 2, 0, 2, 3]);
  const base = {
    localId: 7,
    itemId: 7,
    object,
    fragments: null as never,
    frustum: null as never,
    representationClass: 0,
  };
  const model = {
    modelId,
    object,
    async raycastWithSnapping({ camera, mouse }: { camera: THREE.Camera; mouse: THREE.Vector2 }) {
      const ray = new THREE.Raycaster();
      ray.setFromCamera(new THREE.Vector2((mouse.x / WIDTH) * 2 - 1, -(mouse.y / HEIGHT) * 2 + 1), camera);
      const hit = ray.ray.intersectPlane(new THREE.Plane(new THREE.Vector3(0, 1, 0), 0), new THREE.Vector3());
      if (!hit || hit.x < 0 || hit.x > 4 || hit.z > 0 || hit.z < -3) return null;
      const from = (p: THREE.Vector3) => p.distanceTo(camera.position);
      const results: Partial<RaycastResult>[] = [
        {
          ...base,
          point: hit,
          distance: from(hit),
          normal: new THREE.Vector3(0, 1, 0),
          snappingClass: SnappingClass.FACE,
          facePoints,
          faceIndices,
        },
        ...corners.map((c) => ({
          ...base,
          point: c.clone(),
          distance: from(c),
          snappingClass: SnappingClass.POINT,
        })),
        ...corners.map((c, i) => {
          const d = corners[(i + 1) % 4]!;
          const on = new THREE.Line3(c, d).closestPointToPoint(hit, true, new THREE.Vector3());
          return {
            ...base,
            point: on,
            distance: from(on),
            snappingClass: SnappingClass.LINE,
            snappedEdgeP1: c.clone(),
            snappedEdgeP2: d.clone(),
          };
        }),
      ];
      return results as RaycastResult[];
    },
    // the plate's geometry: its top face as two more triangles beside a side face (one item, one mesh)
    getItemsGeometry: vi.fn(async (ids: number[]) =>
      ids.map(() => [
        {
          transform: new THREE.Matrix4(),
          positions: new Float32Array([...facePoints, 0, -0.2, 0, 4, -0.2, 0]),
          indices: new Uint16Array([0, 1, 2, 0, 2, 3, 4, 5, 1, 4, 1, 0]),
        },
      ]),
    ),
    getItemsOfCategories: async () => ({ IFCUNITASSIGNMENT: [42] }),
    getItemsData: async () => [
      {
        Units: [{ UnitType: { value: 'LENGTHUNIT' }, Prefix: { value: 'MILLI' }, Name: { value: 'METRE' } }],
      },
    ],
    getCRS: async () => ({
      mapConversion: {
        eastings: 1000,
        northings: 2000,
        orthogonalHeight: 10,
        xAxisAbscissa: 1,
        xAxisOrdinate: 0,
        scale: 1,
      },
    }),
    // the conversion moved the plate 100 m west (x − 100) towards the origin
    getCoordinationMatrix: async () => new THREE.Matrix4().makeTranslation(-100, 0, 0),
  };
  return model as unknown as FragmentsModel & { getItemsGeometry: typeof model.getItemsGeometry };
}

const p = (x: number, y: number, z: number): Vec3 => ({ x, y, z });
/** the tool's work on a click or a model's facts is promises only: one macrotask sees it done */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const camera = new THREE.PerspectiveCamera(50, WIDTH / HEIGHT, 0.1, 1000);
  camera.position.set(2, 10, -1.5);
  camera.lookAt(2, 0, -1.5);
  camera.updateMatrixWorld();
  const canvas = Object.assign(new EventTarget(), {
    clientWidth: WIDTH,
    clientHeight: HEIGHT,
    ownerDocument: new EventTarget(),
    getBoundingClientRect: () => ({ left: 0, top: 0, width: WIDTH, height: HEIGHT }),
  });
  const model = plateModel();
  let clicks: ((event: PointerEvent) => void) | null = null;
  const context = {
    canvas,
    camera: () => camera,
    models: () => [model],
    model: (id: string) => (id === model.modelId ? model : null),
    requestRender: () => undefined,
    takeClicks: vi.fn((owner: ((event: PointerEvent) => void) | null) => (clicks = owner)),
    // the GPU id buffer cannot tell here: Fragments' snapping raycast answers
    pickCached: () => undefined,
    clipping: () => [],
    onViewChange: () => () => undefined,
    disposed: () => false,
  } as unknown as ViewerContext;
  const drawn: { items: readonly OverlayItem[]; marker: OverlayMarker | null } = { items: [], marker: null };
  const tool = createMeasure(context, {
    overlay: () => ({
      show: (items, marker) => Object.assign(drawn, { items, marker }),
      render: () => undefined,
      dispose: () => undefined,
    }),
  });
  const screen = (p: Vec3) => {
    const v = new THREE.Vector3(p.x, p.y, p.z).project(camera);
    return { x: ((v.x + 1) / 2) * WIDTH, y: ((1 - v.y) / 2) * HEIGHT };
  };
  /** a click as the viewer hands it to the tool that took the clicks (the pick is awaited) */
  const click = async (p: Vec3, offset = { x: 0, y: 0 }) => {
    const at = screen(p);
    expect(clicks).not.toBeNull();
    clicks!({ clientX: at.x + offset.x, clientY: at.y + offset.y } as PointerEvent);
    await settle();
  };
  return { tool, context, canvas, model, drawn, click, screen };
}

describe('the measure tool', () => {
  it('takes the clicks while measuring, snaps them to the corners and measures a distance', async () => {
    const { tool, context, click } = setup();
    tool.setMode('distance');
    expect(context.takeClicks).toHaveBeenLastCalledWith(expect.any(Function));
    expect(tool.status()).toEqual({ mode: 'distance', picked: 0, hint: 'Click the first point.' });
    // 4 px off the corners: the snap takes the vertices themselves
    await click(p(0, 0, 0), { x: 3, y: -2 });
    expect(tool.status().hint).toBe('Click the second point.');
    await click(p(4, 0, -3), { x: -2, y: 3 });
    const [made] = tool.list();
    expect(made).toMatchObject({ kind: 'distance', name: 'Distance 1', model: 'urn:v.1' });
    expect(made!.value).toBeCloseTo(5, 9);
    expect(made!.points).toEqual([p(0, 0, 0), p(4, 0, -3)]);
    // the project unit (millimetres) is the default display
    expect(tool.describe(made!)).toEqual({
      value: '5000 mm',
      details: ['dx 4000 mm', 'dy 3000 mm', 'dz 0 mm'],
    });
    tool.setMode(null);
    expect(context.takeClicks).toHaveBeenLastCalledWith(null);
  });

  it("snaps to an edge's midpoint and measures the perpendicular distance from a face", async () => {
    const { tool, click, screen } = setup();
    const middle = screen(p(2, 0, 0));
    // a pointer move waits for no worker: where the id buffer cannot tell, Fragments' snapping is asked in
    // the background and a later move at the same place takes its answer
    expect(await tool.snapAt(middle.x + 2, middle.y - 3)).toBeNull();
    await vi.waitFor(async () => expect(await tool.snapAt(middle.x + 2, middle.y - 3)).not.toBeNull());
    const snap = await tool.snapAt(middle.x + 2, middle.y - 3);
    expect(snap).toMatchObject({
      kind: 'midpoint',
      point: { x: 2, y: 0, z: 0 },
      edge: [p(0, 0, 0), p(4, 0, 0)],
    });
    expect(snap!.surface).toMatchObject({ localId: 7, model: 'urn:v.1' });
    expect(snap!.surface!.normal.y).toBeCloseTo(1, 12);

    tool.setMode('perpendicular');
    await click(p(1, 0, -1));
    expect(tool.status().hint).toBe('Click a second face or a point.');
    await click(p(3, 0, -2));
    const [made] = tool.list();
    expect(made).toMatchObject({ kind: 'perpendicular' });
    // both on the face: no distance along its normal
    expect(made!.value).toBeCloseTo(0, 9);
  });

  it('measures an angle at the middle point, and Esc forgets the points picked', async () => {
    const { tool, canvas, click } = setup();
    tool.setMode('angle');
    // just inside the plate's corners: the snaps take the corners
    await click(p(3.98, 0, -0.02));
    await click(p(0.02, 0, -0.02));
    expect(tool.status().picked).toBe(2);
    const escape = Object.assign(new Event('keydown'), { key: 'Escape' });
    canvas.ownerDocument.dispatchEvent(escape);
    expect(tool.status()).toMatchObject({ mode: 'angle', picked: 0 });
    await click(p(3.98, 0, -0.02));
    await click(p(0.02, 0, -0.02));
    await click(p(0.02, 0, -2.98));
    expect(tool.list()[0]!.value).toBeCloseTo(90, 9);
    // Esc with nothing under way stops measuring
    canvas.ownerDocument.dispatchEvent(escape);
    expect(tool.status().mode).toBeNull();
  });

  it("measures a face's area from the object's geometry, and a point's model and site coordinates", async () => {
    const { tool, click, model } = setup();
    tool.setMode('area');
    await click(p(3, 0, -1));
    const [area] = tool.list();
    expect(model.getItemsGeometry).toHaveBeenCalledWith([7]);
    expect(area).toMatchObject({ kind: 'area', name: 'Area 1' });
    expect(area!.value).toBeCloseTo(12, 9);
    expect(area!.points).toHaveLength(4);

    tool.setMode('point');
    await click(p(1, 0, -2), { x: 30, y: 30 });
    const point = tool.list()[1]!;
    expect(point.kind).toBe('point');
    const { value, details } = tool.describe(point);
    // IFC axes (y = −z), the conversion's move undone (x + 100), then the map conversion
    expect(value).toMatch(/^x 10\d{4} mm, y \d+ mm, z 0 mm$/);
    expect(details.slice(3).map((d) => d.split(' ')[0])).toEqual(['E', 'N', 'H']);
    expect(details[5]).toBe('H 10000 mm');
  });

  it('measures the run of selected segments along their main axes', async () => {
    const { tool } = setup();
    const run = await tool.measureRun([
      { model: 'urn:v.1', localId: 7 },
      { model: 'urn:v.1', localId: 8 },
    ]);
    // each 'segment' is the plate: its main axis lies in its 4 m × 3 m top, between the side and the diagonal
    expect(run!.kind).toBe('run');
    expect(run!.points).toHaveLength(4);
    expect(run!.value).toBeGreaterThanOrEqual(2 * 4 - 1e-9);
    expect(run!.value).toBeLessThanOrEqual(2 * 5 + 1e-9);
    expect(await tool.measureRun([{ model: 'urn:other', localId: 1 }])).toBeNull();
  });

  it('keeps its measurements through list and restore, renamed and deleted', async () => {
    const { tool, drawn } = setup();
    const changes = vi.fn();
    tool.onChange(changes);
    tool.restore([
      { id: 'a', name: 'Clearance', kind: 'distance', points: [p(0, 0, 0), p(1, 0, 0)], value: 1 },
      { id: 'b', name: 'Slab', kind: 'area', points: [p(0, 0, 0), p(1, 0, 0), p(1, 0, -1)], value: 0.5 },
    ]);
    // shown in the model's unit once its units are read
    await settle();
    expect(drawn.items.map((i) => i.label)).toEqual(['1000 mm', '0.50 m²']);
    tool.rename('a', '  Pump to wall ');
    expect(() => tool.rename('a', ' ')).toThrow('A measurement needs a name.');
    tool.remove('b');
    tool.setDisplay({ unit: 'm' });
    expect(tool.units().display).toEqual({ unit: 'm', decimals: 3 });
    expect(tool.list()).toEqual([
      { id: 'a', name: 'Pump to wall', kind: 'distance', points: [p(0, 0, 0), p(1, 0, 0)], value: 1 },
    ]);
    expect(drawn.items.map((i) => i.label)).toEqual(['1.000 m']);
    expect(changes).toHaveBeenCalled();
    tool.restore(undefined);
    expect(tool.list()).toEqual([]);
  });

  it('shows the snap under the pointer before the click (the latest position wins)', async () => {
    const { tool, canvas, drawn, screen } = setup();
    tool.setMode('distance');
    const move = (at: Vec3) => {
      const { x, y } = screen(at);
      canvas.dispatchEvent(Object.assign(new Event('pointermove'), { clientX: x, clientY: y, buttons: 0 }));
    };
    move(p(2, 0, -2));
    move(p(4, 0, -3));
    await vi.waitFor(() => expect(drawn.marker).toMatchObject({ kind: 'vertex', point: p(4, 0, -3) }));
    move(p(2, 0, -1.5));
    await vi.waitFor(() => expect(drawn.marker?.kind).toBe('face'));
    canvas.dispatchEvent(new Event('pointerleave'));
    expect(drawn.marker).toBeNull();
  });
});
