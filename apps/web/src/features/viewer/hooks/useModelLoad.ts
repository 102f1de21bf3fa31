import { useEffect, useMemo, type RefObject } from 'react';
import { useAppStore } from '../../../base/store.tsx';
import { useModelInfo } from '../../models/hooks/useModelInfo.ts';
import { indexObjects } from '../objectIndex.ts';
import { useModelViewer } from './useModelViewer.ts';
import { usePropertyValues } from './usePropertyValues.ts';

export const NO_VIEWABLES_TEXT = 'Document contains no viewables.';

/**
 * Loading one model tab: its info, the viewer with the model drawn into it and the object index
 * (useModelViewer), the index's lookups, and the tab's property data once the model is drawn.
 */
export function useModelLoad(versionId: string, canvasRef: RefObject<HTMLDivElement | null>) {
  // the viewables (already fetched by the tab): without a 3D one there is nothing to draw
  const info = useModelInfo(versionId);
  const noViewables = info.data !== undefined && !info.data.viewables.some((v) => v.role === '3d');
  useEffect(() => {
    if (noViewables) console.error(NO_VIEWABLES_TEXT);
  }, [noViewables]);

  const { viewer, ready, viewerError, loadError, objects } = useModelViewer(
    versionId,
    canvasRef,
    noViewables,
  );
  const index = useMemo(() => (objects.data ? indexObjects(objects.data) : null), [objects.data]);

  // the tab's property data (records merged with the server's dynamic values), once the model is drawn
  const propertyValues = usePropertyValues(
    versionId,
    info.data && {
      projectName: info.data.projectName,
      fileName: info.data.fileName,
      drawn: ready,
      objects: objects.data,
    },
  );

  // A model whose property data is too large for the session copy is a large model: like the earlier
  // product, no further tabs may be opened beside it (the tab-limit alert says so) until all are closed.
  const { dispatch } = useAppStore();
  useEffect(() => {
    if (propertyValues.sessionCopyStored === false)
      dispatch({ type: 'setAllowAdditionalTabs', allow: false });
  }, [propertyValues.sessionCopyStored, dispatch]);

  return {
    info,
    noViewables,
    viewer,
    ready,
    viewerError,
    loadError,
    objects,
    index,
    propertyValues,
    loading: !viewerError && !loadError && !ready && !noViewables,
  };
}
