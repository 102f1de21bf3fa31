import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DynamicRecord } from '@penstock/shared';
import { errorMessage } from '../../base/api.ts';
import { sessionStore } from '../../base/sessionStore.ts';
import { propertyValuesKey, type LoadedPropertyValues } from '../viewer/hooks/usePropertyValues.ts';
import { clearSessionCopy } from '../viewer/sessionCopy.ts';
import { lockValues, valueHistoryKey } from './api.ts';
import { withLockState } from './objectEditor.ts';

/**
 * A project manager's lock changes (issue 31): the lock call, then the tab's values in memory take the new
 * lock state (the tab's session copy is dropped, so a reload reads the server) and the history is read again.
 */
export function useLockValues({
  versionId,
  fileName,
  projectId,
}: {
  versionId: string;
  fileName: string;
  projectId: string;
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = async (record: DynamicRecord, propName: string | undefined, locked: boolean) => {
    setPending(true);
    setError(null);
    try {
      const state = await lockValues({
        projectId,
        fileName: record.fileName || fileName,
        tag: record.tag,
        guId: record.guId,
        category: record.category,
        ...(propName === undefined ? {} : { propName }),
        locked,
      });
      queryClient.setQueryData<LoadedPropertyValues>(propertyValuesKey(versionId), (current) =>
        current
          ? {
              ...current,
              values: {
                ...current.values,
                DynaPropValues: withLockState(current.values.DynaPropValues, state),
                ElemWithProps: current.values.ElemWithProps.map((element) =>
                  element.tag === state.tag ? { ...element, locked: state.locked } : element,
                ),
              },
            }
          : current,
      );
      const storage = sessionStore();
      if (storage && fileName) clearSessionCopy(storage, fileName);
      void queryClient.invalidateQueries({ queryKey: valueHistoryKey(projectId, fileName, record.tag) });
    } catch (failure) {
      setError(`The lock could not be changed: ${errorMessage(failure)}`);
    } finally {
      setPending(false);
    }
  };

  return { change, pending, error };
}
