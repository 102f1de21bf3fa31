import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ModelViewer } from '@penstock/viewer';
import { errorMessage } from '../../../base/api.ts';
import { useViewerEngine } from '../engine.tsx';
import { fragmentsTaken, useModelFiles } from './useModelFiles.ts';

/** Log a load failure with its code (HTTP status) and message (spec §8). */
export const logLoadError = (failure: unknown) => {
  const status = (failure as { status?: unknown } | null)?.status;
  console.error(
    `Could not load the model${typeof status === 'number' ? ` (${status})` : ''}:`,
    errorMessage(failure),
  );
};

/**
 * Loading a model tab: one viewer per tab in the container, alive as long as the tab is open (hidden tabs
 * keep camera, selection and isolation); the .frag drawn into it once both are there; the object index;
 * and the item table the viewer's picking names objects with.
 */
export function useModelViewer(
  versionId: string,
  containerRef: RefObject<HTMLDivElement | null>,
  /** the model has no 3D viewable: nothing is drawn */
  noViewables: boolean,
) {
  const engine = useViewerEngine();
  const { fragments, objects, items } = useModelFiles(versionId, true);
  const [viewer, setViewer] = useState<ModelViewer | null>(null);
  const [ready, setReady] = useState(false);
  const [viewerError, setViewerError] = useState<string | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let cancelled = false;
    let created: ModelViewer | null = null;
    engine.createModelViewer(container).then(
      (instance) => {
        if (cancelled) instance.dispose();
        else {
          created = instance;
          setViewer(instance);
        }
      },
      (failure: unknown) => {
        if (!cancelled) setViewerError(errorMessage(failure));
      },
    );
    return () => {
      cancelled = true;
      created?.dispose();
      setViewer(null);
      setReady(false);
    };
  }, [engine, containerRef]);

  // the viewer the .frag bytes were handed to: they are loaded once per viewer
  const loadedBy = useRef<ModelViewer | null>(null);
  const { refetch: downloadAgain } = fragments;
  useEffect(() => {
    if (!viewer || !fragments.data || noViewables || loadedBy.current === viewer) return;
    // another viewer of this tab took these bytes (the tab's viewer made again): download them again
    if (fragmentsTaken(fragments.data)) {
      void downloadAgain();
      return;
    }
    loadedBy.current = viewer;
    let cancelled = false;
    // the bytes are transferred to the worker, not copied (fragmentsQuery)
    viewer.load(fragments.data, `urn:${versionId}`).then(
      () => {
        if (!cancelled) setReady(true);
      },
      (failure: unknown) => {
        if (cancelled) return;
        logLoadError(failure);
        setViewerError(errorMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [viewer, fragments.data, versionId, noViewables, downloadAgain]);

  // picks name their object from this table (fetched beside the .frag); until it is there, or without
  // it, the worker is asked
  useEffect(() => {
    if (viewer && items.data) viewer.setItemIndex(items.data);
  }, [viewer, items.data]);

  const loadError = fragments.error ?? objects.error;
  useEffect(() => {
    if (loadError) logLoadError(loadError);
  }, [loadError]);

  return { viewer, ready, viewerError, loadError, objects };
}
