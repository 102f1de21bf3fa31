import { useCallback, useEffect, useRef, useState } from 'react';
import type { PdfViewer } from '@penstock/viewer';
import { errorMessage } from '../../../base/api.ts';
import { useViewerEngine } from '../engine.tsx';
import { setPdfHook } from '../testHook.ts';

/**
 * A PDF shown with the viewer package's PdfViewer in the host element: loading, the page shown and the
 * zoom (followed from the viewer), and the end-to-end test hook while `testHook` holds (only the selected
 * tab owns it). Shared by the workspace's PdfView and the training's TrainingPdf.
 */
export function usePdfViewer(url: string, { testHook = true }: { testHook?: boolean } = {}) {
  const engine = useViewerEngine();
  const hostRef = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PdfViewer | null>(null);
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const container = hostRef.current;
    if (!container) return;
    let cancelled = false;
    let created: PdfViewer | null = null;
    engine
      .createPdfViewer(container)
      .then(async (instance) => {
        if (cancelled) return instance.dispose();
        created = instance;
        await instance.open(url);
        if (cancelled) return;
        instance.onChange(() => setPage(instance.pageIndex));
        setPdf(instance);
        setPageCount(instance.pageCount);
      })
      .catch((failure: unknown) => {
        if (!cancelled) setError(errorMessage(failure));
      });
    return () => {
      cancelled = true;
      created?.dispose();
      setPdf(null);
    };
  }, [engine, url]);

  // end-to-end tests read where a text is drawn on the page shown
  useEffect(() => {
    if (!testHook || !pdf) return;
    return setPdfHook({ locateText: (text) => pdf.locateText(text) });
  }, [testHook, pdf]);

  /** Run an action on the viewer once it is there; a failure is shown as the error. */
  const run = useCallback(
    (action: (viewer: PdfViewer) => Promise<void>) => {
      if (pdf) action(pdf).catch((failure: unknown) => setError(errorMessage(failure)));
    },
    [pdf],
  );
  /** Show a page (its index, already within the document). */
  const showPage = (index: number) => {
    setPage(index);
    void pdf?.showPage(index).catch((failure: unknown) => setError(errorMessage(failure)));
  };
  /** Zoom by a factor of the current zoom. */
  const zoomBy = (factor: number) =>
    run((viewer) => viewer.setZoom(viewer.zoom * factor).then(() => setZoom(viewer.zoom)));

  return { hostRef, pdf, pageCount, page, zoom, error, run, showPage, zoomBy };
}
