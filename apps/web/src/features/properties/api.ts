import {
  DynamicEntryListSchema,
  type DynamicEntry,
  type DynamicRecord,
  type GetDynamicBody,
  type StaticRecord,
} from '@penstock/shared';
import { apiFetch, type Parser } from '../../app/api.ts';

/** The property-value calls: a model's records (docs/api.md 'Models') and getdynamic ('Property values'). */

/** GET /api/models/<version id>/records: one static and one dynamic record per tag (dynamic values empty). */
export interface ModelRecords {
  static: StaticRecord[];
  dynamic: DynamicRecord[];
}

export const fetchModelRecords = (versionId: string): Promise<ModelRecords> =>
  apiFetch(`/api/models/${encodeURIComponent(versionId)}/records`);

/** POST a spec call's multipart body: one field named Data holding the JSON. */
export async function postDataField<T>(url: string, data: unknown, schema?: Parser<T>): Promise<T> {
  const form = new FormData();
  form.append('Data', JSON.stringify(data));
  return apiFetch(url, { method: 'POST', form }, schema);
}

/** Records per piece of a list's JSON text in jsonListBlob. */
const PIECE_RECORDS = 2000;

/**
 * The JSON text of a list as a Blob, built piece by piece (pure): the same text as JSON.stringify(list),
 * without ever holding it as one string. A model's every record is tens of megabytes of text; as one string
 * it sits in the page's heap beside its encoded copy in the request while the call is under way.
 */
export function jsonListBlob(list: readonly unknown[]): Blob {
  const pieces: string[] = [];
  for (let start = 0; start < list.length; start += PIECE_RECORDS) {
    const text = JSON.stringify(list.slice(start, start + PIECE_RECORDS));
    // the piece's records without its brackets, joined to the next piece by a comma
    pieces.push(`${start === 0 ? '' : ','}${text.slice(1, -1)}`);
  }
  return new Blob(['[', ...pieces, ']'], { type: 'application/json' });
}

/** Lists at least this long are sent as a JSON file part rather than a text field (postDataList). */
export const DATA_LIST_AS_FILE = 5000;

/**
 * POST a spec call whose Data is a list (savestatic, savedynamic): a plain text field as postDataField does,
 * or, for a long list, the same JSON as a file part named Data (which the server reads alike) built from
 * pieces (jsonListBlob), so the page never holds the whole text as one string.
 */
export async function postDataList<T>(url: string, list: readonly unknown[]): Promise<T> {
  if (list.length < DATA_LIST_AS_FILE) return postDataField<T>(url, list);
  const form = new FormData();
  form.append('Data', jsonListBlob(list), 'Data.json');
  return apiFetch(url, { method: 'POST', form });
}

/** POST /api/getdynamic: the server's dynamic entries of the file (and locked ones of the same tags). */
export const fetchDynamicEntries = (body: GetDynamicBody): Promise<DynamicEntry[]> =>
  postDataField('/api/getdynamic', body, DynamicEntryListSchema);
