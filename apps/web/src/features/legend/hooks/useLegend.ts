import { useQuery } from '@tanstack/react-query';
import { fetchLegend, legendKey } from '../api.ts';

/** The P&ID legend's reference data. It changes only when an administrator edits it, so it is kept a while. */
export const useLegend = () =>
  useQuery({ queryKey: legendKey, queryFn: fetchLegend, staleTime: 10 * 60_000 });
