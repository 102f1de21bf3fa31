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
 * pdf.js draws in slices of a few milliseconds, so the main thread stays responsive meanwhile. The canvas
 * keeps its pixels: the caller shrinks it (releaseCanvas) once the page's images are read.
 */
export async function renderPageImage(
  page: PDFPageProxy,
  canvas: DrawingCanvas,
  { dpi, size, alignment }: { dpi: number; size: { width: number; height: number }; alignment?: Alignment },
): Promise<PageImage> {
  const scale = pixelsPerPoint(dpi);
  const viewport = page.getViewport({ scale });
  // resized only when needed: a page-sized canvas is costly to allocate (pdf.js paints the white ground)
  if (canvas.width !== size.width) canvas.width = size.width;
  if (canvas.height !== size.height) canvas.height = size.height;
  const context = canvas.getContext('2d') as CanvasRenderingContext2D;
  await page.render({
    canvas: canvas as HTMLCanvasElement,
    canvasContext: context,
    viewport,
    ...(alignment && !isIdentity(alignment) ? { transform: alignmentTransform(alignment, scale) } : {}),
  }).promise;
  const image = context.getImageData(0, 0, size.width, size.height);
  return { data: image.data, width: image.width, height: image.height };
}

/** Let a canvas drop its page-sized pixels. */
export function releaseCanvas(canvas: DrawingCanvas): void {
  canvas.width = 1;
  canvas.height = 1;
}
