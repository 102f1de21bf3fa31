import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DsearFilters } from '@penstock/shared';
import {
  approveEntry,
  dsearAttachmentsKey,
  dsearEntryKey,
  exportRegister,
  fetchAttachments,
  uploadAttachment,
  dsearPeopleKey,
  dsearPendingKey,
  dsearRegisterKey,
  fetchEntry,
  fetchPeople,
  fetchPendingApproval,
  fetchRegister,
  saveEntry,
  type DsearDraft,
} from '../api.ts';
import { downloadBlob } from '../../../base/download.ts';

export const useDsearRegister = () =>
  useQuery({ queryKey: dsearRegisterKey, queryFn: fetchRegister, staleTime: 0 });

export const useDsearEntry = (projectName: string | null) =>
  useQuery({
    queryKey: dsearEntryKey(projectName ?? ''),
    queryFn: () => fetchEntry(projectName ?? ''),
    enabled: !!projectName,
    staleTime: 0,
  });

/** The entries where this senior design manager is listed and has not approved (their own, or any for an admin). */
export const usePendingDsear = (email: string | undefined) =>
  useQuery({
    queryKey: dsearPendingKey(email ?? ''),
    queryFn: () => fetchPendingApproval(email ?? ''),
    enabled: !!email,
    staleTime: 0,
  });

export const useDsearPeople = () =>
  useQuery({ queryKey: dsearPeopleKey, queryFn: fetchPeople, staleTime: 5 * 60_000 });

/** After a save or an approval the entry, the register and the pending lists load again. */
function useReload() {
  const client = useQueryClient();
  return async (projectName: string) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: dsearEntryKey(projectName) }),
      client.invalidateQueries({ queryKey: dsearRegisterKey }),
      // the pending box is not on screen while an entry is: refetch it too, so Back shows no stale line
      client.invalidateQueries({ queryKey: ['dsear', 'pending'], refetchType: 'all' }),
    ]);
  };
}

export function useSaveDsear() {
  const client = useQueryClient();
  const reload = useReload();
  return useMutation({
    mutationFn: (draft: DsearDraft) => saveEntry(draft),
    onSuccess: (entry, draft) => {
      // show the saved entry at once; the reload brings its history
      client.setQueryData(dsearEntryKey(draft.projectName), entry);
      return reload(draft.projectName);
    },
  });
}

export function useApproveDsear() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ dsearId, email }: { dsearId: string; email: string; projectName: string }) =>
      approveEntry(dsearId, email),
    onSuccess: (_entry, { projectName }) => reload(projectName),
  });
}

export const useDsearAttachments = (dsearId: string) =>
  useQuery({
    queryKey: dsearAttachmentsKey(dsearId),
    queryFn: () => fetchAttachments(dsearId),
    staleTime: 0,
  });

/** Attaches a file, then lists the attachments again (and the project's tree, which now holds the file). */
export function useAttachToDsear(dsearId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAttachment(dsearId, file),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: dsearAttachmentsKey(dsearId) }),
        client.invalidateQueries({ queryKey: ['tree'] }),
      ]),
  });
}

/** The register's workbook with the filters applied, handed to the browser as a download. */
export function useExportDsear() {
  return useMutation({
    mutationFn: (filters: DsearFilters) => exportRegister(filters),
    onSuccess: ({ blob, fileName }) => downloadBlob(blob, fileName),
  });
}
