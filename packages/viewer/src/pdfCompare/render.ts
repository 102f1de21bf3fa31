import type { PDFPageProxy } from 'pdfjs-dist';
import { alignmentTransform, isIdentity, type Alignment } from './alignment.ts';
import type { PageImage } from './pageDiff.ts';

/** Anything pdf.js can draw on: a DOM canvas, an OffscreenCanvas, or @napi-rs/canvas in Node (the bench). */
export interface DrawingCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): unknown;
}

/** Resolution as pdf.js scale: pixels per page point. */
export const pixelsPerPoint = (dpi: number): number => dpi / 72;

/** The size in pixels of a page rendered at `dpi`. */
export function pageSizeAt(page: PDFPageProxy, dpi: number): { width: number; height: number } {
  const viewport = page.getViewport({ scale: pixelsPerPoint(dpi) });
  return { width: Math.max(1, Math.floor(viewport.width)), height: Math.max(1, Math.floor(viewport.height)) };
}

/**
 * Render a page at `dpi` onto `canvas` sized `size` (the head page's size, so both images line up) and
 * read its pixels. With an alignment the page is drawn moved and scaled (the older page of a re-plot).
 * pdf.js draws in slices of a few milliseconds, so the main thread stays responsive meanwhile.
 */
export async function renderPageImage(
  page: PDFPageProxy,
  canvas: DrawingCanvas,
  { dpi, size, alignment }: { dpi: number; size: { width: number; height: number }; alignment?: Alignment },
): Promise<PageImage> {
  const scale = pixelsPerPoint(dpi);
  const viewport = page.getViewport({ scale });
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d') as CanvasRenderingContext2D;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  await page.render({
    canvas: canvas as HTMLCanvasElement,
    canvasContext: context,
    viewport,
    ...(alignment && !isIdentity(alignment) ? { transform: alignmentTransform(alignment, scale) } : {}),
  }).promise;
  const image = context.getImageData(0, 0, size.width, size.height);
  // page-sized buffers are large: let the canvas drop its own copy at once
  canvas.width = 1;
  canvas.height = 1;
  return { data: image.data, width: image.width, height: image.height };
}
