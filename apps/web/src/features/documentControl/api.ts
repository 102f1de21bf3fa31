import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Deliverable,
  DeliverableInput,
  ImportRowReport,
  InfoStandard,
  ProjectInfoStandard,
  ProjectRegister,
} from '@penstock/shared';
import { ApiError, apiFetch } from '../../base/api.ts';

const project = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;

export const registerKey = (projectId: string) => ['register', projectId] as const;
export const standardKey = (projectId: string) => ['infoStandard', projectId] as const;
export const planKey = (projectId: string) => ['deliverables', projectId] as const;

export const registerXlsxHref = (projectId: string) => `${project(projectId)}/register.xlsx`;

export function useRegister(projectId: string) {
  return useQuery({
    queryKey: registerKey(projectId),
    queryFn: () => apiFetch<ProjectRegister>(`${project(projectId)}/register`),
    // files change under other panels (uploads, moves, workflows): read afresh whenever the list is shown
    refetchOnMount: 'always',
  });
}

/**
 * The register rows of the files directly in one folder (the project browser's list view). `files` is what
 * the folder's tree listing holds (its items' latest version ids): when that changes (an upload, a move, a
 * publication) the rows are read again.
 */
export function useFolderRegister(projectId: string, folderId: string, files: readonly string[]) {
  return useQuery({
    queryKey: [...registerKey(projectId), folderId, files.join(',')],
    queryFn: () =>
      apiFetch<ProjectRegister>(`${project(projectId)}/register?folderId=${encodeURIComponent(folderId)}`),
    refetchOnMount: 'always',
    placeholderData: (previous, query) => (query?.queryKey[2] === folderId ? previous : undefined),
  });
}

export function useInfoStandard(projectId: string) {
  return useQuery({
    queryKey: standardKey(projectId),
    queryFn: () => apiFetch<ProjectInfoStandard>(`${project(projectId)}/info-standard`),
  });
}

export function useSaveInfoStandard(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (standard: InfoStandard) =>
      apiFetch<ProjectInfoStandard>(`${project(projectId)}/info-standard`, {
        method: 'PUT',
        json: { standard },
      }),
    onSuccess: (saved) => {
      client.setQueryData(standardKey(projectId), saved);
      void client.invalidateQueries({ queryKey: registerKey(projectId) });
    },
  });
}

export function useDeliverables(projectId: string) {
  return useQuery({
    queryKey: planKey(projectId),
    queryFn: () => apiFetch<Deliverable[]>(`${project(projectId)}/deliverables`),
  });
}

export function useAddDeliverable(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliverableInput) =>
      apiFetch<Deliverable>(`${project(projectId)}/deliverables`, { method: 'POST', json: input }),
    onSuccess: () => void client.invalidateQueries({ queryKey: planKey(projectId) }),
  });
}

export function useMyDeliverables() {
  return useQuery({
    queryKey: ['hubDeliverables'],
    queryFn: () => apiFetch<Array<Deliverable & { projectName: string }>>('/api/hub/deliverables'),
  });
}

/** An import's answer: the row-by-row report, and the server's sentence when a row failed. */
export interface ImportAnswer {
  stored: boolean;
  rows: ImportRowReport[];
  error?: string;
}

/**
 * POSTs a multipart form whose answer is a row-by-row report (201 stored, 200 checked, 422 a row failed and
 * nothing was stored), telling the bytes sent as they go. Any other answer is an ApiError with its message.
 */
export function sendForReport(
  url: string,
  form: FormData,
  onProgress?: (sent: number, total: number) => void,
): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    if (onProgress)
      request.upload.onprogress = (event) =>
        onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    request.onerror = () =>
      reject(new ApiError('The server cannot be reached. Check your connection and try again.', 0));
    request.onload = () => {
      const body = request.response as (Partial<ImportAnswer> & { error?: string }) | null;
      if ([200, 201, 422].includes(request.status) && Array.isArray(body?.rows))
        return resolve({
          stored: !!body.stored,
          rows: body.rows,
          ...(body.error ? { error: body.error } : {}),
        });
      reject(
        new ApiError(
          body?.error ?? `The server answered ${request.status} ${request.statusText}`.trim(),
          request.status,
        ),
      );
    };
    request.send(form);
  });
}

/** POST /api/folders/:folderId/bulk-upload: the register sheet and the files; `check`: report only. */
export function bulkUpload(
  folderId: string,
  register: File,
  files: readonly File[],
  check: boolean,
  onProgress?: (sent: number, total: number) => void,
): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('register', register, register.name);
  for (const file of files) form.append('file', file, file.name);
  return sendForReport(
    `/api/folders/${encodeURIComponent(folderId)}/bulk-upload${check ? '?check=1' : ''}`,
    form,
    onProgress,
  );
}

/** POST /api/projects/:projectId/deliverables/import: the plan's rows from an .xlsx, all or none. */
export function importDeliverables(projectId: string, sheet: File): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', sheet, sheet.name);
  return sendForReport(`${project(projectId)}/deliverables/import`, form);
}

export const deliverablesXlsxHref = (projectId: string) => `${project(projectId)}/deliverables.xlsx`;

/** PUT /api/items/:itemId/metadata: a file's title and description (contributors). */
export function useSaveMetadata(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...metadata }: { itemId: string; title: string; description: string }) =>
      apiFetch<{ itemId: string; title: string; description: string }>(
        `/api/items/${encodeURIComponent(itemId)}/metadata`,
        { method: 'PUT', json: metadata },
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: registerKey(projectId) }),
  });
}
