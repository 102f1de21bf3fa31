/**
 * Two-point alignment of a drawing re-plotted at another origin or scale: the user picks the same two
 * features on the older page (base) and on the newer one (head); the base is then drawn with
 * head = scale × base + offset. Points are in page points (1/72 in) from the page's top left, as pdf.js'
 * viewport at scale 1 gives them. No rotation: re-plots shift and scale, they do not turn.
 */

export interface PagePoint {
  x: number;
  y: number;
}

export interface Alignment {
  /** uniform scale from base to head */
  scale: number;
  /** where the base's origin lands on the head page (page points) */
  offsetX: number;
  offsetY: number;
}

export const IDENTITY_ALIGNMENT: Alignment = { scale: 1, offsetX: 0, offsetY: 0 };

/**
 * The alignment that takes base points b1, b2 onto head points h1, h2 (exactly for the distances' ratio and
 * the first point; the second point's direction is matched as well as a rotation-free fit allows, by
 * mapping the midpoints onto each other). Throws when the two base points (or head points) coincide.
 */
export function alignTwoPoints(b1: PagePoint, b2: PagePoint, h1: PagePoint, h2: PagePoint): Alignment {
  const baseLength = Math.hypot(b2.x - b1.x, b2.y - b1.y);
  const headLength = Math.hypot(h2.x - h1.x, h2.y - h1.y);
  if (baseLength < 1e-6 || headLength < 1e-6) throw new Error('Pick two different points on each page');
  const scale = headLength / baseLength;
  // the midpoints map onto each other: with an exact re-plot this equals h1 − scale·b1
  const offsetX = (h1.x + h2.x) / 2 - (scale * (b1.x + b2.x)) / 2;
  const offsetY = (h1.y + h2.y) / 2 - (scale * (b1.y + b2.y)) / 2;
  return { scale, offsetX, offsetY };
}

/** Where a base point lands on the head page. */
export const applyAlignment = (alignment: Alignment, point: PagePoint): PagePoint => ({
  x: alignment.scale * point.x + alignment.offsetX,
  y: alignment.scale * point.y + alignment.offsetY,
});

/**
 * The canvas transform (a, b, c, d, e, f) that draws the base page aligned, for a page rendered at
 * `pixelsPerPoint` (dpi / 72): pdf.js applies it after its own viewport transform, in device pixels.
 */
export function alignmentTransform(
  alignment: Alignment,
  pixelsPerPoint: number,
): [number, number, number, number, number, number] {
  return [
    alignment.scale,
    0,
    0,
    alignment.scale,
    alignment.offsetX * pixelsPerPoint,
    alignment.offsetY * pixelsPerPoint,
  ];
}

/** A numeric alignment typed by the user: scale > 0, offsets finite; null when not usable. */
export function validAlignment(alignment: Alignment): Alignment | null {
  const { scale, offsetX, offsetY } = alignment;
  if (!(scale > 0.01 && scale < 100) || !Number.isFinite(offsetX) || !Number.isFinite(offsetY)) return null;
  return alignment;
}

export const isIdentity = (alignment: Alignment): boolean =>
  alignment.scale === 1 && alignment.offsetX === 0 && alignment.offsetY === 0;
