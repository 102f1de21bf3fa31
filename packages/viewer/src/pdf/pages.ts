/** Pure page and zoom rules of the PDF viewer (no pdf.js import: safe anywhere, tests included). */

/** A page index (from 0) kept within the document's range. */
export const clampPage = (index: number, pageCount: number): number =>
  pageCount <= 0 ? 0 : Math.min(Math.max(0, Math.trunc(index)), pageCount - 1);

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 8;

export const clampZoom = (zoom: number): number => Math.min(Math.max(zoom, MIN_ZOOM), MAX_ZOOM);
