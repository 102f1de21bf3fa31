import { useMemo, type RefObject } from 'react';
import type { ModelViewer, ModelViewerState, PdfViewer, PdfViewerState } from '@penstock/viewer';
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
  ...props
}: Common & { viewer: ModelViewer | null; ready: boolean; viewableGuid: string }) {
  const { areaRef, versionId, itemId } = props;
  const surface = useMemo<PinSurface | null>(() => {
    if (!viewer || !ready) return null;
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
        // an object of another model of a federated view: the pin keeps its world point, and the stored
        // view (viewerState's otherSelection, BCF components by GlobalId) names the object
        if (hit && hit.modelId !== `urn:${versionId}`) {
          await viewer.selectObjects([{ model: hit.modelId, localId: hit.localId }]);
          return { position: hit.point, objectId: null };
        }
        return hit && { position: hit.point, objectId: hit.localId };
      },
      // the whole view (version 2: models, sections, measurements, appearance) and a picture of it
      viewerState: () => viewer.viewerState(),
      snapshot: () => viewer.screenshot(),
      restoreViewerState: (state) => {
        if (state && typeof state === 'object' && (state as { kind?: unknown }).kind === '3d')
          viewer
            .restoreViewerState(state as ModelViewerState)
            .catch((error: unknown) => console.error('The issue’s view cannot be restored', error));
      },
    };
  }, [viewer, ready, areaRef, versionId]);
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
        return point && { position: { x: point.x, y: point.y, z: pdf.pageIndex }, objectId: null };
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
