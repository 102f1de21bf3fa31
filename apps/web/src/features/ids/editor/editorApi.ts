import { parseIds, type IdsDocument } from '@penstock/ids/document';
import { UploadResultSchema, type UploadResult } from '@penstock/shared';
import { apiFetch, apiSend } from '../../../base/api.ts';
import { blankDocument } from './idsEditorState.ts';

/** Where the editor's document comes from: a new IDS (the shipped example), or a file of the project. */
export type IdsSource =
  { kind: 'new' } | { kind: 'file'; itemId: string; fileName: string; folderId: string };

/** The text of an item's latest version (GET /api/items/<id>/content). */
export async function fetchItemText(itemId: string): Promise<string> {
  const response = await apiSend(`/api/items/${encodeURIComponent(itemId)}/content`, {
    headers: { Accept: 'application/xml, text/xml, */*' },
  });
  return response.text();
}

/** The document the editor opens with: the file read (its structure; the server judges it), or a new one. */
export async function loadIdsDocument(
  source: IdsSource,
  example: () => Promise<string | null>,
): Promise<IdsDocument> {
  if (source.kind === 'file') return parseIds(await fetchItemText(source.itemId));
  const xml = await example();
  return xml ? parseIds(xml) : blankDocument();
}

/** Store the written IDS in a folder through the upload call: a new file, or the next version of one of that name. */
export async function saveIdsFile(folderId: string, fileName: string, xml: string): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', new File([xml], fileName, { type: 'application/xml' }), fileName);
  return apiFetch(
    `/api/folders/${encodeURIComponent(folderId)}/files`,
    { method: 'POST', form },
    UploadResultSchema,
  );
}
