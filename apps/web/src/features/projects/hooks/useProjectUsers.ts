import { useQuery } from '@tanstack/react-query';
import { fetchProjectUsers, projectUsersKey } from '../api.ts';

/** A project's users (issues' assignees, workflow reviewers and approvers), kept five minutes. */
export function useProjectUsers(projectId: string | null) {
  return useQuery({
    queryKey: projectUsersKey(projectId ?? ''),
    queryFn: () => fetchProjectUsers(projectId ?? ''),
    enabled: !!projectId,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
