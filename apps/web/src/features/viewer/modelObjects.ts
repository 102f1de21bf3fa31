import { useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ModelObject } from '@penstock/shared';
import type { ObjectIndex } from './api.ts';
import type { ModelObjects } from './extensions.tsx';
import { objectIndexQuery } from './hooks/useModelFiles.ts';
import { indexObjects, type IndexedObjects } from './objectIndex.ts';

/**
 * An object of any model of a federated view as stored places name it (issue 33: pins, BCF components):
 * model version + GlobalId, translated to and from the viewer's refs (`urn:<versionId>` + localId) with
 * that version's object index (fetched once per version, as the tab's own).
 */

/** The model version of a viewer model id (`urn:<versionId>`). */
export const versionOfModelId = (modelId: string): string =>
  modelId.startsWith('urn:') ? modelId.slice(4) : modelId;

/** A model version's object and its tag, as the viewer names it. */
export interface FoundObject {
  versionId: string;
  modelId: string;
  localId: number;
  /** its tag ('' without one) */
  tag: string;
}

const lookups = new WeakMap<ObjectIndex, { indexed: IndexedObjects; rowOfGuid: Map<string, number> }>();
function lookupOf(index: ObjectIndex) {
  let lookup = lookups.get(index);
  if (!lookup) {
    const rowOfGuid = new Map<string, number>();
    index.guids.forEach((guid, row) => {
      if (guid && !rowOfGuid.has(guid)) rowOfGuid.set(guid, row);
    });
    lookup = { indexed: indexObjects(index), rowOfGuid };
    lookups.set(index, lookup);
  }
  return lookup;
}

/** The GlobalId of an object of a model version's index, or null when the index has none for it. */
export function modelObjectIn(index: ObjectIndex, versionId: string, localId: number): ModelObject | null {
  const row = lookupOf(index).indexed.rowOf(localId);
  const globalId = row === undefined ? '' : (index.guids[row] ?? '');
  return globalId ? { versionId, globalId } : null;
}

/** The object a stored model version + GlobalId names in that version's index, or null. */
export function findObjectIn(index: ObjectIndex, object: ModelObject): FoundObject | null {
  const { indexed, rowOfGuid } = lookupOf(index);
  const row = rowOfGuid.get(object.globalId);
  if (row === undefined) return null;
  const localId = index.localIds[row]!;
  return {
    versionId: object.versionId,
    modelId: `urn:${object.versionId}`,
    localId,
    tag: indexed.tagOf(localId),
  };
}

/** The model version + GlobalId of a viewer ref, from that version's object index. */
export async function modelObjectOf(
  queryClient: QueryClient,
  ref: { model: string; localId: number },
): Promise<ModelObject | null> {
  const versionId = versionOfModelId(ref.model);
  const index = await queryClient.fetchQuery(objectIndexQuery(versionId));
  return modelObjectIn(index, versionId, ref.localId);
}

/** The viewer's object (and tag) of a stored model version + GlobalId, or null when the version lacks it. */
export async function findModelObject(
  queryClient: QueryClient,
  object: ModelObject,
): Promise<FoundObject | null> {
  const index = await queryClient.fetchQuery(objectIndexQuery(object.versionId));
  return findObjectIn(index, object);
}

/** The pins' translation of objects (extensions.tsx ModelObjects), over the app's query cache. */
export function useModelObjects(queryClient: QueryClient): ModelObjects {
  return useMemo(
    () => ({
      objectOf: (ref) => modelObjectOf(queryClient, ref),
      find: (object) => findModelObject(queryClient, object),
    }),
    [queryClient],
  );
}
