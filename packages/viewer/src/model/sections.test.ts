import type { FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClippingPlanes, type ViewerContext } from './context.ts';
import { CAP_INSET } from './sectionCaps.ts';
import { MAX_SECTION_PLANES, createSections, type SectionTool } from './sections.ts';
import type { SectionsState } from './state.ts';

const v = (x: number, y: number, z: number) => new THREE.Vector3(x, y, z);

/** A Fragments model as the tool uses it: its object, a section (one triangle), a raycast and boxes. */
function fakeModel(
  modelId: string,
  box: THREE.Box3,
  hit: { point: THREE.Vector3; normal: THREE.Vector3; distance: number } | null = null,
) {
  const object = new THREE.Group();
  return {
    modelId,
    object,
    box,
    getSection: vi.fn(async (_plane: THREE.Plane, _localIds?: number[]) => ({
      buffer: new Float32Array([0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0]),
      index: 6,
      fillsIndices: [0, 1, 3],
    })),
    raycast: vi.fn(async () => hit),
    hidden: [] as number[],
    getItemsByVisibility: vi.fn(async function (this: { hidden: number[] }, visible: boolean) {
      return visible ? [1, 2, 3].filter((id) => !this.hidden.includes(id)) : this.hidden;
    }),
    getMergedBox: vi.fn(async (_ids: number[]) => new THREE.Box3(v(1, 1, 1), v(3, 2, 2))),
  };
}
type FakeModel = ReturnType<typeof fakeModel>;

/** A canvas that keeps its listeners so a test can press, drag and let go. */
function fakeCanvas() {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const canvas = {
    style: {} as Record<string, string>,
    clientHeight: 1000,
    getBoundingClientRect: () => ({ left: 0, top: 0, width: 1000, height: 1000 }),
    addEventListener: (type: string, listener: (event: unknown) => void, options?: { capture?: boolean }) => {
      const list = listeners.get(type) ?? [];
      // capture listeners first, as a browser calls them at the target
      if (options?.capture) list.unshift(listener);
      else list.push(listener);
      listeners.set(type, list);
    },
    removeEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((l) => l !== listener),
      );
    },
  };
  const fire = (type: string, clientX: number, clientY: number) => {
    let stopped = false;
    const event = {
      type,
      clientX,
      clientY,
      button: 0,
      pointerId: 1,
      shiftKey: false,
      stopImmediatePropagation: () => {
        stopped = true;
      },
      preventDefault: () => undefined,
    };
    const reached: number[] = [];
    for (const [i, listener] of (listeners.get(type) ?? []).entries()) {
      if (stopped) break;
      reached.push(i);
      listener(event);
    }
    return { stopped };
  };
  return { canvas, fire };
}

function setup(
  models: FakeModel[] = [fakeModel('urn:a', new THREE.Box3(v(0, 0, 0), v(10, 4, 6)))],
  looks: Record<string, string> = {},
) {
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(50, 1, 0.1, 1000);
  camera.position.set(5, 2, 30);
  camera.lookAt(5, 2, 3);
  camera.updateMatrixWorld();
  const clipping = new ClippingPlanes();
  const { canvas, fire } = fakeCanvas();
  const context: ViewerContext = {
    scene,
    renderer: null as never,
    canvas: canvas as unknown as HTMLCanvasElement,
    controls: null as never,
    camera: () => camera,
    models: () => models as unknown as FragmentsModel[],
    model: (id) => (models.find((m) => m.modelId === id) as unknown as FragmentsModel) ?? null,
    box: () => models.reduce((box, m) => box.union(m.box), new THREE.Box3()),
    requestRender: vi.fn(),
    refresh: vi.fn(async () => undefined),
    setClipping: (owner, planes) => clipping.set(owner, planes),
    clipping: () => clipping.all,
    takeClicks: () => undefined,
    pickCached: () => undefined,
    onViewChange: () => () => undefined,
    disposed: () => false,
  };
  const tool = createSections(context, { modelColour: (modelId) => looks[modelId] ?? null });
  const frame = () =>
    scene.onBeforeRender(null as never, scene, camera, null as never, null as never, null as never);
  return { tool, context, clipping, scene, camera, fire, frame, models };
}

let tools: SectionTool[] = [];
const make = (...args: Parameters<typeof setup>) => {
  const made = setup(...args);
  tools.push(made.tool);
  return made;
};
afterEach(() => {
  for (const tool of tools) tool.dispose();
  tools = [];
});

const kept = (planes: readonly THREE.Plane[], p: THREE.Vector3) =>
  planes.every((plane) => plane.distanceToPoint(p) >= 0);

