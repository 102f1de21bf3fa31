import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FederatedModelState, ModelViewer, ObjectRef } from '@penstock/viewer';
import { errorMessage } from '../../../base/api.ts';
import { inForeground } from '../../../base/foreground.ts';
import { useAppStore } from '../../../base/store.tsx';
import { fetchFragments, fetchItemIndex } from '../api.ts';
import { fetchModelInfo, modelInfoKey } from '../../models/api.ts';
import { CONVERSION_POLL_MS } from '../../models/hooks/useModelInfo.ts';
import type { ObjectIndex } from '../api.ts';
import { indexObjects, type IndexedObjects } from '../objectIndex.ts';
import { useToolState } from '../toolkit/useToolState.ts';
import { objectIndexQuery } from './useModelFiles.ts';

const NO_MODELS: FederatedModelState[] = [];
const NO_FEDERATION = { onChange: () => () => undefined, list: () => NO_MODELS };

/** The other models of the view (beside the tab's own), as the viewer's federation lists them. */
export function useFederatedModels(viewer: ModelViewer | null): FederatedModelState[] {
  const federation = viewer?.federation ?? NO_FEDERATION;
  return useToolState(federation.onChange, federation.list);
}

const hazardsOfIndex = new WeakMap<ObjectIndex, number[]>();
/** The hazardous objects of a model's index (worked out once per index), as the viewer's refs. */
export function hazardRefsOf(modelId: string, index: ObjectIndex): ObjectRef[] {
  let localIds = hazardsOfIndex.get(index);
  if (!localIds) {
    localIds = index.localIds.filter((_, row) => index.hazard[row] === 1);
    hazardsOfIndex.set(index, localIds);
  }
  return localIds.map((localId) => ({ model: modelId, localId }));
}

/**
 * Isolate Hazards across a federated view: the hazardous objects of the tab's own model and of every other
 * model shown, each from its version's object index (the other models' are fetched once each).
 */
export function useViewHazards(
  viewer: ModelViewer | null,
  versionId: string,
  index: IndexedObjects | null,
): { count: number; refs(): ObjectRef[] } {
  const shown = useFederatedModels(viewer).filter((m) => m.visible);
  const others = useQueries({
    queries: shown.map((m) => objectIndexQuery(m.versionId)),
    combine: (results) => results.map((r) => r.data),
  });
  const otherRefs = shown.flatMap((m, i) => {
    const data = others[i];
    return data ? hazardRefsOf(m.modelId, data) : [];
  });
  const own = index?.hazards() ?? [];
  return {
    count: own.length + otherRefs.length,
    refs: () => [...own.map((localId) => ({ model: `urn:${versionId}`, localId })), ...otherRefs],
  };
}

/**
 * A federated view's other models come from the same store as the tab's: the viewer downloads their .frag
 * when a stored view (a saved view, an issue's viewpoint) lists them, the item table of each model added, and
 * lines them up by the georeference each model version's information gives (its IfcMapConversion or IfcSite,
 * read at conversion).
 */
export function useModelSource(viewer: ModelViewer | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!viewer) return;
    viewer.setModelSource((versionId) => fetchFragments(versionId));
    // every model version's object index (the tab's own is cached already): stored views name objects by
    // model version + GlobalId, and are restored through it
    viewer.setObjectIdSource((versionId) => queryClient.fetchQuery(objectIndexQuery(versionId)));
    // an added model's item table: clicks and snaps on it are answered from the GPU id buffer
    viewer.setItemIndexSource((versionId) => fetchItemIndex(versionId));
    viewer.federation.setGeoreferenceSource(
      async (versionId) => (await fetchModelInfo(versionId)).georeference ?? null,
    );
    // a model loading into the view is work the user waits for: background work (the tab's property
    // data, the static save's parts) waits for it rather than taking the server and the page meanwhile
    const stopWatching = viewer.federation.onLoading(
      (work) => void inForeground(work).catch(() => undefined),
    );
    return () => {
      stopWatching();
      viewer.setModelSource(null);
      viewer.setItemIndexSource(null);
      viewer.setObjectIdSource(null);
      viewer.federation.setGeoreferenceSource(null);
    };
  }, [viewer, queryClient]);
}

/** The tag of an object of another model of the view ('' without one), from that model's object index. */
export function useOtherObjectTag(
  tabVersionId: string,
  object: { versionId: string; localId: number } | null,
) {
  const other = object !== null && object.versionId !== tabVersionId;
  const objects = useQuery({ ...objectIndexQuery(object?.versionId ?? ''), enabled: other });
  const index = useMemo(() => (objects.data ? indexObjects(objects.data) : null), [objects.data]);
  if (!other || !object) return null;
  return index?.tagOf(object.localId) ?? '';
}

/** The file name of the model another model's selected object is in (null: the tab's own, or none). */
export function useOtherModelFileName(
  tabVersionId: string,
  object: { versionId: string; localId: number } | null,
): string | null {
  const other = object !== null && object.versionId !== tabVersionId;
  const versionId = object?.versionId ?? '';
  const info = useQuery({
    queryKey: modelInfoKey(versionId),
    queryFn: () => fetchModelInfo(versionId),
    enabled: other,
    staleTime: 60_000,
  });
  return other ? (info.data?.fileName ?? null) : null;
}

/** How long 'Add to view' waits for a model that is still converting (a file just uploaded). */
export const ADD_TO_VIEW_CONVERSION_WAIT_MS = 5 * 60_000;

/** Wait while the version converts; throws when it failed or has no 3D view. */
async function untilConverted(versionId: string): Promise<void> {
  const until = Date.now() + ADD_TO_VIEW_CONVERSION_WAIT_MS;
  for (;;) {
    const info = await fetchModelInfo(versionId);
    const { state, error } = info.conversion;
    if (state === 'done') return;
    if (state === 'failed') throw new Error(error ?? 'The model could not be converted.');
    if (state === 'none') throw new Error('This file has not been converted for the viewer.');
    if (Date.now() > until) throw new Error('The model is still converting: add it again later.');
    await new Promise((resolve) => setTimeout(resolve, CONVERSION_POLL_MS));
  }
}

/**
 * 'Add to view' from the project browser (the app store's addToView request): the selected 3D tab adds the
 * model version to its viewer and opens the Models panel. Answers the outcome for the Models panel to show.
 */
export function useAddToView({
  active,
  ready,
  viewer,
  versionId,
  openModels,
}: {
  active: boolean;
  ready: boolean;
  viewer: ModelViewer | null;
  versionId: string;
  openModels: () => void;
}) {
  const { state } = useAppStore();
  const request = state.addToView;
  const handled = useRef(request?.seq ?? 0);
  const [status, setStatus] = useState<{ name: string; error: string | null; busy: boolean } | null>(null);
  useEffect(() => {
    if (!request || !active || !ready || !viewer || handled.current === request.seq) return;
    handled.current = request.seq;
    openModels();
    const { name, versionId: adding } = request;
    // adding is asynchronous work of the viewer, answered after this render
    const own = 'This model is the tab\u2019s own model: it is in the view already.';
    void Promise.resolve()
      .then(() => {
        if (adding === versionId) throw new Error(own);
        setStatus({ name, error: null, busy: true });
        return untilConverted(adding);
      })
      .then(() => fetchFragments(adding))
      .then((bytes) => viewer.federation.add(bytes, adding))
      .then(
        () => setStatus({ name, error: null, busy: false }),
        (failure: unknown) => setStatus({ name, error: errorMessage(failure), busy: false }),
      );
  }, [request, active, ready, viewer, versionId, openModels]);
  return status;
}
