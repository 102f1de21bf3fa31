import type { AppearanceState, ObjectRef } from './state.ts';
import type { ModelViewerState } from './types.ts';

/**
 * The stored form of a view (ModelViewerState version 3, issue 33 §1): every object of every model of the
 * view is named by its model version and IFC GlobalId, as pins and BCF components name it, so a saved view,
 * an issue's viewpoint or a markup's view outlives the viewer's localIds (express ids). The viewer works
 * with localIds (version 2, `viewerState()`); these pure functions translate with a lookup of each version's
 * object index. Versions 1 and 2 (localIds) are still read as they are.
 */

/**
 * An object as a stored view names it: its model version and GlobalId; an object its version's index has
 * no GlobalId for keeps its localId (so nothing the user saw is dropped).
 */
export type StoredObject = { versionId: string; globalId: string } | { versionId: string; localId: number };

export interface StoredAppearance extends Omit<
  AppearanceState,
  'hidden' | 'isolated' | 'colours' | 'solid' | 'outlined'
> {
  hidden: StoredObject[];
  isolated: StoredObject[] | null;
  colours: { colour: string; objects: StoredObject[] }[];
  solid?: StoredObject[];
  outlined?: StoredObject[];
}

/** ModelViewerState version 3: the selection of every model in one list, objects by version + GlobalId. */
export interface StoredViewerState extends Omit<
  ModelViewerState,
  'version' | 'selection' | 'otherSelection' | 'appearance'
> {
  version: 3;
  /** the selected objects of every model of the view (the tab's own first) */
  selection: StoredObject[];
  appearance?: StoredAppearance;
}

/** A model version's objects: localIds and GlobalIds row by row (the server's object index, '' = none). */
export interface ObjectIdTable {
  localIds: ArrayLike<number>;
  guids: ArrayLike<string>;
}

/** Both ways between localIds and GlobalIds of one model version. */
export interface ObjectIds {
  guidOf(localId: number): string | undefined;
  localIdOf(globalId: string): number | undefined;
}

const tables = new WeakMap<ObjectIdTable, ObjectIds>();
/** The lookups of an object index (built once per table). */
export function objectIdsOf(table: ObjectIdTable): ObjectIds {
  let ids = tables.get(table);
  if (!ids) {
    const guidOfLocal = new Map<number, string>();
    const localOfGuid = new Map<string, number>();
    for (let row = 0; row < table.localIds.length; row++) {
      const localId = table.localIds[row]!;
      const guid = table.guids[row] ?? '';
      if (!guid) continue;
      if (!guidOfLocal.has(localId)) guidOfLocal.set(localId, guid);
      if (!localOfGuid.has(guid)) localOfGuid.set(guid, localId);
    }
    ids = { guidOf: (l) => guidOfLocal.get(l), localIdOf: (g) => localOfGuid.get(g) };
    tables.set(table, ids);
  }
  return ids;
}

/** The lookups of each model version named (undefined: that version's index is not known). */
export type ObjectIdsOf = (versionId: string) => ObjectIds | undefined;

/** The model version a viewer model id names (`urn:<versionId>`). */
export const versionOfModelId = (modelId: string): string =>
  modelId.startsWith('urn:') ? modelId.slice('urn:'.length) : modelId;
const modelIdOfVersion = (versionId: string) => `urn:${versionId}`;

export const isStoredViewerState = (state: unknown): state is StoredViewerState =>
  !!state && typeof state === 'object' && (state as { version?: unknown }).version === 3;

/** The model versions whose objects a state names (v3: its objects'; v1/2: none need translating). */
export function versionsOfStoredState(state: StoredViewerState): string[] {
  const a = state.appearance;
  const all = [
    ...state.selection,
    ...(a?.hidden ?? []),
    ...(a?.isolated ?? []),
    ...(a?.colours.flatMap((c) => c.objects) ?? []),
    ...(a?.solid ?? []),
    ...(a?.outlined ?? []),
  ];
  return [...new Set(all.map((o) => o.versionId))];
}

/** The model versions whose objects a runtime state names (its own model and every ref's). */
export function versionsOfViewerState(state: ModelViewerState, ownModelId: string): string[] {
  const a = state.appearance;
  const refs = [
    ...(state.otherSelection ?? []),
    ...(a?.hidden ?? []),
    ...(a?.isolated ?? []),
    ...(a?.colours.flatMap((c) => c.objects) ?? []),
    ...(a?.solid ?? []),
    ...(a?.outlined ?? []),
  ];
  const own = state.selection.length ? [versionOfModelId(ownModelId)] : [];
  return [...new Set([...own, ...refs.map((r) => versionOfModelId(r.model))])];
}

