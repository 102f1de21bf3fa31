import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Issue, ModelChange, ModelChangesPage, ModelCompare } from '@penstock/shared';
import { apiFetch } from '../../../../base/api.ts';
import { changesQuery, NO_FILTERS, type ChangeFilters } from './changeList.ts';

/** The two versions of a model compare: the older (base) and the newer (head). */
export interface ModelComparePair {
  baseVersionId: string;
  headVersionId: string;
}

/** How often a queued or running compare is asked again (as a conversion's progress). */
export const COMPARE_POLL_MS = 1000;
/** The changes are read in pages of this many (the call's largest). */
export const CHANGES_PAGE = 5000;

const compareUrl = (id: string) => `/api/model-compares/${encodeURIComponent(id)}`;

/** POST /api/model-compares: the compare of the pair, queued when new, the stored one when made before. */
export const requestModelCompare = (pair: ModelComparePair): Promise<ModelCompare> =>
  apiFetch('/api/model-compares', { method: 'POST', json: pair });

export const fetchModelCompare = (id: string): Promise<ModelCompare> => apiFetch(compareUrl(id));

export const isComparing = (compare: ModelCompare | undefined) =>
  compare?.status === 'queued' || compare?.status === 'running';

export const modelCompareKey = (pair: ModelComparePair) =>
  ['modelCompare', pair.baseVersionId, pair.headVersionId] as const;

/**
 * The compare of a pair: asked for once (POST), then polled while it is queued or running; the answer
 * keeps its status, progress, error and summary.
 */
export function useModelCompare(pair: ModelComparePair | null) {
  return useQuery({
    queryKey: modelCompareKey(pair ?? { baseVersionId: '', headVersionId: '' }),
    enabled: pair !== null,
    retry: false,
    queryFn: async ({ queryKey }) => {
      const [, baseVersionId, headVersionId] = queryKey;
      return requestModelCompare({ baseVersionId, headVersionId });
    },
    refetchInterval: (query) => (isComparing(query.state.data) ? COMPARE_POLL_MS : false),
    staleTime: (query) => (isComparing(query.state.data) ? 0 : Number.POSITIVE_INFINITY),
  });
}

export const fetchChanges = (id: string, filters: ChangeFilters, page: { offset: number; limit: number }) =>
  apiFetch<ModelChangesPage>(`${compareUrl(id)}/changes?${changesQuery(filters, page)}`);

/** Every change of a compare (for the viewer's colours), page after page. */
export async function fetchAllChanges(id: string): Promise<ModelChange[]> {
  const all: ModelChange[] = [];
  for (let offset = 0; ; offset += CHANGES_PAGE) {
    const page = await fetchChanges(id, NO_FILTERS, { offset, limit: CHANGES_PAGE });
    all.push(...page.changes);
    if (page.changes.length === 0 || all.length >= page.total) return all;
  }
}

export const allChangesKey = (id: string) => ['modelCompare', id, 'allChanges'] as const;

export function useAllChanges(id: string | null) {
  return useQuery({
    queryKey: allChangesKey(id ?? ''),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => fetchAllChanges(id!),
  });
}

/** One page of the filtered change list (the panel). */
export function useChanges(
  id: string | null,
  filters: ChangeFilters,
  page: { offset: number; limit: number },
) {
  return useQuery({
    queryKey: ['modelCompare', id ?? '', 'changes', changesQuery(filters, page)],
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: (previous) => previous,
    queryFn: () => fetchChanges(id!, filters, page),
  });
}

/** The XLSX of the change list with the panel's filters. */
export const changesXlsxHref = (id: string, filters: ChangeFilters): string => {
  const query = changesQuery(filters);
  return `${compareUrl(id)}/changes.xlsx${query ? `?${query}` : ''}`;
};

/** Selected changes raised as issues, pinned on their objects. */
export function useRaiseIssues(id: string | null, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeIds: number[]): Promise<Issue[]> =>
      apiFetch(`${compareUrl(id!)}/issues`, { method: 'POST', json: { changeIds } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['issues', projectId] }),
  });
}
