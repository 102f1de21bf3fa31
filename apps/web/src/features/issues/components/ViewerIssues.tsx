import { useMemo, type RefObject } from 'react';
import type {
  ModelViewer,
  ModelViewerState,
  PdfViewer,
  PdfViewerState,
  StoredViewerState,
} from '@penstock/viewer';
import type { IssuePinDetails, ModelObject } from '@penstock/shared';
import { IssueLayer, type PinSurface } from './IssueLayer.tsx';

interface Common {
  projectId: string | null;
  versionId: string;
  itemId?: string | undefined;
  hostRef: RefObject<HTMLElement | null>;
  areaRef: RefObject<HTMLElement | null>;
  visible: boolean;
  placing: boolean;
  onPlacingDone: () => void;
  onCreated?: () => void;
  onPinSelected?: () => void;
}

/** Issue pins over the 3D viewer: positions are world points, the canvas is `areaRef`. */
export function ModelIssues({
  viewer,
  ready,
  viewableGuid,
  objects,
  ...props
}: Common & {
  viewer: ModelViewer | null;
  ready: boolean;
  viewableGuid: string;
  /** objects by model version + GlobalId (the viewer's ModelObjects) */
  objects: {
    objectOf(ref: { model: string; localId: number }): Promise<ModelObject | null>;
    find(object: ModelObject): Promise<{ modelId: string; localId: number; tag: string } | null>;
  };
}) {
  const { areaRef, versionId, itemId } = props;
  const surface = useMemo<PinSurface | null>(() => {
    if (!viewer || !ready) return null;
    const own = `urn:${versionId}`;
    /** the object a pin names: by model version + GlobalId, else (an older pin) its localId in this model */
    const objectOfPin = async (details: IssuePinDetails) => {
      if (details.object) return objects.find(details.object);
      if (details.objectId === null) return null;
      const object = await objects.objectOf({ model: own, localId: details.objectId });
      return object && objects.find(object);
    };
    return {
      toScreen: (position) => {
        const point = viewer.toScreen(position);
        const canvas = areaRef.current;
        if (!point) return null;
        // off the canvas: not drawn (a canvas not laid out yet has no size to compare with)
        if (
          canvas?.clientWidth &&
          (point.x < 0 || point.y < 0 || point.x > canvas.clientWidth || point.y > canvas.clientHeight)
        )
          return null;
        return { x: point.x + (canvas?.offsetLeft ?? 0), y: point.y + (canvas?.offsetTop ?? 0) };
      },
      onChange: (callback) => viewer.onViewChange(callback),
      pick: async (clientX, clientY) => {
        const hit = await viewer.pickPoint(clientX, clientY);
        if (!hit) return null;
        const ref = { model: hit.modelId, localId: hit.localId };
        // the object by model version + GlobalId, in whichever model of the view it is (issue 33)
        const object = await objects.objectOf(ref).catch(() => null);
        if (hit.modelId !== own) {
          // another model's object: selected, so the stored view (otherSelection) names it too
          await viewer.selectObjects([ref]);
          return { position: hit.point, objectId: null, object };
        }
        return { position: hit.point, objectId: hit.localId, object };
      },
      // the whole view (models, sections, measurements, appearance; every model's objects by version +
      // GlobalId: version 3) and a picture of it
      viewerState: () => viewer.storedViewerState(),
      snapshot: () => viewer.screenshot(),
      restoreViewerState: async (state) => {
        if (state && typeof state === 'object' && (state as { kind?: unknown }).kind === '3d')
          await viewer
            .restoreViewerState(state as ModelViewerState | StoredViewerState)
            .catch((error: unknown) => console.error('The issue’s view cannot be restored', error));
      },
      // the pinned object selected in its model (loaded by the restored view when it is another model)
      openObject: async (details) => {
        const found = await objectOfPin(details).catch(() => null);
        if (!found) return null;
        if (found.modelId === own || viewer.federation.list().some((m) => m.modelId === found.modelId))
          await viewer.selectObjects([{ model: found.modelId, localId: found.localId }]);
        return found.tag;
      },
    };
  }, [viewer, ready, areaRef, versionId, objects]);
  const documentIds = useMemo(() => [versionId, ...(itemId ? [itemId] : [])], [versionId, itemId]);
  return (
    <IssueLayer
      {...props}
      documentId={versionId}
      documentIds={documentIds}
      viewableGuid={viewableGuid}
      surface={surface}
    />
  );
}

/** Issue pins over a PDF page: positions are page fractions {x, y, z: page index}. */
export function PdfIssues({
  pdf,
  viewableGuid = '',
  ...props
}: Common & { pdf: PdfViewer | null; viewableGuid?: string }) {
  const { hostRef, areaRef, versionId, itemId } = props;
  const surface = useMemo<PinSurface | null>(() => {
    if (!pdf) return null;
    return {
      toScreen: (position) => {
        const page = pdf.pageElement().getBoundingClientRect();
        const host = hostRef.current?.getBoundingClientRect();
        if (!host) return null;
        return {
          x: page.left - host.left + position.x * page.width,
          y: page.top - host.top + position.y * page.height,
        };
      },
      onChange: (callback) => {
        const stop = pdf.onChange(callback);
        // the page scrolls inside its container
        const area = areaRef.current;
        area?.addEventListener('scroll', callback, true);
        window.addEventListener('resize', callback);
        return () => {
          stop();
          area?.removeEventListener('scroll', callback, true);
          window.removeEventListener('resize', callback);
        };
      },
      pick: async (clientX, clientY) => {
        const point = pdf.toPagePoint(clientX, clientY);
        return (
          point && { position: { x: point.x, y: point.y, z: pdf.pageIndex }, objectId: null, object: null }
        );
      },
      viewerState: () => pdf.viewerState(),
      restoreViewerState: (state) => {
        if (state && typeof state === 'object' && (state as { kind?: unknown }).kind === 'pdf')
          void pdf.restoreViewerState(state as PdfViewerState);
      },
      shows: (details) => details.position.z === pdf.pageIndex,
    };
  }, [pdf, hostRef, areaRef]);
  const documentIds = useMemo(() => [versionId, ...(itemId ? [itemId] : [])], [versionId, itemId]);
  return (
    <IssueLayer
      {...props}
      documentId={versionId}
      documentIds={documentIds}
      viewableGuid={viewableGuid}
      surface={surface}
    />
  );
}
