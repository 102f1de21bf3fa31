import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ModelViewer } from '@penstock/viewer';
import { fetchFragments } from '../api.ts';
import { indexObjects } from '../objectIndex.ts';
import { objectIndexQuery } from './useModelFiles.ts';

/**
 * A federated view's other models come from the same store as the tab's: the viewer downloads their .frag
 * when a stored view (a saved view, an issue's viewpoint) lists them.
 */
export function useModelSource(viewer: ModelViewer | null) {
  useEffect(() => {
    if (!viewer) return;
    viewer.setModelSource((versionId) => fetchFragments(versionId));
    return () => viewer.setModelSource(null);
  }, [viewer]);
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
