import { describe, expect, it, vi } from 'vitest';
import * as THREE from 'three';
import type { FragmentsModel } from '@thatopen/fragments';
import type { ViewerContext } from './context.ts';
import { createSnapper, latestOnly } from './snapping.ts';

const WIDTH = 800;
const HEIGHT = 600;

/** An axis-aligned box's 12 triangles (outward), 9 numbers each. */
function box(min: THREE.Vector3, max: THREE.Vector3): number[] {
  const geometry = new THREE.BoxGeometry(max.x - min.x, max.y - min.y, max.z - min.z).toNonIndexed();
  const centre = min.clone().add(max).multiplyScalar(0.5);
  geometry.translate(centre.x, centre.y, centre.z);
  return [...(geometry.getAttribute('position').array as Float32Array)];
}

describe('createSnapper', () => {
  // looking straight down on a floor slab (object 1) with a 2 m high block (object 2) standing on it
  const camera = new THREE.PerspectiveCamera(50, WIDTH / HEIGHT, 0.1, 100);
  camera.position.set(0, 20, 0.001);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  const shapes: Record<number, number[]> = {
    1: box(new THREE.Vector3(-5, -0.2, -5), new THREE.Vector3(5, 0, 5)),
    2: box(new THREE.Vector3(0, 0, 0), new THREE.Vector3(1, 2, 1)),
  };
  const model = {
    modelId: 'urn:v.1',
    object: new THREE.Object3D(),
    getItemsGeometry: vi.fn(async (ids: number[]) =>
      ids.map((id) => [{ transform: new THREE.Matrix4(), positions: Float32Array.from(shapes[id]!) }]),
    ),
  } as unknown as FragmentsModel;
  const screen = (p: THREE.Vector3) => {
    const v = p.clone().project(camera);
    return { x: ((v.x + 1) / 2) * WIDTH, y: ((1 - v.y) / 2) * HEIGHT };
  };
  /** the object drawn at a pixel: the block where its top covers it, else the slab */
  const objectAt = (x: number, y: number) => {
    const [a, b] = [screen(new THREE.Vector3(0, 2, 0)), screen(new THREE.Vector3(1, 2, 1))];
    const onBlock =
      x >= Math.min(a.x, b.x) &&
      x <= Math.max(a.x, b.x) &&
      y >= Math.min(a.y, b.y) &&
      y <= Math.max(a.y, b.y);
    return { model, localId: onBlock ? 2 : 1 };
  };
  const context = {
    canvas: { getBoundingClientRect: () => ({ left: 0, top: 0, width: WIDTH, height: HEIGHT }) },
    camera: () => camera,
    clipping: () => [],
    pickCached: vi.fn((x: number, y: number) => objectAt(x, y)),
    pickReady: () => true,
    // the id buffer's depth: the block's top (y = 2) or the slab's (y = 0) under the pixel
    pointCached: (x: number, y: number) => {
      const ray = new THREE.Raycaster();
      ray.setFromCamera(new THREE.Vector2((x / WIDTH) * 2 - 1, -(y / HEIGHT) * 2 + 1), camera);
      const top = objectAt(x, y).localId === 2 ? 2 : 0;
      return ray.ray.intersectPlane(new THREE.Plane(new THREE.Vector3(0, 1, 0), -top), new THREE.Vector3());
    },
  } as unknown as ViewerContext;

  it("finds the block's top corner from a pixel just off it, over the slab", async () => {
    const snapper = createSnapper(context);
    const corner = screen(new THREE.Vector3(1, 2, 1));
    // a pointer move waits for no geometry: the slab's face at the depth buffer's point, the slab's and the
    // block's geometry fetched meanwhile
    const later = vi.fn();
    expect(objectAt(corner.x + 4, corner.y + 4).localId).toBe(1);
    const first = await snapper.at(corner.x + 4, corner.y + 4, { later });
    expect(context.pickCached).toHaveBeenCalledWith(corner.x + 4, corner.y + 4);
    expect(first).toMatchObject({ kind: 'face', localId: 1 });
    await vi.waitFor(() => expect(later).toHaveBeenCalledTimes(1));
    // asked again: the block's corner, the face under the pointer still the slab's
    const snap = await snapper.at(corner.x + 4, corner.y + 4);
    expect(snap).toMatchObject({ kind: 'vertex', localId: 2, point: { x: 1, y: 2, z: 1 } });
    expect(snap!.surface).toMatchObject({ localId: 1 });
    expect(model.getItemsGeometry).toHaveBeenCalledTimes(2);
  });

  it('waits for the objects beside the pointer on a click', async () => {
    const snapper = createSnapper(context);
    const corner = screen(new THREE.Vector3(0, 2, 0));
    expect(objectAt(corner.x - 3, corner.y - 3).localId).toBe(1);
    expect(await snapper.at(corner.x - 3, corner.y - 3, { complete: true })).toMatchObject({
      kind: 'vertex',
      localId: 2,
      point: { x: 0, y: 2, z: 0 },
    });
  });

  it('leaves out what a section cuts away', async () => {
    const cut = {
      ...context,
      clipping: () => [new THREE.Plane(new THREE.Vector3(0, -1, 0), 1)],
    } as ViewerContext;
    const snapper = createSnapper(cut);
    const corner = screen(new THREE.Vector3(1, 2, 1));
    // the block is cut at 1 m: its top corner is gone; the pixel shows the block's side below the cut
    const snap = await snapper.at(corner.x + 4, corner.y + 4);
    expect(snap?.point.y ?? 0).toBeLessThanOrEqual(1 + 1e-9);
  });
});

