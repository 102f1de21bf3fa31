import { useQuery } from '@tanstack/react-query';
import { loadConfig } from '../api.ts';

export const configKey = ['config'] as const;

/** The configuration files, loaded once on start and kept for the session. */
export function useConfig() {
  return useQuery({ queryKey: configKey, queryFn: loadConfig, staleTime: Infinity, gcTime: Infinity });
}