describe('section planes', () => {
  it('adds a plane along an axis through the centre of what is shown, cutting away above', async () => {
    const { tool, clipping } = make();
    const plane = await tool.addPlane('y');
    expect(plane).toEqual({
      id: 'plane-1',
      origin: { x: 5, y: 2, z: 3 },
      normal: { x: 0, y: 1, z: 0 },
      visible: true,
    });
    expect(tool.editing()).toBe('plane-1');
    expect(clipping.of('sections')).toHaveLength(1);
    expect(kept(clipping.all, v(5, 1.9, 3))).toBe(true);
    expect(kept(clipping.all, v(5, 2.1, 3))).toBe(false);
  });

  it(`keeps at most ${MAX_SECTION_PLANES} planes`, async () => {
    const { tool } = make();
    for (let i = 0; i < MAX_SECTION_PLANES; i++) await tool.addPlane(i % 2 ? 'x' : 'z');
    await expect(tool.addPlane('y')).rejects.toThrow(/At most 6/);
    expect(tool.state().planes).toHaveLength(MAX_SECTION_PLANES);
    await tool.removePlane('plane-3');
    expect((await tool.addPlane('y')).id).toBe('plane-3');
  });

  it('moves, offsets, flips, turns and hides a plane; a hidden plane does not cut', async () => {
    const { tool, clipping } = make();
    const { id } = await tool.addPlane('y');
    await tool.setOffset(id, 3.5);
    expect(tool.state().planes[0]!.origin.y).toBeCloseTo(3.5);
    await tool.movePlane(id, -1);
    expect(tool.state().planes[0]!.origin.y).toBeCloseTo(2.5);
    await tool.flipPlane(id);
    expect(tool.state().planes[0]!.normal).toEqual({ x: 0, y: -1, z: 0 });
    expect(kept(clipping.all, v(0, 3, 0))).toBe(true);
    await tool.rotatePlane(id, { x: 0, y: 0, z: 1 }, 90);
    const normal = tool.state().planes[0]!.normal;
    expect(normal.x).toBeCloseTo(1);
    expect(normal.y).toBeCloseTo(0);
    await tool.updatePlane(id, { visible: false });
    expect(clipping.of('sections')).toHaveLength(0);
    await expect(tool.setOffset('nope', 1)).rejects.toThrow(/no such/);
    await expect(tool.updatePlane(id, { normal: { x: 0, y: 0, z: 0 } })).rejects.toThrow(/direction/);
  });

  it('puts a plane on the nearest clicked face of any model, cutting away the side towards the camera', async () => {
    const near = fakeModel('urn:b', new THREE.Box3(v(0, 0, 0), v(1, 1, 1)), {
      point: v(2, 1, 4),
      // the face seen from behind: turned towards the camera
      normal: v(0, 0, -1),
      distance: 26,
    });
    const far = fakeModel('urn:a', new THREE.Box3(v(0, 0, 0), v(10, 4, 6)), {
      point: v(2, 1, 0),
      normal: v(1, 0, 0),
      distance: 30,
    });
    const { tool } = make([far, near]);
    const plane = await tool.addPlaneOnFace(40, 50);
    expect(plane?.origin.x).toBe(2);
    expect(plane?.origin.z).toBeCloseTo(4.005);
    expect(plane?.normal.z).toBeCloseTo(1);
    expect(far.raycast).toHaveBeenCalled();
    const { tool: other } = make([fakeModel('urn:c', new THREE.Box3())]);
    expect(await other.addPlaneOnFace(1, 1)).toBeNull();
  });

  it('tells its listeners after every change', async () => {
    const { tool } = make();
    const changed = vi.fn();
    const stop = tool.onChange(changed);
    const { id } = await tool.addPlane('x');
    await tool.flipPlane(id);
    await tool.setCapColour('#ff0000');
    tool.edit(null);
    await tool.removePlane(id);
    expect(changed).toHaveBeenCalledTimes(5);
    stop();
    await tool.addPlane('x');
    expect(changed).toHaveBeenCalledTimes(5);
    await expect(tool.setCapColour('red')).rejects.toThrow(/colour/);
  });
});

describe('section box', () => {
  it('keeps only what is inside the box around the selection', async () => {
    const { tool, clipping, models } = make();
    await tool.boxAround([{ model: 'urn:a', localId: 7 }]);
    expect(models[0]!.getMergedBox).toHaveBeenCalledWith([7]);
    // the merged box (1,1,1)–(3,2,2) grown by 0.1 m
    expect(tool.state().box!.min.x).toBeCloseTo(0.9);
    expect(tool.state().box!.max.y).toBeCloseTo(2.1);
    expect(tool.editing()).toBe('box');
    expect(clipping.of('sections')).toHaveLength(6);
    expect(kept(clipping.all, v(2, 1.5, 1.5))).toBe(true);
    expect(kept(clipping.all, v(5, 1.5, 1.5))).toBe(false);
    await tool.boxAround();
    expect(tool.state().box!.max.x).toBeCloseTo(10.5);
    await tool.setBox(null);
    expect(clipping.of('sections')).toHaveLength(0);
    expect(tool.editing()).toBeNull();
    await expect(tool.setBox({ min: { x: 1, y: 0, z: 0 }, max: { x: 0, y: 1, z: 1 } })).rejects.toThrow();
  });
});

