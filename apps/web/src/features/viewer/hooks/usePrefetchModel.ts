import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchFragments, fetchModelInfo, modelInfoKey } from '../api.ts';
import { objectIndexQuery } from './useModelFiles.ts';

/**
 * Downloads that can start before a model's tab exists (the project browser's double-click window): its
 * info and object index into the query cache, and its .frag into the browser's cache (its address is
 * immutable, so the tab's own request is answered from there). Failures are left to the tab, which asks
 * again and reports them.
 */
export function usePrefetchModel() {
  const queryClient = useQueryClient();
  return useCallback(
    (versionId: string) => {
      void queryClient
        .prefetchQuery({ queryKey: modelInfoKey(versionId), queryFn: () => fetchModelInfo(versionId) })
        .catch(() => {});
      void queryClient.prefetchQuery(objectIndexQuery(versionId)).catch(() => {});
      fetchFragments(versionId).catch(() => {});
    },
    [queryClient],
  );
}
