import type { FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';
import {
  createGpuPicker,
  PICK_NOTHING,
  PICK_UNKNOWN,
  pickModelIndex,
  pickItemOf,
  pointAtDepth,
} from './gpuPick.ts';

/** An item of the server's item table that belongs to no object. */
const NO_OBJECT = 0xffffffff;

/** An object of a loaded model. */
export interface PickedObject {
  model: FragmentsModel;
  localId: number;
}

/**
 * The model viewer's picking across every shown model of the view: one GPU id buffer (gpuPick.ts) names the
 * model and the item under a pixel, the item tables name the object, the depth target gives the point. The
 * worker is asked only where the buffer cannot tell (geometry without ids, far-away items drawn as lines)
 * and for items of a model without its table.
 */
export interface ModelPicking {
  /** The object under a client point in any shown model; the nearest hit of a worker raycast where the buffer cannot tell. */
  pickObject(clientX: number, clientY: number): Promise<PickedObject | null>;
  /** The tab's own model's object under a client point (null where another model's object is in front). */
  pick(clientX: number, clientY: number): Promise<number | null>;
  /** From the settled id buffer and the item tables alone: undefined where they cannot tell (ViewerContext.pickCached). */
  pickCached(clientX: number, clientY: number): PickedObject | null | undefined;
  /** The point drawn under a client point, from the settled buffer's depth (ViewerContext.pointCached). */
  pointCached(clientX: number, clientY: number): THREE.Vector3 | null;
  /** The tab's own model's item table (entry i: the localId of item i). */
  setItemIndex(localIdsOfItems: Uint32Array): void;
  /** Another model's item table (by its model id); null forgets it. */
  setModelItemIndex(modelId: string, localIdsOfItems: Uint32Array | null): void;
  /** The tab's own model's objects drawn in the settled buffer; null while it is stale or without the table. */
  drawnObjects(): Set<number> | null;
  /** Tiles arrived or left: the buffer is drawn again when the set of drawn meshes changed. */
  meshesChanged(): void;
  /** What is drawn changed (camera, visibility, sections, models, size). */
  invalidate(): void;
  arm(): void;
  ready(): boolean;
  /** Called each time a fresh id buffer is ready. */
  onReady(callback: () => void): () => void;
  dispose(): void;
}

export function createModelPicking(options: {
  renderer: THREE.WebGLRenderer;
  scene: THREE.Scene;
  canvas: HTMLCanvasElement;
  camera: () => THREE.PerspectiveCamera | THREE.OrthographicCamera;
  /** every loaded model, the tab's own first */
  models: () => readonly FragmentsModel[];
  disposed: () => boolean;
  /** while true the id buffer is not drawn (the viewer holds its frames): it is drawn once it is false */
  held?: () => boolean;
}): ModelPicking {
  const { renderer, scene, canvas, camera, models } = options;
  const picker = createGpuPicker(renderer, scene, () => models().map((m) => m.object), camera, options.held);
  let ownTable: Uint32Array | null = null;
  const tables = new Map<string, Uint32Array>();
  // items the worker named (models without a table, items past a table)
  const named = new Map<string, Map<number, number | null>>();

  const own = () => models()[0] ?? null;
  const modelOfRoot = (root: THREE.Object3D) => models().find((m) => m.object === root) ?? null;
  const tableOf = (model: FragmentsModel) =>
    model === own() ? ownTable : (tables.get(model.modelId) ?? null);
  /** The object of an item: a localId, null (an item of no object), undefined (not known without the worker). */
  const knownLocalId = (model: FragmentsModel, item: number): number | null | undefined => {
    const table = tableOf(model);
    if (table && item < table.length) {
      const localId = table[item]!;
      return localId === NO_OBJECT ? null : localId;
    }
    return named.get(model.modelId)?.get(item);
  };
  const localIdOf = async (model: FragmentsModel, item: number): Promise<number | null> => {
    const known = knownLocalId(model, item);
    if (known !== undefined) return known;
    const [localId] = await model.getLocalIdsFromItemIds([item]);
    let byItem = named.get(model.modelId);
    if (!byItem) named.set(model.modelId, (byItem = new Map()));
    byItem.set(item, localId ?? null);
    return localId ?? null;
  };

  const client = (clientX: number, clientY: number) => {
    const bounds = canvas.getBoundingClientRect();
    return { x: clientX - bounds.left, y: clientY - bounds.top, bounds };
  };

  /** The worker's raycast of every shown model, the nearest hit (geometry the buffer has no id for). */
  const raycastAll = async (clientX: number, clientY: number): Promise<PickedObject | null> => {
    const shown = models().filter((m) => m.object.visible);
    const mouse = new THREE.Vector2(clientX, clientY);
    const hits = await Promise.all(
      shown.map((m) => m.raycast({ camera: camera(), mouse, dom: canvas }).catch(() => null)),
    );
    let best: (PickedObject & { distance: number }) | null = null;
    hits.forEach((hit, i) => {
      if (hit && (!best || hit.distance < best.distance))
        best = { model: shown[i]!, localId: hit.localId, distance: hit.distance };
    });
    const nearest = best as (PickedObject & { distance: number }) | null;
    return nearest ? { model: nearest.model, localId: nearest.localId } : null;
  };

  const pickObject = async (clientX: number, clientY: number): Promise<PickedObject | null> => {
    if (!own() || options.disposed()) return null;
    const { x, y } = client(clientX, clientY);
    const hit = picker.pickAt(x, y);
    if (hit === PICK_NOTHING) return null;
    if (hit === PICK_UNKNOWN) return raycastAll(clientX, clientY);
    const model = modelOfRoot(hit.root);
    if (!model) return null;
    const localId = await localIdOf(model, hit.item);
    return localId === null ? null : { model, localId };
  };

  // a model shown without its item table: the items of the settled buffer are named by the worker in the
  // background (one call per model), so clicks there need no round trip
  const nameDrawnItems = () => {
    const roots = picker.drawnRoots();
    const codes = picker.drawnItems();
    if (!roots || !codes) return;
    const wanted = new Map<FragmentsModel, number[]>();
    for (const code of codes) {
      const model = roots[pickModelIndex(code)] && modelOfRoot(roots[pickModelIndex(code)]!);
      if (!model || tableOf(model)) continue;
      const item = pickItemOf(code);
      if (named.get(model.modelId)?.has(item)) continue;
      const items = wanted.get(model) ?? [];
      items.push(item);
      wanted.set(model, items);
    }
    for (const [model, items] of wanted) {
      void model
        .getLocalIdsFromItemIds(items)
        .then((localIds) => {
          let byItem = named.get(model.modelId);
          if (!byItem) named.set(model.modelId, (byItem = new Map()));
          items.forEach((item, i) => byItem.set(item, localIds[i] ?? null));
        })
        .catch(() => undefined);
    }
  };
  const offReady = picker.onReady(() => {
    if (models().some((m, i) => i > 0 && m.object.visible && !tableOf(m))) nameDrawnItems();
  });

  let meshSignature = '';
  return {
    pickObject,
    async pick(clientX, clientY) {
      const hit = await pickObject(clientX, clientY);
      return hit && hit.model === own() ? hit.localId : null;
    },
    pickCached(clientX, clientY) {
      // the id buffer and the item tables alone: no GPU pass, no worker round trip
      if (!own() || !picker.bufferReady()) return undefined;
      const { x, y } = client(clientX, clientY);
      const hit = picker.pickAt(x, y);
      if (hit === PICK_NOTHING) return null;
      if (hit === PICK_UNKNOWN) return undefined;
      const model = modelOfRoot(hit.root);
      if (!model) return undefined;
      const localId = knownLocalId(model, hit.item);
      if (localId === undefined) return undefined;
      return localId === null ? null : { model, localId };
    },
    pointCached(clientX, clientY) {
      const { x, y, bounds } = client(clientX, clientY);
      const depth = picker.depthAt(x, y);
      if (depth === null || !bounds.width || !bounds.height) return null;
      const view = camera();
      view.updateMatrixWorld();
      const ndc = { x: (x / bounds.width) * 2 - 1, y: -(y / bounds.height) * 2 + 1 };
      return pointAtDepth(view, ndc, depth);
    },
    setItemIndex(localIdsOfItems) {
      ownTable = localIdsOfItems;
    },
    setModelItemIndex(modelId, localIdsOfItems) {
      if (localIdsOfItems) tables.set(modelId, localIdsOfItems);
      else {
        tables.delete(modelId);
        named.delete(modelId);
      }
    },
    drawnObjects() {
      const codes = picker.drawnItems();
      const roots = picker.drawnRoots();
      const model = own();
      if (!codes || !roots || !model || !ownTable) return null;
      const index = roots.indexOf(model.object);
      const objects = new Set<number>();
      for (const code of codes) {
        if (pickModelIndex(code) !== index) continue;
        const localId = knownLocalId(model, pickItemOf(code));
        if (typeof localId === 'number') objects.add(localId);
      }
      return objects;
    },
    meshesChanged() {
      let count = 0;
      let sum = 0;
      for (const model of models()) {
        model.object.traverse((object) => {
          if (object.visible && (object as THREE.Mesh).isMesh) {
            count++;
            sum += object.id;
          }
        });
      }
      const signature = `${count}:${sum}`;
      if (signature !== meshSignature) {
        meshSignature = signature;
        picker.invalidate();
      }
    },
    invalidate: () => picker.invalidate(),
    arm: () => picker.arm(),
    ready: () => picker.bufferReady(),
    onReady: (callback) => picker.onReady(callback),
    dispose() {
      offReady();
      picker.dispose();
    },
  };
}
