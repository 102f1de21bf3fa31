import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchFragments, fetchModelInfo, modelInfoKey } from '../api.ts';
import { objectIndexQuery } from './useModelFiles.ts';

/**
 * Downloads that can start before a model's tab exists (the project browser's double-click window): its
 * info into the query cache, then, once the info says the model is converted (a model still converting has
 * neither), its object index into the query cache and its .frag into the browser's cache (its address is
 * immutable, so the tab's own request is answered from there). Failures are left to the tab, which asks
 * again and reports them.
 */
export function usePrefetchModel() {
  const queryClient = useQueryClient();
  return useCallback(
    (versionId: string) => {
      fetchModelInfo(versionId).then(
        (info) => {
          queryClient.setQueryData(modelInfoKey(versionId), info);
          if (info.conversion.state !== 'done') return;
          void queryClient.prefetchQuery(objectIndexQuery(versionId)).catch(() => {});
          fetchFragments(versionId).catch(() => {});
        },
        () => {},
      );
    },
    [queryClient],
  );
}
