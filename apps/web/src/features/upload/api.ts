import { useQuery } from '@tanstack/react-query';
import type { TreeNode } from '@penstock/shared';
import { apiSend } from '../../base/api.ts';
import { fetchTreeChildren, treeKey } from '../projects/api.ts';

/** A folder the Upload panel can put files in: its path for the picker and its id. */
export interface UploadFolder {
  id: string;
  path: string;
}

/**
 * The project's folders two levels deep (the ISO 19650 folders and their discipline folders), in tree
 * order, for the Upload panel's target picker.
 */
export function useUploadFolders(projectId: string | null | undefined) {
  return useQuery({
    queryKey: ['uploadFolders', projectId],
    enabled: Boolean(projectId),
    queryFn: async (): Promise<UploadFolder[]> => {
      const top = (await fetchTreeChildren(projectId!)).filter((node) => node.type === 'folder');
      const children = await Promise.all(
        top.map((folder) => fetchTreeChildren(folder.id).catch((): TreeNode[] => [])),
      );
      return top.flatMap((folder, index) => [
        { id: folder.id, path: folder.text },
        ...(children[index] ?? [])
          .filter((node) => node.type === 'folder')
          .map((node) => ({ id: node.id, path: `${folder.text}/${node.text}` })),
      ]);
    },
  });
}

/** POST /api/folders/<id>/files, one file; a file of the same name becomes its next version. */
export async function uploadToFolder(folderId: string, file: File): Promise<{ nameWarning?: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await apiSend(`/api/folders/${encodeURIComponent(folderId)}/files`, {
    method: 'POST',
    form,
  });
  // the answer names a warning when the name breaks the project's naming standard (allowed in WIP)
  const answer = (await response.json().catch(() => ({}))) as { nameWarning?: string };
  return answer.nameWarning ? { nameWarning: answer.nameWarning } : {};
}

export const invalidatedAfterUpload = (folderId: string) => treeKey(folderId);
