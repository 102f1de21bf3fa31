import { useQuery } from '@tanstack/react-query';
import { fetchCurrentUser } from '../api.ts';

export const currentUserKey = ['user'] as const;

/** GET /api/user, never retried: a failure means 'not signed in'. */
export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, retry: false, enabled });
}
