import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import type { FragmentsModel } from '@thatopen/fragments';
import { hasVisibleMesh, untilMeshesShown } from './tiles.ts';

function fakeModel() {
  const handlers = new Set<() => void>();
  const object = new THREE.Group();
  const model = {
    object,
    onViewUpdated: { add: (h: () => void) => handlers.add(h), remove: (h: () => void) => handlers.delete(h) },
  } as unknown as FragmentsModel;
  return { model, object, handlers, trigger: () => [...handlers].forEach((h) => h()) };
}

describe('the first tiles of a model', () => {
  it('counts only meshes that are shown, their parents included', () => {
    const root = new THREE.Group();
    const tile = new THREE.Group();
    root.add(tile);
    expect(hasVisibleMesh(root)).toBe(false);
    tile.add(new THREE.Mesh());
    expect(hasVisibleMesh(root)).toBe(true);
    tile.visible = false;
    expect(hasVisibleMesh(root)).toBe(false);
  });

  it('waits until the worker has sent meshes, not until the view was taken', async () => {
    const { model, object, handlers, trigger } = fakeModel();
    let shown = false;
    const waiting = untilMeshesShown(model).then(() => (shown = true));
    trigger();
    await Promise.resolve();
    expect(shown).toBe(false);
    object.add(new THREE.Mesh());
    trigger();
    await waiting;
    expect(shown).toBe(true);
    expect(handlers.size).toBe(0);
  });

  it('gives up after its time limit (a view where nothing is drawn)', async () => {
    const { model, handlers } = fakeModel();
    await untilMeshesShown(model, 10);
    expect(handlers.size).toBe(0);
  });
});
