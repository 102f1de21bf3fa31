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
  } as unknown as ViewerContext;

  it("finds the block's top corner from a pixel just off it, over the slab", async () => {
    const snapper = createSnapper(context);
    const corner = screen(new THREE.Vector3(1, 2, 1));
    // a pointer move waits for no geometry beside the pointer: the slab's face, the block fetched meanwhile
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
