import type { QueryClient } from '@tanstack/react-query';
import type { StaticRecord } from '@penstock/shared';
import { errorMessage } from '../../base/api.ts';
import { postDataField } from '../properties/api.ts';
import {
  propertyValuesKey,
  STATIC_SAVE_FAILED,
  type LoadedPropertyValues,
} from '../viewer/hooks/usePropertyValues.ts';
import { clearSessionCopy, type PropertyValues } from '../viewer/sessionCopy.ts';
import { applySaved, changedRecords, type Edits } from './objectEditor.ts';
import { sessionStore } from '../../base/sessionStore.ts';

export interface SaveObjectDataInput {
  queryClient: QueryClient;
  versionId: string;
  /** the model's file name: the tab's session copy is stored under it */
  fileName: string;
  values: PropertyValues;
  edits: Edits;
  /** the static records to store beside the dynamic ones */
  statics: readonly StaticRecord[];
}

/**
 * Save Data of the object editor and the schedules (forms spec §4, §7, §8): the changed dynamic records
 * (savedynamic; a failure throws) and the static records (savestatic; a failure is logged only). The tab's
 * values in memory follow the save and its session copy is dropped, so a reload reads the server.
 * Answers whether both saves succeeded.
 */
export async function saveObjectData({
  queryClient,
  versionId,
  fileName,
  values,
  edits,
  statics,
}: SaveObjectDataInput): Promise<boolean> {
  const changed = changedRecords(values.DynaPropValues, edits);
  await postDataField('/api/savedynamic', changed);
  let staticSaved = true;
  try {
    await postDataField('/api/savestatic', statics);
  } catch (failure) {
    staticSaved = false;
    console.error(STATIC_SAVE_FAILED, errorMessage(failure));
  }
  const key = propertyValuesKey(versionId);
  queryClient.setQueryData<LoadedPropertyValues>(key, (current) =>
    current
      ? {
          ...current,
          values: { ...current.values, DynaPropValues: applySaved(current.values.DynaPropValues, changed) },
        }
      : current,
  );
  const storage = sessionStore();
  if (storage && fileName) clearSessionCopy(storage, fileName);
  void queryClient.invalidateQueries({ queryKey: key });
  return staticSaved;
}
