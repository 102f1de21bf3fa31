import { parseIds, type IdsDocument } from '@penstock/ids/document';
import { UploadResultSchema, type UploadResult } from '@penstock/shared';
import { apiFetch, apiSend } from '../../../base/api.ts';

/** A file of the project the editor opens (or has saved). */
export interface IdsFileRef {
  itemId: string;
  fileName: string;
  folderId: string;
}

/** The text of an item's latest version (GET /api/items/<id>/content). */
export async function fetchItemText(itemId: string): Promise<string> {
  const response = await apiSend(`/api/items/${encodeURIComponent(itemId)}/content`, {
    headers: { Accept: 'application/xml, text/xml, */*' },
  });
  return response.text();
}

/** An IDS file of the project read for the editor (its structure: the server judges the rest). */
export const loadIdsFile = async (itemId: string): Promise<IdsDocument> =>
  parseIds(await fetchItemText(itemId));

/**
 * Store the written IDS in a folder through the upload call (POST /api/folders/<id>/files): a new file, or
 * the next version of the file of that name.
 */
export async function saveIdsFile(folderId: string, fileName: string, xml: string): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', new File([xml], fileName, { type: 'application/xml' }), fileName);
  return apiFetch(
    `/api/folders/${encodeURIComponent(folderId)}/files`,
    { method: 'POST', form },
    UploadResultSchema,
  );
}
