import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchObjectDetail, objectDetailKey } from '../objectDetailApi.ts';

/**
 * What the selected object is and its properties (the server falls back to the parent's properties): one
 * request per selection, kept for the session (a converted model's index does not change).
 */
export const objectDetailQuery = (versionId: string, localId: number) =>
  queryOptions({
    queryKey: objectDetailKey(versionId, localId),
    queryFn: () => fetchObjectDetail(versionId, localId),
    staleTime: Infinity,
  });

export function useObjectDetail(versionId: string, localId: number | null) {
  return useQuery({ ...objectDetailQuery(versionId, localId ?? -1), enabled: localId !== null });
}
