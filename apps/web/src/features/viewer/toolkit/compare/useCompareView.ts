import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ModelViewer } from '@penstock/viewer';
import { errorMessage } from '../../../../base/api.ts';
import { fetchFragments } from '../../api.ts';
import { objectIndexQuery } from '../../hooks/useModelFiles.ts';
import { compareAppearance } from './changeList.ts';
import { useAllChanges, useModelCompare, type ModelComparePair } from './compareApi.ts';

/** What a compare tab knows of its compare, for the Changes panel. */
export type CompareView = ReturnType<typeof useCompareView>;

/**
 * A model compare in the tab's viewer (issue 34 §2): the compare is asked for (and polled while it runs);
 * once done, the older version is federated beside the tab's (newer) model and both are painted: added
 * green, changed amber, removed red ghosts, unchanged faded (compareAppearance). Painted once per tab.
 */
export function useCompareView({
  pair,
  viewer,
  ready,
}: {
  pair: ModelComparePair | null;
  viewer: ModelViewer | null;
  ready: boolean;
}) {
  const compare = useModelCompare(pair);
  const done = compare.data?.status === 'done' ? compare.data : null;
  const changes = useAllChanges(done?.id ?? null);
  const baseIndex = useQuery({
    ...objectIndexQuery(pair?.baseVersionId ?? ''),
    enabled: pair !== null && done !== null,
  });
  const [look, setLook] = useState<{ busy: boolean; error: string | null; painted: boolean }>({
    busy: false,
    error: null,
    painted: false,
  });
  const started = useRef(false);

  useEffect(() => {
    if (!pair || !viewer || !ready || !changes.data || !baseIndex.data || started.current) return;
    started.current = true;
    const { baseVersionId } = pair;
    const all = changes.data;
    const baseObjects = baseIndex.data.localIds;
    void Promise.resolve()
      .then(async () => {
        setLook({ busy: true, error: null, painted: false });
        if (!viewer.federation.list().some((model) => model.versionId === baseVersionId)) {
          await viewer.federation.add(await fetchFragments(baseVersionId), baseVersionId);
        }
        await viewer.appearance.restore(compareAppearance(all, baseVersionId, baseObjects));
      })
      .then(
        () => setLook({ busy: false, error: null, painted: true }),
        (failure: unknown) => setLook({ busy: false, error: errorMessage(failure), painted: false }),
      );
  }, [pair, viewer, ready, changes.data, baseIndex.data]);

  /** Paint the compare again (after the Visibility panel changed the look). */
  const repaint = () => {
    if (!pair || !viewer || !changes.data || !baseIndex.data) return;
    void viewer.appearance.restore(
      compareAppearance(changes.data, pair.baseVersionId, baseIndex.data.localIds),
    );
  };

  const loadError = changes.error ?? baseIndex.error;
  return {
    pair,
    compare,
    changes,
    look: { ...look, error: look.error ?? (loadError ? errorMessage(loadError) : null) },
    repaint,
  };
}
