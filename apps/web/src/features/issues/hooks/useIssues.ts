import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Issue } from '@penstock/shared';
import {
  addComment,
  createIssue,
  fetchIssue,
  fetchIssues,
  issueKey,
  issuesKey,
  updateIssue,
  type IssueChanges,
  type IssueFilters,
  type NewIssue,
} from '../api.ts';

export function useIssues(projectId: string | null, filters: IssueFilters = {}, enabled = true) {
  return useQuery({
    queryKey: issuesKey(projectId ?? '', filters),
    queryFn: () => fetchIssues(projectId ?? '', filters),
    enabled: enabled && !!projectId,
    retry: false,
  });
}

export function useIssue(id: string | null) {
  return useQuery({
    queryKey: issueKey(id ?? ''),
    queryFn: () => fetchIssue(id ?? ''),
    enabled: !!id,
    retry: false,
  });
}

/** After any change: the lists and the issue itself load again. */
function useRefresh() {
  const client = useQueryClient();
  return (issue?: Issue) => {
    if (issue) client.setQueryData(issueKey(issue.id), issue);
    void client.invalidateQueries({ queryKey: ['issues'] });
    if (issue) void client.invalidateQueries({ queryKey: issueKey(issue.id) });
  };
}

export function useCreateIssue() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: NewIssue) => createIssue(body), onSuccess: refresh });
}

export function useUpdateIssue(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (changes: IssueChanges) => updateIssue(id, changes),
    onSuccess: refresh,
  });
}

export function useAddComment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addComment(id, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: issueKey(id) });
      void client.invalidateQueries({ queryKey: ['issues'] });
    },
  });
}
