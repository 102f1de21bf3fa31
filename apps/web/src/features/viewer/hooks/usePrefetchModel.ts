import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchFragments, fetchModelInfo, modelInfoKey } from '../api.ts';
import { useViewerEngine } from '../engine.tsx';
import { objectIndexQuery } from './useModelFiles.ts';

/** The model id a model tab's viewer loads its .frag under. */
export const viewerModelId = (versionId: string) => `urn:${versionId}`;

/**
 * Work that can start before a model's tab exists (the project browser's double-click window): its info
 * and object index into the query cache, and its .frag (from then on in the browser's cache: the address is
 * immutable) parsed by the viewer engine's spare worker while `stillWanted()` holds. Failures are left to
 * the tab, which asks again and reports them.
 */
export function usePrefetchModel() {
  const queryClient = useQueryClient();
  const engine = useViewerEngine();
  return useCallback(
    (versionId: string, stillWanted: () => boolean) => {
      void queryClient
        .prefetchQuery({ queryKey: modelInfoKey(versionId), queryFn: () => fetchModelInfo(versionId) })
        .catch(() => {});
      void queryClient.prefetchQuery(objectIndexQuery(versionId)).catch(() => {});
      if (!engine.preloadModel) return;
      fetchFragments(versionId).then(
        (bytes) => {
          if (stillWanted()) engine.preloadModel?.(viewerModelId(versionId), bytes);
        },
        () => {},
      );
    },
    [queryClient, engine],
  );
}
