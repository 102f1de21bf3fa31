import { useQuery } from '@tanstack/react-query';
import { fetchSignInMethods } from '../api.ts';

/** How people sign in here; read once (a setting of the server), never retried: on failure nothing extra is offered. */
export function useSignInMethods() {
  return useQuery({
    queryKey: ['signInMethods'],
    queryFn: fetchSignInMethods,
    retry: false,
    staleTime: Infinity,
  });
}
