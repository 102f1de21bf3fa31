/**
 * The drawing compare in Node (tests and the bench): pdf.js' legacy build renders on @napi-rs/canvas,
 * then the same diff and grouping as the browser's worker. Page by page: at most two pages' images live.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { Alignment } from './alignment.ts';
import { diffPageImages, type PageDiff, type PageDiffOptions } from './pageDiff.ts';
import { pageSizeAt, releaseCanvas, renderPageImage, type DrawingCanvas } from './render.ts';

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export const openPdf = (bytes: Uint8Array): Promise<PDFDocumentProxy> =>
  getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false })
    .promise as unknown as Promise<PDFDocumentProxy>;

export interface NodePageCompare extends PageDiff {
  width: number;
  height: number;
  renderMs: number;
  diffMs: number;
  /** CPU time of the whole page compare (pdf.js runs in this thread in Node): wall time on an idle machine */
  cpuMs: number;
}

/** Compare page `index` (from 0) of two open documents. */
export async function compareNodePage(
  base: PDFDocumentProxy,
  head: PDFDocumentProxy,
  index: number,
  { dpi, alignment, diff }: { dpi: number; alignment?: Alignment; diff?: PageDiffOptions },
): Promise<NodePageCompare> {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const headPage: PDFPageProxy = await head.getPage(index + 1);
  const basePage: PDFPageProxy = await base.getPage(index + 1);
  const size = pageSizeAt(headPage, dpi);
  const canvas = createCanvas(1, 1) as unknown as DrawingCanvas;
  const headImage = await renderPageImage(headPage, canvas, { dpi, size });
  const baseImage = await renderPageImage(basePage, canvas, {
    dpi,
    size,
    ...(alignment ? { alignment } : {}),
  });
  releaseCanvas(canvas);
  const rendered = performance.now();
  const result = diffPageImages(baseImage, headImage, diff);
  headPage.cleanup();
  basePage.cleanup();
  const cpu = process.cpuUsage(cpuStart);
  return {
    ...result,
    ...size,
    renderMs: rendered - started,
    diffMs: performance.now() - rendered,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}
