import {
  DynamicEntryListSchema,
  type DynamicEntry,
  type DynamicRecord,
  type GetDynamicBody,
  type StaticRecord,
} from '@penstock/shared';
import { ApiError, apiFetch, type Parser } from '../../app/api.ts';

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
  const body = new FormData();
  body.append('Data', JSON.stringify(data));
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body,
    });
  } catch {
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 0);
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    answer = undefined;
  }
  if (!response.ok) {
    const message =
      answer && typeof answer === 'object' && 'error' in answer && typeof answer.error === 'string'
        ? answer.error
        : `The server answered ${response.status} ${response.statusText}`.trim();
    throw new ApiError(message, response.status);
  }
  if (!schema) return answer as T;
  try {
    return schema.parse(answer);
  } catch {
    throw new ApiError(`The server sent an answer in an unexpected shape (${url}).`, response.status);
  }
}

/** POST /api/getdynamic: the server's dynamic entries of the file (and locked ones of the same tags). */
export const fetchDynamicEntries = (body: GetDynamicBody): Promise<DynamicEntry[]> =>
  postDataField('/api/getdynamic', body, DynamicEntryListSchema);
