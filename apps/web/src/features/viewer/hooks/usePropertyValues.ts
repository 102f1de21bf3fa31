import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mergeDynamicValues, type DynamicEntry, type DynamicRecord } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { fetchDynamicEntries, fetchModelRecords, postDataList } from '../../properties/api.ts';
import type { ObjectIndex } from '../api.ts';
import {
  clearSessionCopy,
  readSessionCopy,
  sessionCopyMayFit,
  writeSessionCopy,
  type ElementWithProps,
  type PropertyValues,
} from '../sessionCopy.ts';
import { sessionStore } from '../../../base/sessionStore.ts';
import { untilForegroundWorkDone } from '../../../base/foreground.ts';

/** What the property loading of a model tab needs to know. */
export interface PropertyValuesSource {
  projectName: string;
  /** the model's file name: the tab's name its session copy is stored under */
  fileName: string;
  /** the model is drawn: loading starts only then */
  drawn: boolean;
  /** the object index, for the objects' dbIds */
  objects: ObjectIndex | undefined;
}

export interface LoadedPropertyValues {
  values: PropertyValues;
  /**
   * false when the data was too large for the session copy (nothing stored); a load whose dynamic sync failed
   * stores no copy and answers whether its data would fit
   */
  sessionCopyStored: boolean;
  /** read back from sessionStorage rather than loaded */
  restored: boolean;
}

export const propertyValuesKey = (versionId: string) => ['models', versionId, 'propertyValues'] as const;

export const RECORDS_FAILED = 'The property records of the model could not be read:';
export const DYNAMIC_SYNC_FAILED = 'The dynamic property values could not be synced with the server:';
export const STATIC_SAVE_FAILED = 'The static property values could not be saved:';

/** The tab's property data from its records and the server's dynamic entries (pure). */
export function buildPropertyValues(
  records: { static: PropertyValues['StatPropValues']; dynamic: DynamicRecord[] },
  entries: readonly DynamicEntry[],
  projectName: string,
  objects: ObjectIndex | undefined,
): PropertyValues {
  const dynamic = mergeDynamicValues(records.dynamic, entries, projectName);
  const dbIdOf = new Map<string, number>();
  objects?.guids.forEach((guid, row) => {
    const localId = objects.localIds[row];
    if (localId !== undefined && !dbIdOf.has(guid)) dbIdOf.set(guid, localId);
  });
  const lockedOf = new Map(dynamic.map((record) => [record.tag, record.locked]));
  const elements: ElementWithProps[] = records.static.map((record) => ({
    guId: record.guId,
    dbId: dbIdOf.get(record.guId) ?? -1,
    tag: record.tag,
    category: record.category,
    locked: lockedOf.get(record.tag) ?? false,
  }));
  return {
    DynaPropValues: dynamic,
    StatPropValues: records.static,
    ElemWithProps: elements,
    Categories: [...new Set(elements.map((element) => element.category))],
  };
}

/** How long property loading waits after the model is drawn for the view's other models to start loading. */
export const VIEW_MODELS_GRACE_MS = 300;

/**
 * Property loading of a model tab (spec 1, §4 'Property loading', 'Session copy'): once the model is drawn,
 * the records of every tagged object are read, the dynamic values synced with the server (getdynamic) and
 * merged, and the four sets stored in sessionStorage under the file name when they fit. A failed sync is
 * logged and loading continues with the unsynced records. A tab whose data is in sessionStorage (selected
 * again, or mounted again) restores it instead of loading.
 */
export function usePropertyValues(versionId: string, info: PropertyValuesSource | null | undefined) {
  const name = info?.fileName ?? '';
  const query = useQuery({
    queryKey: propertyValuesKey(versionId),
    queryFn: async ({ signal }): Promise<LoadedPropertyValues> => {
      const projectName = info?.projectName ?? '';
      // other models of the view loading now go first (their download and draw are what the user waits
      // for): the server builds the records in one go (17 s at 30k objects on the busy bench machine), and
      // a .frag asked for meanwhile waited for all of it; a stored view's models are added as soon as the
      // own model is drawn, so the load first gives them a moment to start
      await new Promise((resolve) => setTimeout(resolve, VIEW_MODELS_GRACE_MS));
      await untilForegroundWorkDone();
      let records;
      try {
        records = await fetchModelRecords(versionId);
      } catch (failure) {
        console.error(RECORDS_FAILED, errorMessage(failure));
        throw failure;
      }
      let entries: DynamicEntry[] = [];
      let synced = true;
      try {
        entries = await fetchDynamicEntries({ projectName, fileName: name });
      } catch (failure) {
        // spec §8: the dynamic sync failing is logged; processing continues
        console.error(DYNAMIC_SYNC_FAILED, errorMessage(failure));
        synced = false;
      }
      const values = buildPropertyValues(records, entries, projectName, info?.objects);
      // spec §7: the model's static values are stored after loading; a failure is logged only
      void postDataList('/api/savestatic', values.StatPropValues).catch((failure: unknown) =>
        console.error(STATIC_SAVE_FAILED, errorMessage(failure)),
      );
      // a load overtaken by a newer one (a save refetches while an earlier save's refetch still runs) must
      // not leave its older values as the tab's session copy: the newer load writes it. Nor may a load whose
      // dynamic sync failed: the unsynced records lack the saved values, and a copy of them would be restored
      // instead of asking the server again (a reload straight after Save Data aborts that refetch's getdynamic
      // while the page still runs; the copy then showed the value as it was before the save)
      const storage = signal.aborted ? null : sessionStore();
      if (storage && !synced) clearSessionCopy(storage, name);
      const sessionCopyStored = !synced
        ? sessionCopyMayFit(values)
        : storage
          ? writeSessionCopy(storage, name, values, versionId)
          : false;
      return { values, sessionCopyStored, restored: false };
    },
    initialData: (): LoadedPropertyValues | undefined => {
      const storage = name ? sessionStore() : null;
      const values = storage ? readSessionCopy(storage, name, versionId) : null;
      return values ? { values, sessionCopyStored: true, restored: true } : undefined;
    },
    enabled: Boolean(info?.drawn && info.objects && name),
    staleTime: Infinity,
    retry: false,
  });

  const data = query.data;
  const dynamicByTag = useMemo(
    () => new Map((data?.values.DynaPropValues ?? []).map((record) => [record.tag, record])),
    [data],
  );
  return {
    values: data?.values,
    sessionCopyStored: data?.sessionCopyStored,
    restored: data?.restored ?? false,
    isLoading: query.isFetching,
    error: query.error,
    /** the merged dynamic record of a tag */
    dynamicOf: (tag: string): DynamicRecord | undefined => dynamicByTag.get(tag),
  };
}
