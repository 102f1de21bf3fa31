import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TreeNodeSchema,
  VersionSchema,
  type DeletedItem,
  type TreeNode,
  type Version,
  type VersionCompareSummary,
} from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';
import { treeKey } from '../projects/api.ts';

/** An item's versions, newest first, each with its revision, suitability and the version it came from. */
export const fetchVersions = (itemId: string): Promise<Version[]> =>
  apiFetch(`/api/items/${encodeURIComponent(itemId)}/versions`, {}, VersionSchema.array());

export function useVersions(itemId: string | null) {
  return useQuery({
    queryKey: ['versions', itemId],
    enabled: Boolean(itemId),
    queryFn: () => fetchVersions(itemId!),
  });
}

/**
 * A model version against the version of its file before it (issue 34 §3): the compare, queued by the
 * server when none was made; polled while it runs.
 */
export function useVersionCompareSummary(versionId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['versionCompareSummary', versionId],
    enabled,
    retry: false,
    queryFn: () =>
      apiFetch<VersionCompareSummary>(`/api/versions/${encodeURIComponent(versionId)}/compare-summary`),
    refetchInterval: (query) => {
      const status = query.state.data?.compare?.status;
      return status === 'queued' || status === 'running' ? 2000 : false;
    },
  });
}

/** The project's deleted items (project managers). */
export function useDeletedItems(projectId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['deletedItems', projectId],
    enabled: Boolean(projectId) && enabled,
    queryFn: () => apiFetch<DeletedItem[]>(`/api/projects/${encodeURIComponent(projectId!)}/deleted`),
  });
}

export function useRestoreItem(projectId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: DeletedItem): Promise<TreeNode> =>
      apiFetch(`/api/items/${encodeURIComponent(item.itemId)}/restore`, { method: 'POST' }, TreeNodeSchema),
    onSuccess: (_node, item) => {
      void queryClient.invalidateQueries({ queryKey: ['deletedItems', projectId] });
      void queryClient.invalidateQueries({ queryKey: treeKey(item.folderId) });
      void queryClient.invalidateQueries({ queryKey: ['workflowStructure'] });
    },
  });
}
