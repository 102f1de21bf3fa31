import { useQuery } from '@tanstack/react-query';
import { fetchModelInfo, isConverting, modelInfoKey } from '../api.ts';

export const CONVERSION_POLL_MS = 1000;

/** A model's info; polled every second while its conversion is queued or running. */
export function useModelInfo(versionId: string) {
  return useQuery({
    queryKey: modelInfoKey(versionId),
    queryFn: () => fetchModelInfo(versionId),
    staleTime: 0,
    refetchInterval: (query) => (isConverting(query.state.data) ? CONVERSION_POLL_MS : false),
  });
}
