import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchFragments, fetchItemIndex, fetchObjectIndex, objectIndexKey } from '../api.ts';

/** The converted model (.frag bytes): not kept once no tab shows it. */
export const fragmentsQuery = (versionId: string) =>
  queryOptions({
    queryKey: ['models', versionId, 'fragments'] as const,
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
  const objects = useQuery({ ...objectIndexQuery(versionId), enabled });
  return { fragments, objects };
}
