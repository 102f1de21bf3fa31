import type { FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';
import type { ViewerContext } from './context.ts';
import type { FederatedModelState, Vec3 } from './state.ts';

/**
 * The other models of a federated view, beside the tab's own: added from their .frag bytes, shown or hidden,
 * drawn in one colour (colour by model) or see-through, aligned, removed. Fragments lines models up by their
 * coordinates (each .frag keeps the offset its IFC was moved by to come near the origin: the site placement
 * and map conversion of the IFC), relative to the first model loaded; an administrator's offset and rotation
 * are applied on top.
 */
export interface FederationTool {
  /** the other models, in the order they were added */
  list(): FederatedModelState[];
  /** how a model is drawn as a whole (its colour by model and opacity); the tab's own is drawn as it is */
  look(modelId: string): { colour: string | null; opacity: number };
  /** add a converted model version (its .frag bytes), shown as `settings` say (defaults: shown, opaque) */
  add(fragBytes: ArrayBuffer, versionId: string, settings?: Partial<FederatedModelState>): Promise<void>;
  /** take a model out of the view */
  remove(modelId: string): Promise<void>;
  /** change how a model is shown or aligned */
  update(
    modelId: string,
    patch: Partial<Pick<FederatedModelState, 'visible' | 'opacity' | 'colour' | 'offset' | 'rotation'>>,
  ): Promise<void>;
  /** the models of a stored view: those not listed are removed, listed ones updated; bytes for new ones from `fetch` */
  restore(
    states: readonly FederatedModelState[] | null | undefined,
    fetch: (versionId: string) => Promise<ArrayBuffer>,
  ): Promise<void>;
  onChange(callback: () => void): () => void;
}

/** The hooks of the model viewer that load and unload a model in its Fragments worker. */
export interface ModelLoader {
  load(fragBytes: ArrayBuffer, modelId: string): Promise<FragmentsModel>;
  unload(model: FragmentsModel): Promise<void>;
  /**
   * Draw a model's colour and opacity (modelLook): the appearance tool paints them under its own colours and
   * x-ray, as both use the same per-object colour and opacity of Fragments.
   */
  repaint(modelId: string): Promise<void>;
}

export const federatedModelId = (versionId: string) => `urn:${versionId}`;

const ZERO: Vec3 = { x: 0, y: 0, z: 0 };
const COLOUR = /^#[0-9a-f]{6}$/i;

/** Check and complete a model's settings: opacity in 0..1, a #rrggbb colour or null, finite offset. */
export function federatedSettings(versionId: string, settings: Partial<FederatedModelState> = {}) {
  const opacity = settings.opacity ?? 1;
  if (!(opacity >= 0 && opacity <= 1))
    throw new Error(`The opacity must be between 0 and 1, not ${opacity}.`);
  const colour = settings.colour ?? null;
  if (colour !== null && !COLOUR.test(colour)) throw new Error(`'${colour}' is not a colour (#rrggbb).`);
  const offset = settings.offset ?? ZERO;
  const rotation = settings.rotation ?? 0;
  if (![offset.x, offset.y, offset.z, rotation].every(Number.isFinite)) {
    throw new Error('The offset and rotation must be numbers.');
  }
  return {
    modelId: federatedModelId(versionId),
    versionId,
    visible: settings.visible ?? true,
    opacity,
    colour,
    offset: { x: offset.x, y: offset.y, z: offset.z },
    rotation,
  } satisfies FederatedModelState;
}

/** Where a model is put: its aligned (coordinated) position plus the offset, turned about the vertical. */
export function placeModel(object: THREE.Object3D, aligned: THREE.Vector3, state: FederatedModelState) {
  object.position.set(aligned.x + state.offset.x, aligned.y + state.offset.y, aligned.z + state.offset.z);
  object.rotation.set(0, THREE.MathUtils.degToRad(state.rotation), 0);
  object.updateMatrixWorld(true);
}

interface Entry {
  model: FragmentsModel;
  aligned: THREE.Vector3;
  state: FederatedModelState;
}

export function createFederation(context: ViewerContext, loader: ModelLoader): FederationTool {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };

  const show = async (entry: Entry, previous: FederatedModelState | null) => {
    const { model, state } = entry;
    placeModel(model.object, entry.aligned, state);
    model.object.visible = state.visible;
    const repaint = previous
      ? previous.colour !== state.colour || previous.opacity !== state.opacity
      : state.colour !== null || state.opacity < 1;
    if (repaint) await loader.repaint(state.modelId);
  };

  const api: FederationTool = {
    list: () => [...entries.values()].map((e) => structuredClone(e.state)),
    look(modelId) {
      const state = entries.get(modelId)?.state;
      return { colour: state?.colour ?? null, opacity: state?.opacity ?? 1 };
    },
    async add(fragBytes, versionId, settings) {
      const state = federatedSettings(versionId, settings);
      if (entries.has(state.modelId) || loading.has(state.modelId) || context.model(state.modelId)) {
        throw new Error('This model version is already in the view.');
      }
      const job = (async () => {
        const model = await loader.load(fragBytes, state.modelId);
        const entry = { model, aligned: model.object.position.clone(), state };
        entries.set(state.modelId, entry);
        await show(entry, null);
      })();
      loading.set(state.modelId, job);
      try {
        await job;
      } finally {
        loading.delete(state.modelId);
      }
      await context.refresh();
      changed();
    },
    async remove(modelId) {
      const entry = entries.get(modelId);
      if (!entry) return;
      entries.delete(modelId);
      await loader.unload(entry.model);
      await context.refresh();
      changed();
    },
    async update(modelId, patch) {
      const entry = entries.get(modelId);
      if (!entry) throw new Error('This model is not in the view.');
      const previous = entry.state;
      entry.state = federatedSettings(previous.versionId, { ...previous, ...patch });
      await show(entry, previous);
      await context.refresh();
      changed();
    },
    async restore(states, fetch) {
      const wanted = new Map((states ?? []).map((s) => [s.modelId, s]));
      for (const modelId of [...entries.keys()]) if (!wanted.has(modelId)) await api.remove(modelId);
      for (const state of wanted.values()) {
        if (context.model(state.modelId) && !entries.has(state.modelId)) continue; // the tab's own model
        if (entries.has(state.modelId)) await api.update(state.modelId, state);
        else await api.add(await fetch(state.versionId), state.versionId, state);
      }
    },
    onChange(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };
  return api;
}
