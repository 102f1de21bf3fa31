import {
  DynamicEntryListSchema,
  dynamicRecordOf,
  type DynamicEntry,
  type DynamicRecord,
  type GetDynamicBody,
  type PropValue,
  type StaticRecord,
} from '@penstock/shared';
import { apiFetch, apiFetchLines, type Parser } from '../../base/api.ts';
import { untilForegroundIdle } from '../../base/foreground.ts';

/** The property-value calls: a model's records (docs/api.md 'Models') and getdynamic ('Property values'). */

/** GET /api/models/<version id>/records: one static and one dynamic record per tag (dynamic values empty). */
export interface ModelRecords {
  static: StaticRecord[];
  dynamic: DynamicRecord[];
}

/**
 * The model's records, read as they arrive (`?format=ndjson`: the static records, one per line) with each
 * record's dynamic one derived here (dynamicRecordOf): the same records as the JSON answer, without the page
 * ever holding that answer's tens of megabytes of text at 100k objects. The repeated short texts are shared
 * as the records arrive (shareRecordStrings).
 */
export async function fetchModelRecords(versionId: string): Promise<ModelRecords> {
  const records: ModelRecords = { static: [], dynamic: [] };
  const share = stringSharer();
  const emptyValues = emptyValueLists();
  await apiFetchLines(`/api/models/${encodeURIComponent(versionId)}/records?format=ndjson`, (item) => {
    const record = shareRecordStrings(item as StaticRecord, share);
    records.static.push(record);
    const dynamic = dynamicRecordOf(record);
    dynamic.propValueList = emptyValues(record.category, dynamic.propValueList);
    records.dynamic.push(dynamic);
  });
  return records;
}

/**
 * One frozen list of empty dynamic values per category, for every dynamic record of that category: the
 * records' values are empty until merged with the server's (mergeDynamicValues makes new lists) or edited
 * (new lists too), so 68k records at 100k objects need a few dozen lists, not 68k lists of ~11 values.
 * Frozen, so a change in place fails loudly instead of changing every record of the category.
 */
function emptyValueLists(): (category: string, values: PropValue[]) => PropValue[] {
  const lists = new Map<string, PropValue[]>();
  return (category, values) => {
    let list = lists.get(category);
    if (!list) {
      list = Object.freeze(values.map((value) => Object.freeze(value))) as PropValue[];
      lists.set(category, list);
    }
    return list;
  };
}

/** Texts up to this long are shared by a stringSharer (names and short values; not long notes). */
const SHARED_TEXT_LENGTH = 64;

/**
 * One string for each distinct short text it is given. JSON.parse makes a string per occurrence: a
 * 100k-object plant's records hold hundreds of thousands of copies of the same property names and values.
 */
export function stringSharer(): (text: string) => string {
  const shared = new Map<string, string>();
  return (text) => {
    if (typeof text !== 'string' || text.length > SHARED_TEXT_LENGTH) return text;
    const known = shared.get(text);
    if (known !== undefined) return known;
    shared.set(text, text);
    return text;
  };
}

/** The record with its repeated texts (names, category, short values) shared, in place; values unchanged. */
export function shareRecordStrings<R extends StaticRecord | DynamicRecord>(
  record: R,
  share: (text: string) => string,
): R {
  record.projectName = share(record.projectName);
  record.fileName = share(record.fileName);
  record.category = share(record.category);
  for (const value of record.propValueList) {
    value.propName = share(value.propName);
    value.propValue = share(value.propValue);
  }
  return record;
}

/** POST a spec call's multipart body: one field named Data holding the JSON. */
export async function postDataField<T>(url: string, data: unknown, schema?: Parser<T>): Promise<T> {
  const form = new FormData();
  form.append('Data', JSON.stringify(data));
  return apiFetch(url, { method: 'POST', form }, schema);
}

/**
 * Records per call of a long list (postDataList). The server saves a call's records in one transaction,
 * during which it answers nothing else: 250 records keep that to about 10 to 20 milliseconds, so a click's
 * properties request made while a large model's values are being saved waits at most that long (1000 held
 * it 40 to 80 ms on the 100k plant, 5000 about 130 ms). Between parts the list waits for the foreground and
 * for the user to pause (base/foreground.ts).
 */
export const DATA_LIST_PIECE = 250;

/**
 * POST a spec call whose Data is a list of records saved by key (savestatic, savedynamic: the last record of
 * a tag wins, so one list sent in parts stores what it stores whole): the text field Data as postDataField
 * sends it, in calls of at most DATA_LIST_PIECE records one after another. A 100k-object model's static
 * values are about 55 MB of JSON: the page holds one part's text (under a megabyte) at a time, no request is
 * larger than a part, a part waits while the user waits for something else (a click's properties) or is
 * working in the page (USER_QUIET_MS), and nothing is kept as a Blob (a Blob's bytes stay in the browser
 * process until the page's garbage collector lets the Blob go). Answers the saved count summed over the
 * calls; the first failed call rejects and the rest are not sent.
 */
export async function postDataList(
  url: string,
  list: readonly unknown[],
  piece = DATA_LIST_PIECE,
): Promise<{ saved: number }> {
  if (list.length <= piece) return postDataField<{ saved: number }>(url, list);
  let saved = 0;
  for (let start = 0; start < list.length; start += piece) {
    // a click's properties, and a user at work, go first (base/foreground.ts)
    await untilForegroundIdle();
    const answer = await postDataField<{ saved?: number }>(url, list.slice(start, start + piece));
    saved += answer?.saved ?? 0;
  }
  return { saved };
}

/** POST /api/getdynamic: the server's dynamic entries of the file (and locked ones of the same tags). */
export const fetchDynamicEntries = (body: GetDynamicBody): Promise<DynamicEntry[]> =>
  postDataField('/api/getdynamic', body, DynamicEntryListSchema);
