import { describe, expect, it, vi } from 'vitest';
import * as THREE from 'three';
import type { FragmentsModel } from '@thatopen/fragments';
import { createSnapCache } from './snapCache.ts';

/** One triangle per object, at x = its localId. */
const triangle = (localId: number) => [localId, 0, 0, localId + 1, 0, 0, localId, 1, 0];
const model = (modelId: string) => ({ modelId, object: new THREE.Object3D() }) as unknown as FragmentsModel;

describe('the snapping geometry cache', () => {
  it('fetches an object once, prefetches several of a model in one call, and keeps the last used', async () => {
    const load = vi.fn(async (_model: FragmentsModel, ids: number[]) => ids.map(triangle));
    const cache = createSnapCache(load, 3);
    const a = model('urn:a');
    const first = await cache.geometry(a, 1);
    expect(first.triangles).toEqual(Float64Array.from(triangle(1)));
    expect(first.corners.length / 3).toBe(3);
    expect(await cache.geometry(a, 1)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);

    cache.prefetch([
      { model: a, localId: 1 },
      { model: a, localId: 2 },
      { model: a, localId: 3 },
      { model: a, localId: 2 },
    ]);
    expect(load).toHaveBeenLastCalledWith(a, [2, 3]);
    await cache.geometry(a, 3);
    expect(load).toHaveBeenCalledTimes(2);
    // three kept: 1 was used least lately and goes when a fourth arrives
    await cache.geometry(a, 4);
    await cache.geometry(a, 1);
    expect(load).toHaveBeenLastCalledWith(a, [1]);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('fetches again after the model moved, or after a failed fetch', async () => {
    let fail = true;
    const load = vi.fn(async (_model: FragmentsModel, ids: number[]) => {
      if (fail) throw new Error('unloaded');
      return ids.map(triangle);
    });
    const cache = createSnapCache(load);
    const a = model('urn:a');
    await expect(cache.geometry(a, 1)).rejects.toThrow('unloaded');
    fail = false;
    await cache.geometry(a, 1);
    expect(load).toHaveBeenCalledTimes(2);
    a.object.position.set(5, 0, 0);
    await cache.geometry(a, 1);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.geometry(a, 1);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