describe('stored sections', () => {
  it('restores exactly what it stores', async () => {
    const { tool, clipping } = make();
    const state: SectionsState = {
      planes: [
        { id: 'a', origin: { x: 1, y: 2, z: 3 }, normal: { x: 0, y: 1, z: 0 }, visible: true },
        { id: 'b', origin: { x: 0, y: 0, z: 0 }, normal: { x: 0.6, y: 0, z: 0.8 }, visible: false },
      ],
      box: { min: { x: -1, y: -1, z: -1 }, max: { x: 4, y: 5, z: 6 } },
      capColour: '#123456',
    };
    await tool.restore(state);
    expect(tool.state()).toEqual(state);
    // the shown plane and the box's six faces
    expect(clipping.of('sections')).toHaveLength(7);
    await tool.restore(tool.state());
    expect(tool.state()).toEqual(state);
    await tool.restore(null);
    expect(tool.state()).toEqual({ planes: [], box: null, capColour: null });
    expect(clipping.of('sections')).toHaveLength(0);
  });
});

/** Give a fake model materials: an opaque red used twice, a see-through blue glass used five times. */
function withMaterials(model: FakeModel) {
  const samples = new Map(
    [1, 1, 2, 2, 2, 2, 2].map((material, i) => [
      i,
      { item: i, material, representation: 0, localTransform: 0 },
    ]),
  );
  const materials = new Map([
    [1, { r: 204, g: 34, b: 0, a: 255 }],
    [2, { r: 0, g: 80, b: 255, a: 60 }],
  ]);
  Object.assign(model, {
    getSamples: vi.fn(async () => samples),
    // as the worker gets them: what postMessage cannot clone (a Map's key iterator) fails there
    getMaterials: vi.fn(async (ids: Iterable<number>) => {
      structuredClone(ids);
      return new Map([...ids].map((id) => [id, materials.get(id)]));
    }),
  });
  return model;
}

describe('caps', () => {
  it("take a model's colour by model when it has one, and follow it", async () => {
    const first = withMaterials(fakeModel('urn:a', new THREE.Box3(v(0, 0, 0), v(10, 4, 6))));
    const looks: Record<string, string> = { 'urn:a': '#00aa44' };
    const { tool, scene, frame } = make([first], looks);
    await tool.addPlane('y');
    await tool.capsDrawn();
    const root = scene.getObjectByName('penstock-section-caps')!;
    const fill = () =>
      (root.children[0]!.children.find((c) => c instanceof THREE.Mesh) as THREE.Mesh)
        .material as THREE.MeshBasicMaterial;
    expect(fill().color.getHexString()).toBe('00aa44');
    // the Models panel changes the colour: the caps follow at the next frame, nothing computed again
    looks['urn:a'] = '#3355ff';
    frame();
    expect(fill().color.getHexString()).toBe('3355ff');
    delete looks['urn:a'];
    frame();
    expect(fill().color.getHexString()).toBe('cc2200');
    expect(first.getSection).toHaveBeenCalledTimes(1);
  });

  it('caps every cut of every shown model, in the chosen colour', async () => {
    const other = fakeModel('urn:b', new THREE.Box3(v(0, 0, 0), v(1, 1, 1)));
    const first = fakeModel('urn:a', new THREE.Box3(v(0, 0, 0), v(10, 4, 6)));
    // the first model is drawn mostly in an opaque red (its glass, more used, is see-through)
    withMaterials(first);
    other.object.position.set(100, 0, 0);
    other.object.updateMatrixWorld();
    const { tool, scene } = make([first, other]);
    await tool.addPlane('y');
    await tool.capsDrawn();
    expect(tool.caps()).toEqual([
      { cut: 'plane-1', model: 'urn:a', triangles: 1, segments: 3 },
      { cut: 'plane-1', model: 'urn:b', triangles: 1, segments: 3 },
    ]);
    // the other model's section is asked in its own frame
    const local = other.getSection.mock.calls[0]![0];
    expect(local.normal.y).toBeCloseTo(-1);
    const root = scene.getObjectByName('penstock-section-caps')!;
    const fill = root.children[0]!.children.find((c) => c instanceof THREE.Mesh) as THREE.Mesh;
    const otherFill = root.children[1]!.children.find((c) => c instanceof THREE.Mesh) as THREE.Mesh;
    // no colour chosen: each model's own (its most used opaque material; the plan grey without one)
    expect((fill.material as THREE.MeshBasicMaterial).color.getHexString()).toBe('cc2200');
    expect((otherFill.material as THREE.MeshBasicMaterial).color.getHexString()).toBe('6b7280');
    // drawn a hair into the kept side (below a plane cutting away above)
    const placed = root.children.find((g) => g.matrix.elements[12] === 0)!;
    expect(placed.matrix.elements[13]).toBeCloseTo(-CAP_INSET);
    await tool.setCapColour('#aa0000');
    await tool.capsDrawn();
    expect((fill.material as THREE.MeshBasicMaterial).color.getHexString()).toBe('aa0000');
    expect((otherFill.material as THREE.MeshBasicMaterial).color.getHexString()).toBe('aa0000');
    // the colour alone computes nothing again
    expect(first.getSection).toHaveBeenCalledTimes(1);
    await tool.boxAround();
    await tool.capsDrawn();
    expect(tool.caps()).toHaveLength(14);
    // a hidden model's caps are not drawn
    other.object.visible = false;
    await tool.movePlane('plane-1', 0.5);
    await tool.capsDrawn();
    expect(tool.caps().map((cap) => cap.model)).not.toContain('urn:b');
    expect(first.getSection).toHaveBeenCalledTimes(1 + 6 + 1);
    // the cut of the shown objects only, when some are hidden
    expect(first.getSection.mock.calls.at(-1)![1]).toBeUndefined();
    first.hidden = [2];
    await tool.movePlane('plane-1', 0.5);
    await tool.capsDrawn();
    expect(first.getSection.mock.calls.at(-1)![1]).toEqual([1, 3]);
  });
});