describe('a pointer move never waits for the worker', () => {
  const camera = new THREE.PerspectiveCamera(50, WIDTH / HEIGHT, 0.1, 100);
  camera.position.set(0, 20, 0.001);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  const slab = box(new THREE.Vector3(-5, -0.2, -5), new THREE.Vector3(5, 0, 5));
  /** a model whose geometry fetches the test answers when it wants */
  const slowModel = () => {
    const pending: (() => void)[] = [];
    const model = {
      modelId: 'urn:v.2',
      object: new THREE.Object3D(),
      getItemsGeometry: vi.fn(
        (ids: number[]) =>
          new Promise((resolve) =>
            pending.push(() =>
              resolve(
                ids.map(() => [{ transform: new THREE.Matrix4(), positions: Float32Array.from(slab) }]),
              ),
            ),
          ),
      ),
    } as unknown as FragmentsModel & { getItemsGeometry: ReturnType<typeof vi.fn> };
    return { model, answer: () => pending.splice(0).forEach((run) => run()) };
  };
  const contextOf = (model: FragmentsModel, extra: Partial<Record<string, unknown>> = {}) =>
    ({
      canvas: { getBoundingClientRect: () => ({ left: 0, top: 0, width: WIDTH, height: HEIGHT }) },
      camera: () => camera,
      clipping: () => [],
      models: () => [model],
      pickCached: () => ({ model, localId: 1 }),
      pickReady: () => true,
      pointCached: (x: number, y: number) => {
        const ray = new THREE.Raycaster();
        ray.setFromCamera(new THREE.Vector2((x / WIDTH) * 2 - 1, -(y / HEIGHT) * 2 + 1), camera);
        return ray.ray.intersectPlane(new THREE.Plane(new THREE.Vector3(0, 1, 0), 0), new THREE.Vector3());
      },
      ...extra,
    }) as unknown as ViewerContext;

  it("answers a face at the depth buffer's point while the object's geometry is fetched, then snaps to its corner", async () => {
    const { model, answer } = slowModel();
    const snapper = createSnapper(contextOf(model));
    const corner = new THREE.Vector3(5, 0, 5).project(camera);
    const at = { x: ((corner.x + 1) / 2) * WIDTH - 3, y: ((1 - corner.y) / 2) * HEIGHT - 3 };
    const later = vi.fn();
    // the fetch is not answered: the move does not wait for it
    const first = await snapper.at(at.x, at.y, { later });
    expect(first).toMatchObject({ kind: 'face', localId: 1, point: { y: 0 } });
    expect(model.getItemsGeometry).toHaveBeenCalledTimes(1);
    expect(later).not.toHaveBeenCalled();
    // a second move meanwhile asks for nothing more
    await snapper.at(at.x, at.y, { later });
    expect(model.getItemsGeometry).toHaveBeenCalledTimes(1);
    answer();
    await vi.waitFor(() => expect(later).toHaveBeenCalled());
    const snap = await snapper.at(at.x, at.y);
    expect(snap).toMatchObject({ kind: 'vertex', point: { x: 5, z: 5 } });
    expect(snap!.point.y).toBeCloseTo(0, 6);
  });

  it('shows nothing while the id buffer is stale, and asks again once it is drawn', async () => {
    const { model } = slowModel();
    let ready = false;
    let settled: (() => void) | null = null;
    const snapper = createSnapper(
      contextOf(model, {
        pickCached: () => (ready ? { model, localId: 1 } : undefined),
        pickReady: () => ready,
        onPickReady: (callback: () => void) => {
          settled = callback;
          return () => (settled = null);
        },
      }),
    );
    const later = vi.fn();
    expect(await snapper.at(400, 300, { later })).toBeNull();
    expect(model.getItemsGeometry).not.toHaveBeenCalled();
    ready = true;
    settled!();
    expect(later).toHaveBeenCalledTimes(1);
    // the settled view also fetched ahead the objects around the pointer
    expect(model.getItemsGeometry).toHaveBeenCalledTimes(1);
    snapper.dispose();
    expect(settled).toBeNull();
  });
});

describe('latestOnly', () => {
  it('runs one request at a time, the latest waiting one next', async () => {
    const started: number[] = [];
    const answered: number[] = [];
    const release: (() => void)[] = [];
    const queue = latestOnly(
      (n: number) => {
        started.push(n);
        return new Promise<number>((resolve) => release.push(() => resolve(n)));
      },
      (answer) => answered.push(answer),
    );
    queue.push(1);
    queue.push(2);
    queue.push(3);
    expect(started).toEqual([1]);
    release.shift()!();
    await vi.waitFor(() => expect(started).toEqual([1, 3]));
    release.shift()!();
    await vi.waitFor(() => expect(answered).toEqual([1, 3]));
    queue.stop();
    queue.push(4);
    expect(started).toEqual([1, 3]);
  });
});
