import { useCallback, useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fetchModelInfo, modelInfoKey, type ModelInfo } from '../api.ts';
import { fragmentsQuery, itemIndexQuery, objectIndexQuery } from './useModelFiles.ts';

/** how long a prefetched .frag waits for its tab (the double-click window, then the tab's start) */
const PREFETCHED_FRAG_MS = 10_000;
/** how long a model's info read on hover counts as current for a click on it */
export const HOVER_INFO_FRESH_MS = 30_000;

const infoQuery = (versionId: string) => ({
  queryKey: modelInfoKey(versionId),
  queryFn: () => fetchModelInfo(versionId),
  staleTime: HOVER_INFO_FRESH_MS,
});

/** The .frag, then the object index and the item table, into the query cache for the model's tab. */
function prefetchFiles(queryClient: QueryClient, versionId: string): void {
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
}

const converted = (info: ModelInfo | undefined) => info?.conversion.state === 'done';

/**
 * Downloads that can start before a model's tab exists. `hover`: the model's info (a small call) into the
 * query cache while the pointer rests on its entry. `open` (the click): when that info is here and says the
 * model is converted, the .frag is asked for at once, in the click's own task, before the page draws the
 * new tab (waiting for the info's answer behind that work started the .frag 30-50 ms after the click);
 * otherwise the info first, then the files if it is converted (a model still converting has none of them).
 * The .frag and the item table are kept a few seconds for the tab, whose own queries find them; the
 * .frag's HTTP address is revalidated on each use, as a reconversion replaces it. Failures are left to the
 * tab, which asks again and reports them.
 */
export function usePrefetchModel() {
  const queryClient = useQueryClient();
  const hover = useCallback(
    (versionId: string) => {
      void queryClient.prefetchQuery(infoQuery(versionId)).catch(() => {});
    },
    [queryClient],
  );
  const open = useCallback(
    (versionId: string) => {
      const read = queryClient.getQueryCache().find<ModelInfo>({ queryKey: modelInfoKey(versionId) });
      if (read && !read.isStaleByTime(HOVER_INFO_FRESH_MS) && converted(read.state.data)) {
        prefetchFiles(queryClient, versionId);
        return;
      }
      queryClient.fetchQuery({ ...infoQuery(versionId), staleTime: 0 }).then(
        (info) => {
          if (converted(info)) prefetchFiles(queryClient, versionId);
        },
        () => {},
      );
    },
    [queryClient],
  );
  return useMemo(() => ({ hover, open }), [hover, open]);
}
