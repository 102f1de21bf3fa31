import { useQuery } from '@tanstack/react-query';
import type { ModelTree, TreeView } from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

/** The model tree call (docs/api.md, 'Models'): GET /api/models/<version id>/tree?by=spatial|category. */

export type { ModelTree, TreeView } from '@penstock/shared';

export const modelTreeKey = (versionId: string, view: TreeView) =>
  ['models', versionId, 'tree', view] as const;

export const fetchModelTree = (versionId: string, view: TreeView): Promise<ModelTree> =>
  apiFetch(`/api/models/${encodeURIComponent(versionId)}/tree?by=${view}`);

/** A converted model's tree does not change: fetched once per view while the tab is open. */
export function useModelTree(versionId: string, view: TreeView) {
  return useQuery({
    queryKey: modelTreeKey(versionId, view),
    queryFn: () => fetchModelTree(versionId, view),
    staleTime: Infinity,
  });
}
