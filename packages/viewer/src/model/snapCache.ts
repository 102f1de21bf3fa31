import * as THREE from 'three';
import type { FragmentsModel } from '@thatopen/fragments';
import { objectTriangles } from './measureGeometry.ts';
import { snapGeometry, type SnapGeometry } from './snapGeometry.ts';

/** How many objects' geometry is kept for snapping (the last used). */
export const SNAP_CACHE_SIZE = 256;

/**
 * The geometry of the objects the pointer is on or near, for snapping: fetched from Fragments once
 * (getItemsGeometry, several objects of a model in one call), prepared for snapping when first used, the
 * last SNAP_CACHE_SIZE objects kept. An entry is fetched again when its model has moved (a federated
 * model's offset).
 */
export interface SnapCache {
  geometry(model: FragmentsModel, localId: number): Promise<SnapGeometry>;
  /** whether an object's geometry is here or on its way */
  has(model: FragmentsModel, localId: number): boolean;
  /**
   * An object's geometry when it is here (prepared for snapping as it arrived), at once; null while it is
   * on its way or not asked for (a pointer move never waits for the worker).
   */
  ready(model: FragmentsModel, localId: number): SnapGeometry | null;
  /** fetch these objects in the background (those not here yet), one call per model; resolves when done */
  prefetch(objects: readonly { model: FragmentsModel; localId: number }[]): Promise<void>;
  clear(): void;
}

interface Entry {
  matrix: THREE.Matrix4;
  triangles: Promise<number[]>;
  prepared: SnapGeometry | null;
}

export function createSnapCache(
  load: (model: FragmentsModel, localIds: number[]) => Promise<number[][]> = objectTriangles,
  size = SNAP_CACHE_SIZE,
): SnapCache {
  const entries = new Map<string, Entry>();
  const keyOf = (model: FragmentsModel, localId: number) => `${model.modelId}#${localId}`;
  /** the entry when it is here and the model has not moved since (marked as just used) */
  const current = (model: FragmentsModel, localId: number): Entry | null => {
    const key = keyOf(model, localId);
    const entry = entries.get(key);
    if (!entry) return null;
    model.object.updateMatrixWorld();
    if (!entry.matrix.equals(model.object.matrixWorld)) {
      entries.delete(key);
      return null;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };
  const fetch = (model: FragmentsModel, localIds: number[]) => {
    model.object.updateMatrixWorld();
    const matrix = model.object.matrixWorld.clone();
    const batch = load(model, localIds);
    localIds.forEach((localId, i) => {
      const key = keyOf(model, localId);
      const triangles = batch.then((all) => all[i] ?? []);
      const entry: Entry = { matrix, triangles, prepared: null };
      // prepared as it arrives, so the pointer move that uses it does not pay for it
      triangles.then(
        (arrived) => (entry.prepared ??= snapGeometry(arrived)),
        // a failed fetch is asked again next time
        () => entries.get(key) === entry && entries.delete(key),
      );
      entries.set(key, entry);
    });
    while (entries.size > size) entries.delete(entries.keys().next().value!);
    return batch;
  };
  return {
    async geometry(model, localId) {
      let entry = current(model, localId);
      if (!entry) {
        fetch(model, [localId]);
        entry = entries.get(keyOf(model, localId))!;
      }
      const triangles = await entry.triangles;
      entry.prepared ??= snapGeometry(triangles);
      return entry.prepared;
    },
    has: (model, localId) => current(model, localId) !== null,
    ready: (model, localId) => current(model, localId)?.prepared ?? null,
    prefetch(objects) {
      const byModel = new Map<FragmentsModel, number[]>();
      for (const { model, localId } of objects) {
        if (current(model, localId)) continue;
        const ids = byModel.get(model) ?? [];
        if (!ids.includes(localId)) ids.push(localId);
        byModel.set(model, ids);
      }
      const batches = [...byModel].map(([model, ids]) => fetch(model, ids));
      return Promise.all(batches).then(
        () => undefined,
        () => undefined,
      );
    },
    clear() {
      entries.clear();
    },
  };
}
