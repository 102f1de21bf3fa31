import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  type PDFPageProxy,
  type RenderTask,
} from 'pdfjs-dist';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { clampPage, clampZoom, fitWidthScale, runAt, type TextRun } from './pages.ts';

export interface PdfViewerOptions {
  /** Address of pdf.worker.mjs served by the app (never a CDN). */
  workerSrc: string;
  /** Fit the page to the container width on open and page change (default true). */
  fitWidth?: boolean;
  /**
   * Address (ending in '/') of pdf.js' standard fonts served by the app, for PDFs that use the 14 standard
   * fonts without embedding them (never a CDN).
   */
  standardFontDataUrl?: string;
}

export interface PdfViewer {
  /** Open a document from bytes or an address; shows page 0. Throws with a message on failure. */
  open(source: ArrayBuffer | Uint8Array | string): Promise<void>;
  readonly pageCount: number;
  /** The page shown, from 0. */
  readonly pageIndex: number;
  /** Show a page (from 0), clamped to the document's range. */
  showPage(index: number): Promise<void>;
  next(): Promise<void>;
  previous(): Promise<void>;
  readonly zoom: number;
  /** Zoom relative to the fitted size (1 = fit), clamped to 0.25..8. */
  setZoom(zoom: number): Promise<void>;
  /** Listen for page or zoom changes. */
  onChange(callback: () => void): () => void;
  /** The page's canvas, for overlays (issue pins, markups) placed over it. */
  pageElement(): HTMLCanvasElement;
  /** A client point as a fraction (0..1) of the page's width and height; null off the page. */
  toPagePoint(clientX: number, clientY: number): { x: number; y: number } | null;
  /**
   * The text run drawn under a client point (e.g. a tag on a P&ID), trimmed; null when there is none.
   * Upright text only, which is how P&ID tags are drawn.
   */
  textAt(clientX: number, clientY: number): Promise<string | null>;
  /** Where a text run is drawn on the shown page, as a client point at its centre; null when not there. */
  locateText(text: string): Promise<{ clientX: number; clientY: number } | null>;
  /** Page, zoom and scroll: stored with issues and markups. */
  viewerState(): PdfViewerState;
  restoreViewerState(state: PdfViewerState): Promise<void>;
  dispose(): void;
}

/** A stored PDF view. Versioned: stored with issues and markups, so it may need migrating later. */
export interface PdfViewerState {
  version: 1;
  kind: 'pdf';
  page: number;
  zoom: number;
  scroll: { left: number; top: number };
}

/**
 * A PDF viewer on a canvas in a scrolling container: one page at a time, zoom with the wheel (Ctrl) or
 * setZoom, pan by dragging or scrolling. Pages are drawn at devicePixelRatio × zoom so text stays sharp.
 */
