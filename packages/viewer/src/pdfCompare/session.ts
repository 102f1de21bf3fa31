import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import type { Alignment } from './alignment.ts';
import { diffPageImages, type PageDiff, type PageDiffOptions, type PageImage } from './pageDiff.ts';
import type { PixelRect } from './regions.ts';
import { pageSizeAt, releaseCanvas, renderPageImage } from './render.ts';

export interface PdfCompareOptions {
  /** Address of pdf.worker.mjs served by the app (never a CDN). */
  workerSrc: string;
  standardFontDataUrl?: string;
  /** Create the diff worker; without one (tests, old browsers) the diff runs on the calling thread. */
  createDiffWorker?: () => Worker;
}

/** How a page number is present: in both versions, only in the newer (added) or only in the older (removed). */
export type PagePresence = 'both' | 'added' | 'removed';

export interface PageCompare {
  /** from 0 */
  index: number;
  presence: PagePresence;
  /** the images' size in pixels (the newer page's size at the chosen dpi; the older page's when removed) */
  width: number;
  height: number;
  /** the older page (aligned onto the newer), null when added */
  base: PageImage | null;
  /** the newer page, null when removed */
  head: PageImage | null;
  /** the change clouds in pixels of the images (empty unless presence is 'both') */
  regions: PixelRect[];
  changedPixels: number;
}

export interface CompareSettings {
  dpi: number;
  alignment?: Alignment;
  diff?: PageDiffOptions;
}

/**
 * Two PDF revisions opened for compare. Pages are matched by number and compared one at a time: each
 * compare renders the two pages (pdf.js, main thread, in its own time slices), hands their pixels to the
 * diff worker (pixelmatch and the grouping, off the main thread) and gets them back; nothing is kept
 * between pages, so a 50-page set holds at most two pages' images at once.
 */
export class PdfCompareSession {
  private worker: Worker | null = null;
  private nextId = 1;
  private waiting = new Map<
    number,
    {
      resolve: (value: { diff: PageDiff; base: PageImage; head: PageImage }) => void;
      reject: (e: Error) => void;
    }
  >();

  private constructor(
    readonly base: PDFDocumentProxy,
    readonly head: PDFDocumentProxy,
    private readonly options: PdfCompareOptions,
  ) {}

  static async open(
    baseSource: string | ArrayBuffer | Uint8Array,
    headSource: string | ArrayBuffer | Uint8Array,
    options: PdfCompareOptions,
  ): Promise<PdfCompareSession> {
    GlobalWorkerOptions.workerSrc = options.workerSrc;
    const load = (source: string | ArrayBuffer | Uint8Array) =>
      getDocument({
        ...(typeof source === 'string' ? { url: source, withCredentials: true } : { data: source }),
        ...(options.standardFontDataUrl ? { standardFontDataUrl: options.standardFontDataUrl } : {}),
      }).promise;
    const [base, head] = await Promise.all([load(baseSource), load(headSource)]);
    return new PdfCompareSession(base, head, options);
  }

  get pageCount(): number {
    return Math.max(this.base.numPages, this.head.numPages);
  }

  presence(index: number): PagePresence {
    if (index < this.base.numPages && index < this.head.numPages) return 'both';
    return index < this.head.numPages ? 'added' : 'removed';
  }

  /** The size of a page in points (the newer page's; the older page's when it was removed). */
  async pageSize(index: number, side: 'base' | 'head' = 'head'): Promise<{ width: number; height: number }> {
    const doc = side === 'head' && index < this.head.numPages ? this.head : this.base;
    const viewport = (await doc.getPage(index + 1)).getViewport({ scale: 1 });
    return { width: viewport.width, height: viewport.height };
  }

  /** Render and compare one page (from 0). */
  async comparePage(index: number, settings: CompareSettings): Promise<PageCompare> {
    const presence = this.presence(index);
    if (presence !== 'both') {
      const doc = presence === 'added' ? this.head : this.base;
      const page = await doc.getPage(index + 1);
      const size = pageSizeAt(page, settings.dpi);
      const canvas = newCanvas();
      const image = await renderPageImage(page, canvas, { dpi: settings.dpi, size });
      releaseCanvas(canvas);
      return {
        index,
        presence,
        ...size,
        base: presence === 'removed' ? image : null,
        head: presence === 'added' ? image : null,
        regions: [],
        changedPixels: 0,
      };
    }
    const [basePage, headPage] = await Promise.all([
      this.base.getPage(index + 1),
      this.head.getPage(index + 1),
    ]);
    const size = pageSizeAt(headPage, settings.dpi);
    const canvas = newCanvas();
    const headImage = await renderPageImage(headPage, canvas, { dpi: settings.dpi, size });
    const baseImage = await renderPageImage(basePage, canvas, {
      dpi: settings.dpi,
      size,
      ...(settings.alignment ? { alignment: settings.alignment } : {}),
    });
    releaseCanvas(canvas);
    const { diff, base, head } = await this.diff(baseImage, headImage, settings.diff ?? {});
    return { index, presence, ...size, base, head, regions: diff.regions, changedPixels: diff.changedPixels };
  }

  /**
   * How many pages differ (added and removed pages count), page by page: the images of each page are
   * dropped before the next is rendered. Stops early when `signal` is aborted.
   */
  async countChangedPages(
    settings: CompareSettings,
    onProgress?: (done: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<number> {
    let changed = 0;
    for (let index = 0; index < this.pageCount; index++) {
      if (signal?.aborted) throw new Error('The compare was stopped');
      const page = await this.comparePage(index, settings);
      if (page.presence !== 'both' || page.regions.length > 0) changed++;
      onProgress?.(index + 1, this.pageCount);
    }
    return changed;
  }

  private diff(
    base: PageImage,
    head: PageImage,
    options: PageDiffOptions,
  ): Promise<{ diff: PageDiff; base: PageImage; head: PageImage }> {
    if (!this.worker && this.options.createDiffWorker) {
      this.worker = this.options.createDiffWorker();
      this.worker.onmessage = (event: MessageEvent) => {
        const answer = event.data as {
          id: number;
          diff?: PageDiff;
          error?: string;
          base: PageImage;
          head: PageImage;
        };
        const waiter = this.waiting.get(answer.id);
        this.waiting.delete(answer.id);
        if (!waiter) return;
        if (answer.diff) waiter.resolve({ diff: answer.diff, base: answer.base, head: answer.head });
        else waiter.reject(new Error(answer.error ?? 'The pages could not be compared'));
      };
      this.worker.onerror = (event) => {
        for (const waiter of this.waiting.values())
          waiter.reject(new Error(event.message || 'The diff worker failed'));
        this.waiting.clear();
      };
    }
    if (!this.worker) return Promise.resolve({ diff: diffPageImages(base, head, options), base, head });
    const worker = this.worker;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, base, head, options }, [base.data.buffer, head.data.buffer]);
    });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const waiter of this.waiting.values()) waiter.reject(new Error('The compare was closed'));
    this.waiting.clear();
    void this.base.destroy();
    void this.head.destroy();
  }
}

function newCanvas(): HTMLCanvasElement | OffscreenCanvas {
  return typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1) : document.createElement('canvas');
}
