import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Deliverable,
  DeliverableInput,
  InfoStandard,
  ProjectInfoStandard,
  ProjectRegister,
} from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

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
