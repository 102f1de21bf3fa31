import type { FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';
import type { ViewerContext } from './context.ts';
import type { FederatedModelState, Vec3 } from './state.ts';
import { alignment, placementMatrix, type AlignmentFrame, type Georeference } from './georeference.ts';

/**
 * The other models of a federated view, beside the tab's own: added from their .frag bytes, shown or hidden,
 * drawn in one colour (colour by model) or see-through, aligned, removed. Models line up in the own model's
 * frame by their georeferences (georeference.ts: their IfcMapConversion, else their located IfcSite, else
 * their own coordinates, the project origin), read by the server at conversion and asked for through
 * setGeoreferenceSource; an administrator's offset and rotation are applied on top.
 */
export interface FederationTool {
  /** the other models, in the order they were added */
  list(): FederatedModelState[];
  /** how a model is drawn as a whole (its colour by model and opacity); the tab's own is drawn as it is */
  look(modelId: string): { colour: string | null; opacity: number };
  /**
   * add a converted model version (its .frag bytes), shown as `settings` say (defaults: shown, opaque);
   * resolves once its first tiles are on the canvas (a hidden model: once it is loaded)
   */
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
  /**
   * Told when a model starts loading into the view (its load, resolved or rejected when its first tiles are
   * on the canvas or it failed): the page can hold its own background work meanwhile, and the viewer holds
   * its frames.
   */
  onLoading(callback: (work: Promise<unknown>) => void): () => void;
  /** What a model was lined up by: its map conversion, its site, or its own coordinates (null: not in the view). */
  alignedBy(modelId: string): AlignmentFrame | null;
  /**
   * Where a model version's georeference comes from (the server's model information); without a source,
   * or when it fails, models line up by their own coordinates.
   */
  setGeoreferenceSource(source: ((versionId: string) => Promise<Georeference | null>) | null): void;
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
  /** Resolves once the model's first tiles are on the canvas (at once when it has nothing to show). */
  drawn(model: FragmentsModel): Promise<void>;
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

/**
 * Where a model is put: its aligned placement (georeference.ts), turned about its own vertical by the
 * rotation first, and moved by the offset last (viewer axes).
 */
export function placeModel(object: THREE.Object3D, aligned: THREE.Matrix4, state: FederatedModelState) {
  const matrix = new THREE.Matrix4()
    .makeTranslation(state.offset.x, state.offset.y, state.offset.z)
    .multiply(aligned)
    .multiply(new THREE.Matrix4().makeRotationY(THREE.MathUtils.degToRad(state.rotation)));
  matrix.decompose(object.position, object.quaternion, object.scale);
  object.updateMatrixWorld(true);
}

interface Entry {
  model: FragmentsModel;
  aligned: THREE.Matrix4;
  frame: AlignmentFrame;
  state: FederatedModelState;
}

/** A User Timing mark of a step of adding a model ('penstock:add:<step>:<version>'), for the model bench. */
const mark = (step: string, versionId: string) => {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
    performance.mark(`penstock:add:${step}:${versionId}`);
};

const versionOf = (modelId: string) => (modelId.startsWith('urn:') ? modelId.slice(4) : null);

export function createFederation(context: ViewerContext, loader: ModelLoader): FederationTool {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  const loadingListeners = new Set<(work: Promise<unknown>) => void>();
  let georeferenceSource: ((versionId: string) => Promise<Georeference | null>) | null = null;
  const georeferences = new Map<string, Promise<Georeference | null>>();
  const georeferenceOf = (modelId: string): Promise<Georeference | null> => {
    const versionId = versionOf(modelId);
    const source = georeferenceSource;
    if (!versionId || !source) return Promise.resolve(null);
    let known = georeferences.get(versionId);
    if (!known) {
      known = source(versionId).catch(() => null);
      georeferences.set(versionId, known);
      // a failed read is asked again next time
      void known.then((g) => g === null && georeferences.delete(versionId));
    }
    return known;
  };
  /**
   * A model's placement in the own model's frame. Fragments' autoCoordinate has already moved the object
   * (relative to the first model it loaded); the placement is set whole, so that move is not added twice.
   */
  const align = async (model: FragmentsModel) => {
    const own = context.models()[0];
    if (!own || own === model) return { aligned: new THREE.Matrix4(), frame: 'project' as const };
    const [ownGeo, otherGeo, ownCoordination, otherCoordination] = await Promise.all([
      georeferenceOf(own.modelId),
      georeferenceOf(model.modelId),
      own.getCoordinationMatrix().catch(() => new THREE.Matrix4()),
      model.getCoordinationMatrix().catch(() => new THREE.Matrix4()),
    ]);
    const { frame, matrix } = alignment(ownGeo, otherGeo);
    own.object.updateMatrixWorld(true);
    const aligned = placementMatrix({
      ownWorld: own.object.matrixWorld,
      ownCoordination,
      otherCoordination,
      ifcMatrix: matrix,
    });
    return { aligned, frame };
  };
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
        // the georeferences (the tab's model's and this one's) are asked for while the model loads
        const own = context.models()[0];
        if (own) void georeferenceOf(own.modelId);
        void georeferenceOf(state.modelId);
        mark('start', state.versionId);
        const model = await loader.load(fragBytes, state.modelId);
        mark('loaded', state.versionId);
        const entry: Entry = { model, ...(await align(model)), state };
        mark('aligned', state.versionId);
        entries.set(state.modelId, entry);
        await show(entry, null);
        await context.refresh();
        mark('refreshed', state.versionId);
        // added once its first tiles are on the canvas, as the tab's own model is loaded once they are
        if (state.visible) await loader.drawn(model);
        mark('drawn', state.versionId);
      })();
      loading.set(state.modelId, job);
      for (const listener of loadingListeners) listener(job);
      try {
        await job;
      } finally {
        loading.delete(state.modelId);
      }
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
      // the bytes of every model to add are asked for at once; the models are added in order
      const bytes = new Map<string, Promise<ArrayBuffer>>();
      for (const state of wanted.values()) {
        if (entries.has(state.modelId) || context.model(state.modelId)) continue;
        const download = fetch(state.versionId);
        download.catch(() => undefined); // a failure is thrown where the model is added
        bytes.set(state.modelId, download);
      }
      for (const state of wanted.values()) {
        if (context.model(state.modelId) && !entries.has(state.modelId)) continue; // the tab's own model
        if (entries.has(state.modelId)) await api.update(state.modelId, state);
        else await api.add(await bytes.get(state.modelId)!, state.versionId, state);
      }
    },
    onChange(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    onLoading(callback) {
      loadingListeners.add(callback);
      return () => loadingListeners.delete(callback);
    },
    alignedBy: (modelId) => entries.get(modelId)?.frame ?? null,
    setGeoreferenceSource(source) {
      georeferenceSource = source;
      georeferences.clear();
    },
  };
  return api;
}