export function createPdfViewer(container: HTMLElement, options: PdfViewerOptions): PdfViewer {
  GlobalWorkerOptions.workerSrc = options.workerSrc;
  const scroller = document.createElement('div');
  scroller.className = 'penstock-pdf-scroller';
  // a page larger than the view scrolls: keyboard users reach it with Tab and scroll it with the arrows
  // (WCAG 2.1.1, axe scrollable-region-focusable)
  scroller.tabIndex = 0;
  scroller.setAttribute('role', 'region');
  scroller.setAttribute('aria-label', 'PDF page');
  Object.assign(scroller.style, { width: '100%', height: '100%', overflow: 'auto', cursor: 'grab' });
  const canvas = document.createElement('canvas');
  canvas.className = 'penstock-pdf-canvas';
  Object.assign(canvas.style, { display: 'block', margin: '0 auto', background: '#fff' });
  scroller.appendChild(canvas);
  container.appendChild(scroller);

  let doc: PDFDocumentProxy | null = null;
  let pageIndex = 0;
  let zoom = 1;
  let task: RenderTask | null = null;
  let disposed = false;
  let renderedWidth = 0;
  const listeners = new Set<() => void>();
  // the text runs of each page, in page units (y down), read once per page
  const textRuns = new Map<number, Promise<TextRun[]>>();
  const runsOf = (index: number): Promise<TextRun[]> => {
    let runs = textRuns.get(index);
    if (!runs && doc) {
      const from = doc;
      runs = from.getPage(index + 1).then(async (page) => textRunsOf(page));
      textRuns.set(index, runs);
    }
    return runs ?? Promise.resolve([]);
  };
  const changed = () => listeners.forEach((listener) => listener());

  const render = async () => {
    if (!doc || disposed) return;
    const page: PDFPageProxy = await doc.getPage(pageIndex + 1);
    const base = page.getViewport({ scale: 1 });
    const fit = options.fitWidth === false ? 1 : fitWidthScale(scroller.clientWidth, base.width);
    renderedWidth = scroller.clientWidth;
    const cssScale = fit * zoom;
    const ratio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: cssScale * ratio });
    task?.cancel();
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
    canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
    const current = page.render({ canvas, viewport });
    task = current;
    try {
      await current.promise;
    } catch (failure) {
      if ((failure as { name?: string }).name !== 'RenderingCancelledException') throw failure;
    } finally {
      if (task === current) task = null;
    }
  };

  // Pan by dragging the page.
  let drag: { x: number; y: number; left: number; top: number } | null = null;
  const onDown = (event: PointerEvent) => {
    drag = { x: event.clientX, y: event.clientY, left: scroller.scrollLeft, top: scroller.scrollTop };
    scroller.style.cursor = 'grabbing';
  };
  const onMove = (event: PointerEvent) => {
    if (!drag) return;
    scroller.scrollLeft = drag.left - (event.clientX - drag.x);
    scroller.scrollTop = drag.top - (event.clientY - drag.y);
  };
  const onUp = () => {
    drag = null;
    scroller.style.cursor = 'grab';
  };
  const onWheel = (event: WheelEvent) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    void viewer.setZoom(zoom * (event.deltaY < 0 ? 1.2 : 1 / 1.2));
  };
  scroller.addEventListener('pointerdown', onDown);
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', onUp);
  scroller.addEventListener('wheel', onWheel, { passive: false });
  // keep the page fitted to the width when the container changes size (side pane, window, full screen)
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  const observer =
    typeof ResizeObserver === 'undefined' || options.fitWidth === false
      ? null
      : new ResizeObserver(() => {
          clearTimeout(resizeTimer);
          resizeTimer = setTimeout(() => {
            if (doc && !disposed && Math.abs(scroller.clientWidth - renderedWidth) > 1)
              render().catch(() => undefined);
          }, 100);
        });
  observer?.observe(scroller);

  const viewer: PdfViewer = {
    async open(source) {
      const params =
        typeof source === 'string'
          ? { url: source, withCredentials: true }
          : { data: source instanceof Uint8Array ? source : new Uint8Array(source) };
      try {
        doc = await getDocument({
          ...params,
          isEvalSupported: false,
          ...(options.standardFontDataUrl ? { standardFontDataUrl: options.standardFontDataUrl } : {}),
        }).promise;
      } catch (failure) {
        throw new Error(
          `The PDF could not be opened: ${failure instanceof Error ? failure.message : String(failure)}`,
          { cause: failure },
        );
      }
      pageIndex = 0;
      textRuns.clear();
      await render();
      changed();
    },
    get pageCount() {
      return doc?.numPages ?? 0;
    },
    get pageIndex() {
      return pageIndex;
    },
    async showPage(index) {
      const next = clampPage(index, doc?.numPages ?? 0);
      pageIndex = next;
      scroller.scrollTo({ top: 0, left: 0 });
      await render();
      changed();
    },
    next: () => viewer.showPage(pageIndex + 1),
    previous: () => viewer.showPage(pageIndex - 1),
    get zoom() {
      return zoom;
    },
    async setZoom(value) {
      zoom = clampZoom(value);
      await render();
      changed();
    },
    onChange(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    pageElement: () => canvas,
    toPagePoint(clientX, clientY) {
      const box = canvas.getBoundingClientRect();
      if (!box.width || !box.height) return null;
      const x = (clientX - box.left) / box.width;
      const y = (clientY - box.top) / box.height;
      return x < 0 || x > 1 || y < 0 || y > 1 ? null : { x, y };
    },
    async textAt(clientX, clientY) {
      const point = viewer.toPagePoint(clientX, clientY);
      if (!point || !doc) return null;
      const page = await doc.getPage(pageIndex + 1);
      const base = page.getViewport({ scale: 1 });
      return runAt(await runsOf(pageIndex), point.x * base.width, point.y * base.height);
    },
    async locateText(text) {
      if (!doc) return null;
      const run = (await runsOf(pageIndex)).find((r) => r.text === text.trim());
      if (!run) return null;
      const page = await doc.getPage(pageIndex + 1);
      const base = page.getViewport({ scale: 1 });
      const box = canvas.getBoundingClientRect();
      return {
        clientX: box.left + (((run.left + run.right) / 2) * box.width) / base.width,
        clientY: box.top + (((run.top + run.bottom) / 2) * box.height) / base.height,
      };
    },
    viewerState: () => ({
      version: 1,
      kind: 'pdf',
      page: pageIndex,
      zoom,
      scroll: { left: scroller.scrollLeft, top: scroller.scrollTop },
    }),
    async restoreViewerState(state) {
      pageIndex = clampPage(state.page, doc?.numPages ?? 0);
      zoom = clampZoom(state.zoom);
      await render();
      scroller.scrollTo({ left: state.scroll.left, top: state.scroll.top });
      changed();
    },
    dispose() {
      disposed = true;
      clearTimeout(resizeTimer);
      observer?.disconnect();
      task?.cancel();
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      scroller.remove();
      void doc?.destroy();
      doc = null;
    },
  };
  return viewer;
}

async function textRunsOf(page: PDFPageProxy): Promise<TextRun[]> {
  const base = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    const run = item as Partial<TextItem>;
    if (typeof run.str !== 'string' || !run.str.trim() || !run.transform) continue;
    const [x, y] = base.convertToViewportPoint(run.transform[4] as number, run.transform[5] as number) as [
      number,
      number,
    ];
    const size = Math.hypot(run.transform[2] as number, run.transform[3] as number) || (run.height ?? 0);
    runs.push({ text: run.str.trim(), left: x, right: x + (run.width ?? 0), top: y - size, bottom: y });
  }
  return runs;
}
