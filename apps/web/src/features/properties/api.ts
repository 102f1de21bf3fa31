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

/** POST /api/getdynamic: the server's dynamic entries of the file (and locked ones of the same tags). */
export const fetchDynamicEntries = (body: GetDynamicBody): Promise<DynamicEntry[]> =>
  postDataField('/api/getdynamic', body, DynamicEntryListSchema);
