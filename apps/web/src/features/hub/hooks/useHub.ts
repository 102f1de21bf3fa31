import { useQuery } from '@tanstack/react-query';
import {
  fetchMarkups,
  fetchPendingCounts,
  fetchWorkflow,
  fetchWorkflows,
  hubKeys,
  type MarkupList,
  type WorkflowList,
} from '../api.ts';

export const useHubWorkflows = (list: WorkflowList, userId: string | undefined) =>
  useQuery({
    queryKey: hubKeys.workflows(list, userId ?? ''),
    queryFn: () => fetchWorkflows(list, userId ?? ''),
    enabled: !!userId,
    staleTime: 0,
  });

export const useHubMarkups = (list: MarkupList, userId: string | undefined) =>
  useQuery({
    queryKey: hubKeys.markups(list, userId ?? ''),
    queryFn: () => fetchMarkups(list, userId ?? ''),
    enabled: !!userId,
    staleTime: 0,
  });

/** One workflow with its history (the Inspect modal). */
export const useWorkflowDetail = (id: string | null) =>
  useQuery({
    queryKey: hubKeys.workflow(id ?? ''),
    queryFn: () => fetchWorkflow(id ?? ''),
    enabled: !!id,
    staleTime: 0,
  });

/** The header's count: every minute, and again when the window gets the focus back. */
export const usePendingCounts = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: hubKeys.counts,
    queryFn: fetchPendingCounts,
    enabled,
    staleTime: 0,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
