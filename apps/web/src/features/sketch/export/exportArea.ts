// The spec's 'Save sketch as Image' and 'Save sketch as PDF' take the whole drawing (issue 37 §5), not the
// part of it the canvas shows: the area to capture from the stage, in the stage's screen pixels.
import type { SketchBounds } from '@penstock/shared';

/** Browsers refuse larger canvases (Chromium: 268 million pixels, 32767 a side); stay well inside. */
export const MAX_EXPORT_PIXELS = 40_000_000;
export const MAX_EXPORT_SIDE = 16_000;

export interface ExportArea {
  /** the stage's region, in screen pixels (Konva toDataURL's x, y, width, height) */
  x: number;
  y: number;
  width: number;
  height: number;
  /** pixels per screen pixel: `pixelsPerUnit` per drawing unit whatever the zoom, less when too large */
  pixelRatio: number;
}

/**
 * The stage region of the drawing's `bounds` (drawing units) under the view `stage` (its pan and zoom),
 * and the pixel ratio that draws `pixelsPerUnit` pixels per drawing unit (the spec's ratio 2 at zoom 1),
 * scaled down as a whole when the picture would pass the browser's canvas limits.
 */
export function exportArea(
  bounds: SketchBounds,
  stage: { x: number; y: number; scale: number },
  pixelsPerUnit = 2,
): ExportArea {
  const scale = stage.scale > 0 ? stage.scale : 1;
  let perUnit = pixelsPerUnit;
  const pixels = bounds.width * bounds.height * perUnit * perUnit;
  if (pixels > MAX_EXPORT_PIXELS) perUnit *= Math.sqrt(MAX_EXPORT_PIXELS / pixels);
  const side = Math.max(bounds.width, bounds.height) * perUnit;
  if (side > MAX_EXPORT_SIDE) perUnit *= MAX_EXPORT_SIDE / side;
  return {
    x: bounds.x * scale + stage.x,
    y: bounds.y * scale + stage.y,
    width: bounds.width * scale,
    height: bounds.height * scale,
    pixelRatio: perUnit / scale,
  };
}

/** The bounds widened about their middle to at least as wide as high: the spec's PDF is landscape. */
export function landscape(bounds: SketchBounds): SketchBounds {
  if (bounds.width >= bounds.height) return bounds;
  const grow = bounds.height - bounds.width;
  return { ...bounds, x: bounds.x - grow / 2, width: bounds.height };
}
