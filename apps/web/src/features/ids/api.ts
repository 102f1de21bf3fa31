import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  IdsCheck,
  IdsDocumentEntry,
  IdsFailuresPage,
  IdsFailuresToIssues,
  IdsIssuesCreated,
  IdsLibraryCopyResult,
  IdsLibraryEntry,
  IdsObjectResults,
  IdsObjectStates,
  IdsOverview,
  IdsRecheckResult,
  IdsScopesInput,
  IdsSettings,
  IdsSettingsInput,
  IdsValidation,
  IdsValidationResult,
  IdsVersionChecks,
  WorkflowStructure,
} from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

/**
 * The calls of the information requirements (issue 36; docs/api.md 'Information requirements (IDS)'),
 * typed by packages/shared/src/ids.contract.ts.
 */

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/ids`;
const checkUrl = (projectId: string, checkId: string) =>
  `${base(projectId)}/checks/${encodeURIComponent(checkId)}`;

/** How often a queued or running check is asked again. */
export const CHECK_POLL_MS = 2000;
export const isChecking = (check: Pick<IdsCheck, 'status'>) =>
  check.status === 'queued' || check.status === 'running';

export const idsOverviewKey = (projectId: string) => ['ids', projectId, 'overview'] as const;
export const idsChecksKey = (projectId: string, versionId: string) =>
  ['ids', projectId, 'checks', versionId] as const;

/** The project's IDS files (status, scopes), its settings and whether the asker manages them. */
export function useIdsOverview(projectId: string | null | undefined) {
  return useQuery({
    queryKey: idsOverviewKey(projectId ?? ''),
    enabled: Boolean(projectId),
    queryFn: () => apiFetch<IdsOverview>(base(projectId!)),
    staleTime: 30_000,
  });
}

/** One IDS version's status: valid, or invalid with its problems. */
export function useIdsValidation(projectId: string | null | undefined, versionId: string | null) {
  return useQuery({
    queryKey: ['ids', projectId ?? '', 'validation', versionId ?? ''],
    enabled: Boolean(projectId && versionId),
    retry: false,
    queryFn: () => apiFetch<IdsValidation>(`${base(projectId!)}/versions/${encodeURIComponent(versionId!)}`),
  });
}

/** The server's reading of an IDS text, nothing stored (the editor's Check). */
export const validateIdsXml = (projectId: string, xml: string) =>
  apiFetch<IdsValidationResult>(`${base(projectId)}/validate`, { method: 'POST', json: { xml } });

export function useSaveIdsSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: IdsSettingsInput) =>
      apiFetch<IdsSettings>(`${base(projectId)}/settings`, { method: 'PUT', json: settings }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ids', projectId] }),
  });
}

export function useSaveIdsScopes(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, scopes }: { itemId: string; scopes: IdsScopesInput['scopes'] }) =>
      apiFetch<IdsDocumentEntry>(`${base(projectId)}/${encodeURIComponent(itemId)}/scopes`, {
        method: 'PUT',
        json: { scopes },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ids', projectId] }),
  });
}

/** The IDS files Penstock ships (the 'Water asset data' example). */
export function useIdsLibrary(projectId: string | null | undefined) {
  return useQuery({
    queryKey: ['ids', projectId ?? '', 'library'],
    enabled: Boolean(projectId),
    queryFn: () => apiFetch<IdsLibraryEntry[]>(`${base(projectId!)}/library`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A shipped IDS copied into a folder as a document of the project. */
export const copyLibraryIds = (projectId: string, key: string, folderId: string) =>
  apiFetch<IdsLibraryCopyResult>(`${base(projectId)}/library/${encodeURIComponent(key)}`, {
    method: 'POST',
    json: { folderId },
  });

/** A model version's checks (one per IDS in scope), polled while one is queued or running. */
export function useIdsChecks(projectId: string | null | undefined, versionId: string) {
  return useQuery({
    queryKey: idsChecksKey(projectId ?? '', versionId),
    enabled: Boolean(projectId),
    queryFn: () =>
      apiFetch<IdsVersionChecks>(`${base(projectId!)}/checks?versionId=${encodeURIComponent(versionId)}`),
    refetchInterval: (query) => (query.state.data?.checks.some(isChecking) ? CHECK_POLL_MS : false),
  });
}

/** The failing objects of one specification of a check, a page at a time. */
export function useIdsFailures(
  projectId: string,
  checkId: string,
  specification: number,
  page: { offset: number; limit: number; search: string },
  enabled = true,
) {
  const params = new URLSearchParams({ offset: String(page.offset), limit: String(page.limit) });
  if (page.search.trim()) params.set('search', page.search.trim());
  return useQuery({
    queryKey: ['ids', projectId, 'failures', checkId, specification, params.toString()],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () =>
      apiFetch<IdsFailuresPage>(
        `${checkUrl(projectId, checkId)}/specifications/${specification}/failures?${params}`,
      ),
  });
}

/** The passing and failing objects of a check (every specification, or one), for colour by result. */
export const fetchIdsObjectStates = (projectId: string, checkId: string, specification: number | null) =>
  apiFetch<IdsObjectStates>(
    `${checkUrl(projectId, checkId)}/objects${specification === null ? '' : `?specification=${specification}`}`,
  );

export const idsObjectStatesKey = (projectId: string, checkId: string, specification: number | null) =>
  ['ids', projectId, 'objects', checkId, specification ?? 'all'] as const;

/** One object's results in the version's finished checks (the properties panel). */
export function useIdsObjectResults(
  projectId: string | null | undefined,
  versionId: string,
  expressId: number,
  enabled = true,
) {
  return useQuery({
    queryKey: ['ids', projectId ?? '', 'object', versionId, expressId],
    enabled: enabled && Boolean(projectId),
    queryFn: () =>
      apiFetch<IdsObjectResults>(
        `${base(projectId!)}/object?versionId=${encodeURIComponent(versionId)}&expressId=${expressId}`,
      ),
  });
}

export const idsReportHref = (projectId: string, checkId: string, kind: 'xlsx' | 'bcf') =>
  `${checkUrl(projectId, checkId)}/report.${kind}`;

export function useRaiseIdsIssues(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ checkId, request }: { checkId: string; request: IdsFailuresToIssues }) =>
      apiFetch<IdsIssuesCreated>(`${checkUrl(projectId, checkId)}/issues`, { method: 'POST', json: request }),
    // the new issues show as pins and in the project log
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['issues'] }),
  });
}

export function useRecheckIds(projectId: string, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<IdsRecheckResult>(`${base(projectId)}/recheck`, { method: 'POST', json: { versionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: idsChecksKey(projectId, versionId) }),
  });
}

/** The project's folders and files (GET /api/workflow/structure), for the scope picker. */
export function useProjectStructure(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['ids', projectId, 'structure'],
    enabled,
    queryFn: () =>
      apiFetch<WorkflowStructure>(`/api/workflow/structure?projectId=${encodeURIComponent(projectId)}`),
  });
}