describe('handles', () => {
  it('moves the edited plane with its arrow without the camera controls seeing the press', async () => {
    const { tool, fire, frame, scene } = make();
    await tool.addPlane({ origin: { x: 5, y: 2, z: 3 }, normal: { x: 0, y: 1, z: 0 } });
    frame();
    expect(scene.getObjectByName('penstock-section-handles')!.visible).toBe(true);
    // the camera looks at (5, 2, 3) from 27 m: 1000 px show 2·27·tan 25° ≈ 25.2 m; 40 px are ≈ 1.007 m
    const press = fire('pointerdown', 500, 480);
    expect(press.stopped).toBe(true);
    fire('pointermove', 500, 460);
    fire('pointermove', 500, 440);
    expect(tool.state().planes[0]!.origin.y).toBeCloseTo(2 + 1.007, 2);
    expect(tool.state().planes[0]!.normal).toEqual({ x: 0, y: 1, z: 0 });
    fire('pointerup', 500, 440);
    // a press away from the handles goes on to the camera controls
    expect(fire('pointerdown', 50, 950).stopped).toBe(false);
    tool.edit(null);
    expect(scene.getObjectByName('penstock-section-handles')!.visible).toBe(false);
    expect(fire('pointerdown', 500, 480).stopped).toBe(false);
  });

  it('turns the edited plane with a ring', async () => {
    const { tool, fire, frame } = make();
    await tool.addPlane({ origin: { x: 5, y: 2, z: 3 }, normal: { x: 0, y: 1, z: 0 } });
    frame();
    // the ring facing the camera has a radius of about 38 px: from its right to its top is a quarter turn
    // (the ring seen edge on is hidden and does not take the press; a pixel off the torus' seam)
    expect(fire('pointerdown', 538, 499).stopped).toBe(true);
    fire('pointermove', 527, 473);
    fire('pointermove', 500, 462);
    fire('pointerup', 500, 462);
    const normal = tool.state().planes[0]!.normal;
    expect(normal.x).toBeCloseTo(-1, 2);
    expect(normal.y).toBeCloseTo(0, 1);
    expect(tool.state().planes[0]!.origin).toEqual({ x: 5, y: 2, z: 3 });
  });

  it('resizes the box by a face', async () => {
    const { tool, fire, frame } = make();
    await tool.setBox({ min: { x: 0, y: 0, z: 0 }, max: { x: 10, y: 4, z: 6 } });
    frame();
    // the top face's knob stands above (5, 4, 3), 80 px above the middle: press on it and drag down 40 px
    const press = fire('pointerdown', 500, 400);
    expect(press.stopped).toBe(true);
    fire('pointermove', 500, 440);
    fire('pointerup', 500, 440);
    const box = tool.state().box!;
    expect(box.max.y).toBeCloseTo(3, 1);
    expect(box.min).toEqual({ x: 0, y: 0, z: 0 });
  });
});

describe('dispose', () => {
  it('takes its clipping and scene objects away', async () => {
    const { tool, clipping, scene } = setup();
    await tool.addPlane('x');
    tool.dispose();
    expect(clipping.all).toHaveLength(0);
    expect(scene.getObjectByName('penstock-section-caps')).toBeUndefined();
    expect(scene.getObjectByName('penstock-section-handles')).toBeUndefined();
  });
});