const storedOf =
  (idsOf: ObjectIdsOf) =>
  (ref: ObjectRef): StoredObject => {
    const versionId = versionOfModelId(ref.model);
    const globalId = idsOf(versionId)?.guidOf(ref.localId);
    return globalId ? { versionId, globalId } : { versionId, localId: ref.localId };
  };

/** Each object once, in order (two refs may name the same object). */
function unique(objects: StoredObject[]): StoredObject[] {
  const seen = new Set<string>();
  return objects.filter((o) => {
    const key = 'globalId' in o ? `${o.versionId}/g/${o.globalId}` : `${o.versionId}/l/${o.localId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The stored form (version 3) of the viewer's state, the tab's own model being `ownModelId`. */
export function toStoredState(
  state: ModelViewerState,
  ownModelId: string,
  idsOf: ObjectIdsOf,
): StoredViewerState {
  const store = storedOf(idsOf);
  const stores = (refs: readonly ObjectRef[]) => unique(refs.map(store));
  const { version: _version, selection, otherSelection, appearance, ...rest } = state;
  const own = selection.map((localId) => ({ model: ownModelId, localId }));
  const stored: StoredViewerState = {
    ...rest,
    version: 3,
    selection: stores([...own, ...(otherSelection ?? [])]),
  };
  if (appearance) {
    const { hidden, isolated, colours, solid, outlined, ...look } = appearance;
    stored.appearance = {
      ...look,
      hidden: stores(hidden),
      isolated: isolated ? stores(isolated) : null,
      colours: colours.map((c) => ({ colour: c.colour, objects: stores(c.objects) })),
      ...(solid?.length ? { solid: stores(solid) } : {}),
      ...(outlined?.length ? { outlined: stores(outlined) } : {}),
    };
  }
  return stored;
}

/**
 * The viewer's state (version 2) of a stored one: GlobalIds found in their version's index become localIds;
 * those the version no longer has (or whose index is unknown) are left out.
 */
export function fromStoredState(
  state: StoredViewerState,
  ownModelId: string,
  idsOf: ObjectIdsOf,
): ModelViewerState {
  const refsOf = (objects: readonly StoredObject[] | undefined): ObjectRef[] => {
    const refs: ObjectRef[] = [];
    const seen = new Set<string>();
    for (const o of objects ?? []) {
      const localId = 'globalId' in o ? idsOf(o.versionId)?.localIdOf(o.globalId) : o.localId;
      if (localId === undefined || !Number.isInteger(localId)) continue;
      const model = modelIdOfVersion(o.versionId);
      if (seen.has(`${model}/${localId}`)) continue;
      seen.add(`${model}/${localId}`);
      refs.push({ model, localId });
    }
    return refs;
  };
  const { version: _version, selection, appearance, ...rest } = state;
  const selected = refsOf(selection);
  const restored: ModelViewerState = {
    ...rest,
    version: 2,
    selection: selected.filter((r) => r.model === ownModelId).map((r) => r.localId),
    otherSelection: selected.filter((r) => r.model !== ownModelId),
  };
  if (appearance) {
    const { hidden, isolated, colours, solid, outlined, ...look } = appearance;
    restored.appearance = {
      ...look,
      hidden: refsOf(hidden),
      // an isolated set none of whose objects is found any more would hide everything: nothing is isolated
      isolated: isolated && (refsOf(isolated).length || !isolated.length) ? refsOf(isolated) : null,
      colours: (colours ?? []).map((c) => ({ colour: c.colour, objects: refsOf(c.objects) })),
      ...(solid?.length ? { solid: refsOf(solid) } : {}),
      ...(outlined?.length ? { outlined: refsOf(outlined) } : {}),
    };
  }
  return restored;
}

/**
 * The object indexes of model versions, from a source (the web app's object index per version), each asked
 * for once while the source stays; a failed read is asked again next time.
 */
export function createObjectIdCache() {
  let source: ((versionId: string) => Promise<ObjectIdTable>) | null = null;
  const known = new Map<string, Promise<ObjectIds | undefined>>();
  const idsOf = (versionId: string): Promise<ObjectIds | undefined> => {
    let ids = known.get(versionId);
    if (!ids && source) {
      ids = source(versionId).then(objectIdsOf, () => {
        known.delete(versionId);
        return undefined;
      });
      known.set(versionId, ids);
    }
    return ids ?? Promise.resolve(undefined);
  };
  return {
    setSource(next: ((versionId: string) => Promise<ObjectIdTable>) | null) {
      source = next;
      known.clear();
    },
    /** The lookups of these versions (those whose index could not be read answer undefined). */
    async lookups(versionIds: readonly string[]): Promise<ObjectIdsOf> {
      const found = new Map<string, ObjectIds | undefined>();
      await Promise.all(versionIds.map(async (v) => found.set(v, await idsOf(v))));
      return (versionId) => found.get(versionId);
    },
  };
}
