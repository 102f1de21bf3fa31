import {
  LockStateSchema,
  ValueHistoryListSchema,
  type LockState,
  type LockValuesBody,
  type ValueHistoryEntry,
} from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

/** The lock calls of the object editor (docs/api.md 'Property values'). */

/** POST /api/properties/lock: a project manager locks or unlocks one value, or all of an object's. */
export const lockValues = (body: LockValuesBody): Promise<LockState> =>
  apiFetch('/api/properties/lock', { method: 'POST', json: body }, LockStateSchema);

export const valueHistoryKey = (projectId: string, fileName: string, tag: string) =>
  ['valueHistory', projectId, fileName, tag] as const;

/** GET /api/properties/history: an object's lock changes, oldest first. */
export const fetchValueHistory = (
  projectId: string,
  fileName: string,
  tag: string,
): Promise<ValueHistoryEntry[]> =>
  apiFetch(
    `/api/properties/history?${new URLSearchParams({ projectId, fileName, tag }).toString()}`,
    undefined,
    ValueHistoryListSchema,
  );
