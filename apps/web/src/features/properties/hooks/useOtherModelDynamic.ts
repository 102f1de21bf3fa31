import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  buildDynamicRecord,
  mergeDynamicValues,
  type DynamicEntry,
  type DynamicRecord,
} from '@penstock/shared';
import { fetchModelInfo, modelInfoKey } from '../../models/api.ts';
import { fetchDynamicEntries } from '../api.ts';

/** How long another model's dynamic entries are used before the panel asks the server again. */
export const OTHER_DYNAMIC_STALE_MS = 30_000;

export const modelDynamicKey = (versionId: string, projectName: string, fileName: string) =>
  ['models', versionId, 'dynamicEntries', projectName, fileName] as const;

/**
 * The dynamic record of an object of a model (pure), as that model's tab has it: one value per dynamic name
 * of its category, merged with the server's entries of the model's project and file (getdynamic). undefined
 * for an object without a tag (dynamic values are kept by tag).
 */
export function dynamicRecordOfObject(
  object: { tag: string; category: string; guid: string },
  model: { projectName: string; fileName: string },
  entries: readonly DynamicEntry[],
): DynamicRecord | undefined {
  if (!object.tag) return undefined;
  const record = buildDynamicRecord(
    { guId: object.guid, tag: object.tag, category: object.category, propertyValues: [] },
    model.projectName,
    model.fileName,
  );
  return mergeDynamicValues([record], entries, model.projectName)[0];
}

/**
 * The dynamic values of an object of another model of a federated view (issue 33 §1: dynamic values keep
 * working per model): the properties module is asked with that model's own project and file (getdynamic),
 * as that model's tab asks. `versionId` null asks nothing (the tab's own model: its tab data has them).
 */
export function useOtherModelDynamic(
  versionId: string | null,
  object: { tag: string; category: string; guid: string } | undefined,
): DynamicRecord | undefined {
  const info = useQuery({
    queryKey: modelInfoKey(versionId ?? ''),
    queryFn: () => fetchModelInfo(versionId ?? ''),
    enabled: versionId !== null,
    staleTime: OTHER_DYNAMIC_STALE_MS,
  });
  const projectName = info.data?.projectName ?? '';
  const fileName = info.data?.fileName ?? '';
  const entries = useQuery({
    queryKey: modelDynamicKey(versionId ?? '', projectName, fileName),
    queryFn: () => fetchDynamicEntries({ projectName, fileName }),
    enabled: versionId !== null && !!info.data,
    staleTime: OTHER_DYNAMIC_STALE_MS,
    retry: false,
  });
  const known = object !== undefined;
  const { tag = '', category = '', guid = '' } = object ?? {};
  return useMemo(
    () =>
      versionId !== null && known && entries.data
        ? dynamicRecordOfObject({ tag, category, guid }, { projectName, fileName }, entries.data)
        : undefined,
    [versionId, known, entries.data, tag, category, guid, projectName, fileName],
  );
}
