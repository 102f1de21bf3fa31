import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ModelViewer } from '@penstock/viewer';
import { inForeground } from '../../../base/foreground.ts';
import { useAppStore } from '../../../base/store.tsx';
import type { ObjectIndex } from '../api.ts';
import type { ViewerExtensions } from '../extensions.tsx';
import type { IndexedObjects } from '../objectIndex.ts';
import { logLoadError } from './useModelViewer.ts';

/** Floating panels start 400 px from the right edge of the model view itself, not of a side pane beside it. */
const viewerAreaWidth = (canvasRef: RefObject<HTMLElement | null>, hostRef: RefObject<HTMLElement | null>) =>
  canvasRef.current?.clientWidth || hostRef.current?.clientWidth || window.innerWidth;

/**
 * What is selected in a model and whether its panel is open: a click in the model (its values fetched
 * first, so the panel opens with them), the model tree, selectByTag, and a tag chosen on a P&ID.
 */
export function useModelSelection({
  versionId,
  viewer,
  ready,
  index,
  objects,
  canvasRef,
  hostRef,
  prefetchSelection,
}: {
  versionId: string;
  viewer: ModelViewer | null;
  ready: boolean;
  index: IndexedObjects | null;
  objects: ObjectIndex | undefined;
  canvasRef: RefObject<HTMLElement | null>;
  hostRef: RefObject<HTMLElement | null>;
  prefetchSelection: ViewerExtensions['prefetchSelection'];
}) {
  const [selected, setSelected] = useState<number | null>(null);
  // the model version the selected object is in: the tab's own, or another model of a federated view
  const [selectedVersionId, setSelectedVersionId] = useState(versionId);
  const [panelOpen, setPanelOpen] = useState(false);
  // the width of the area the floating panels (properties, plan views) start in, measured as they open
  const [areaWidth, setAreaWidth] = useState(0);
  const measureArea = useCallback(
    () => setAreaWidth(viewerAreaWidth(canvasRef, hostRef)),
    [canvasRef, hostRef],
  );

  // what a click in the model (or the model tree) selected: its properties open
  const showSelected = useCallback(
    (localId: number | null, inVersion: string = versionId) => {
      setSelected(localId);
      setSelectedVersionId(inVersion);
      setPanelOpen(localId !== null);
      measureArea();
    },
    [measureArea, versionId],
  );
  // a click in the model: the object's values are fetched (or taken from the cache) and the panel opens
  // with them at once; the viewer draws the highlight after that
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!viewer) return;
    return viewer.onSelect(async (localId, modelId) => {
      // an object of another model of a federated view: its own version's properties
      const inVersion = modelId?.startsWith('urn:') ? modelId.slice(4) : versionId;
      // the user waits for these values: background saves hold their next part meanwhile
      if (localId !== null)
        await inForeground(prefetchSelection(queryClient, inVersion, localId)).catch(() => undefined);
      showSelected(localId, inVersion);
    });
  }, [viewer, showSelected, queryClient, versionId, prefetchSelection]);

  const selectByTag = useCallback(
    async (tag: string) => {
      if (!viewer || !index) return 0;
      const ids = index.byTag(tag);
      await viewer.select(ids);
      if (ids.length) {
        await viewer.fit(ids);
        // the object carrying the tag itself: the first whose parent has another tag
        const own = ids.find((id) => {
          const row = index.rowOf(id);
          const parent = row === undefined ? -1 : (objects?.parents[row] ?? -1);
          return parent < 0 || index.tagOf(parent) !== tag;
        });
        setSelected(own ?? ids[0] ?? null);
        setSelectedVersionId(versionId);
        setPanelOpen(true);
        measureArea();
      }
      return ids.length;
    },
    [viewer, index, objects, measureArea, versionId],
  );

  // a tag chosen on a P&ID: select it here when this model has it, and say so
  const { state: appState, dispatch } = useAppStore();
  const tagSelection = appState.tagSelection;
  const handledSeq = useRef(0);
  useEffect(() => {
    if (!tagSelection || !ready || !index || handledSeq.current === tagSelection.seq) return;
    handledSeq.current = tagSelection.seq;
    if (index.byTag(tagSelection.tag).length === 0) return;
    // selecting is asynchronous work of the viewer, answered after this render
    void Promise.resolve(tagSelection)
      .then(async ({ tag, seq }) => {
        dispatch({ type: 'tagFound', seq, versionId });
        await selectByTag(tag);
      })
      .catch(logLoadError);
  }, [tagSelection, ready, index, selectByTag, dispatch, versionId]);

  const own = selectedVersionId === versionId;
  return {
    /** the selected object of the tab's own model (null when none, or when it is in another model) */
    selected: own ? selected : null,
    /** the selected object in whichever model it is: its version and localId */
    selectedObject: selected === null ? null : { versionId: selectedVersionId, localId: selected },
    /** the tag of the selected object of the tab's model ('' when it has none), null when nothing is selected */
    selectedTag: selected === null || !own ? null : (index?.tagOf(selected) ?? ''),
    panelOpen: panelOpen && selected !== null,
    closePanel: () => setPanelOpen(false),
    areaWidth: areaWidth || window.innerWidth,
    measureArea,
    showSelected,
    selectByTag,
  };
}
