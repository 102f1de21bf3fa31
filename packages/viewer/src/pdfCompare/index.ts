/** Revision compare of PDF drawings (issue 34 §1): alignment, page diff, change clouds, the session. */
export * from './alignment.ts';
export * from './regions.ts';
export * from './pageDiff.ts';
export { renderPageImage, releaseCanvas, pageSizeAt, pixelsPerPoint, type DrawingCanvas } from './render.ts';
export * from './session.ts';
