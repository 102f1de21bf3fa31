import { useQuery } from '@tanstack/react-query';
import {
  ChangedPagesAnswerSchema,
  CompareFilesSchema,
  VersionSchema,
  type ChangedPagesAnswer,
  type ChangedPagesBody,
  type CompareFiles,
} from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';
import type { ComparePair } from './compareLink.ts';

/** GET /api/compare-files: both versions, checked by the server (readable, two drawings or two models). */
export const fetchCompareFiles = (pair: ComparePair): Promise<CompareFiles> =>
  apiFetch(
    `/api/compare-files?base=${encodeURIComponent(pair.baseVersionId)}&head=${encodeURIComponent(pair.headVersionId)}`,
    {},
    CompareFilesSchema,
  );

export const compareFilesKey = (pair: ComparePair | null) =>
  ['compareFiles', pair?.baseVersionId ?? null, pair?.headVersionId ?? null] as const;

export function useCompareFiles(pair: ComparePair | null) {
  return useQuery({
    queryKey: compareFilesKey(pair),
    enabled: pair !== null,
    // versions never change: what the server said holds for the session
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: () => fetchCompareFiles(pair!),
  });
}

/** The content address of a version (pdf.js reads it with the session cookie). */
export const versionContentUrl = (versionId: string): string =>
  `/api/versions/${encodeURIComponent(versionId)}/content`;

/** An item's versions, newest first (the documents feature's query: one cache entry for both). */
export function useItemVersions(itemId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['versions', itemId],
    enabled: Boolean(itemId) && enabled,
    queryFn: () => apiFetch(`/api/items/${encodeURIComponent(itemId!)}/versions`, {}, VersionSchema.array()),
  });
}

export const changedPagesKey = (base: string, head: string) => ['changedPages', base, head] as const;

/** GET /api/compare-files/changed-pages: the team's count of a drawing pair's changed pages, or null. */
export const fetchChangedPages = (base: string, head: string): Promise<ChangedPagesAnswer> =>
  apiFetch(
    `/api/compare-files/changed-pages?base=${encodeURIComponent(base)}&head=${encodeURIComponent(head)}`,
    {},
    ChangedPagesAnswerSchema,
  );

/** PUT /api/compare-files/changed-pages: a count made here, kept for the team (answers the team's count). */
export const keepChangedPages = (body: ChangedPagesBody): Promise<ChangedPagesAnswer> =>
  apiFetch('/api/compare-files/changed-pages', { method: 'PUT', json: body }, ChangedPagesAnswerSchema);
