import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchFragments, fetchItemIndex, fetchObjectIndex, objectIndexKey } from '../api.ts';

/**
 * The converted model (.frag bytes) for the tab's viewer, which hands them to the Fragments worker
 * (transferred, not copied: a 100k-object plant's .frag is 33 MB the page would otherwise keep for as long
 * as the tab is open). Once handed over, the cached buffer is detached (fragmentsTaken); a viewer that needs
 * the model again downloads it again, which the .frag's ETag answers from the browser's cache.
 */
export const fragmentsQuery = (versionId: string) =>
  queryOptions({
    queryKey: ['models', versionId, 'fragments'] as const,
    queryFn: () => fetchFragments(versionId),
    staleTime: Infinity,
    gcTime: 0,
  });

/** The bytes were handed to a worker already (a detached buffer is empty; a .frag never is). */
export const fragmentsTaken = (bytes: ArrayBuffer): boolean => bytes.byteLength === 0;

/** The .frag for a second viewer of the model (the nested views panel), a download of its own. */
export const nestedFragmentsQuery = (versionId: string) =>
  queryOptions({
    queryKey: ['models', versionId, 'fragments', 'nested'] as const,
    queryFn: () => fetchFragments(versionId),
    staleTime: Infinity,
    gcTime: 0,
  });

/** The model's object index (tag, category, parent and flags of every object). */
export const objectIndexQuery = (versionId: string) =>
  queryOptions({
    queryKey: objectIndexKey(versionId),
    queryFn: () => fetchObjectIndex(versionId),
    staleTime: Infinity,
  });

/** Which object each geometry item of the .frag belongs to (for picking). */
export const itemIndexQuery = (versionId: string) =>
  queryOptions({
    queryKey: ['models', versionId, 'items'] as const,
    queryFn: () => fetchItemIndex(versionId),
    staleTime: Infinity,
    gcTime: 0,
  });

/**
 * The downloads a model tab needs, started as soon as the tab opens, beside the model info and the
 * viewer code rather than after them (no waterfall). Off while the model is still converting.
 */
export function useModelFiles(versionId: string, enabled: boolean) {
  const fragments = useQuery({ ...fragmentsQuery(versionId), enabled });
  // the index and the item table once the .frag is here: asked for beside it, their answers (the
  // server serialising a 100k-object index, inflating the .frag for the item table) held the .frag's
  // download back by about a second; both are ready long before the model is drawn
  const afterFragments = enabled && !fragments.isPending;
  const objects = useQuery({ ...objectIndexQuery(versionId), enabled: afterFragments });
  const items = useQuery({ ...itemIndexQuery(versionId), enabled: afterFragments });
  return { fragments, objects, items };
}
