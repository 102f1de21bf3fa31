import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchModelInfo, modelInfoKey } from '../api.ts';
import { fragmentsQuery, itemIndexQuery, objectIndexQuery } from './useModelFiles.ts';

/** how long a prefetched .frag waits for its tab (the double-click window, then the tab's start) */
const PREFETCHED_FRAG_MS = 10_000;

/**
 * Downloads that can start before a model's tab exists (the project browser's double-click window): its
 * info into the query cache, then, once the info says the model is converted (a model still converting has
 * none of them), its .frag and then its object index and item table into the query cache, where the tab's own
 * queries find them (the .frag and the item table are kept a few seconds for its tab; the .frag's HTTP
 * address is revalidated on each use, as a reconversion replaces it). Failures are left to the tab, which
 * asks again and reports them.
 */
export function usePrefetchModel() {
  const queryClient = useQueryClient();
  return useCallback(
    (versionId: string) => {
      fetchModelInfo(versionId).then(
        (info) => {
          queryClient.setQueryData(modelInfoKey(versionId), info);
          if (info.conversion.state !== 'done') return;
          // the .frag first, alone: the index and the item table after it (see useModelFiles)
          void queryClient
            .prefetchQuery({ ...fragmentsQuery(versionId), gcTime: PREFETCHED_FRAG_MS })
            .catch(() => {})
            .then(() => {
              void queryClient.prefetchQuery(objectIndexQuery(versionId)).catch(() => {});
              void queryClient
                .prefetchQuery({ ...itemIndexQuery(versionId), gcTime: PREFETCHED_FRAG_MS })
                .catch(() => {});
            });
        },
        () => {},
      );
    },
    [queryClient],
  );
}
