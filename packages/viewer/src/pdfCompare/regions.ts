/**
 * Change clouds: the differing pixels of two rendered pages grouped into rectangles. Pixels closer than
 * `margin` to each other belong to one region (connected regions merged with a margin), so a changed line
 * or a changed tag gives one cloud, not one per glyph. Works on a cell grid (cells of `cell` pixels) so an
 * A1 sheet at 150 dpi (17 million pixels) is grouped in one pass over the mask plus a walk of the few
 * cells that changed.
 */

export interface PixelRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface GroupOptions {
  /** grid cell size in pixels (default 8) */
  cell?: number;
  /** differing pixels at most this far apart (pixels) are one region (default 24) */
  margin?: number;
  /** regions with fewer differing pixels than this are noise and dropped (default 3) */
  minPixels?: number;
  /** space left between the changed ink and the cloud (pixels, default 8); clamped to the page */
  padding?: number;
}

interface CellBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  count: number;
}

/**
 * Group the set pixels of a mask (one byte a pixel, non-zero = differs) into padded rectangles, in pixels,
 * sorted top to bottom then left to right. No two rectangles returned lie within `margin` of each other.
 */
export function groupChanges(
  mask: Uint8Array,
  width: number,
  height: number,
  options: GroupOptions = {},
): PixelRect[] {
  const cell = Math.max(1, Math.floor(options.cell ?? 8));
  const margin = Math.max(0, options.margin ?? 24);
  const minPixels = Math.max(1, options.minPixels ?? 3);
  const padding = Math.max(0, options.padding ?? 8);
  if (mask.length < width * height) throw new Error('The mask is smaller than the page');
  const gw = Math.ceil(width / cell);
  const gh = Math.ceil(height / cell);

  // 1. the exact box of the differing pixels in each cell that has some
  const cells = new Map<number, CellBox>();
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const gy = Math.floor(y / cell) * gw;
    for (let x = 0; x < width; x++) {
      if (mask[row + x] === 0) continue;
      const key = gy + Math.floor(x / cell);
      const box = cells.get(key);
      if (box) {
        if (x < box.minX) box.minX = x;
        if (x > box.maxX) box.maxX = x;
        box.maxY = y;
        box.count++;
      } else cells.set(key, { minX: x, minY: y, maxX: x, maxY: y, count: 1 });
    }
  }

  // 2. cells within the margin of each other (their pixel boxes, Chebyshev distance) are one region
  const reach = Math.ceil(margin / cell) + 1;
  const seen = new Set<number>();
  let regions: (CellBox & { count: number })[] = [];
  for (const start of cells.keys()) {
    if (seen.has(start)) continue;
    seen.add(start);
    const region = { ...cells.get(start)! };
    const stack = [start];
    while (stack.length > 0) {
      const key = stack.pop()!;
      const box = cells.get(key)!;
      const cx = key % gw;
      const cy = Math.floor(key / gw);
      for (let ny = Math.max(0, cy - reach); ny <= Math.min(gh - 1, cy + reach); ny++)
        for (let nx = Math.max(0, cx - reach); nx <= Math.min(gw - 1, cx + reach); nx++) {
          const next = ny * gw + nx;
          if (seen.has(next)) continue;
          const other = cells.get(next);
          if (!other || gap(box, other) > margin) continue;
          seen.add(next);
          stack.push(next);
          region.minX = Math.min(region.minX, other.minX);
          region.minY = Math.min(region.minY, other.minY);
          region.maxX = Math.max(region.maxX, other.maxX);
          region.maxY = Math.max(region.maxY, other.maxY);
          region.count += other.count;
        }
    }
    regions.push(region);
  }

  // 3. regions whose boxes came within the margin of each other (a region's box is larger than its ink)
  regions = mergeClose(regions, margin);

  return regions
    .filter((region) => region.count >= minPixels)
    .map((region) => {
      const x = Math.max(0, region.minX - padding);
      const y = Math.max(0, region.minY - padding);
      return {
        x,
        y,
        w: Math.min(width, region.maxX + 1 + padding) - x,
        h: Math.min(height, region.maxY + 1 + padding) - y,
      };
    })
    .sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The Chebyshev gap between two boxes (0 when they touch or overlap). */
function gap(a: CellBox, b: CellBox): number {
  const dx = Math.max(0, Math.max(a.minX, b.minX) - Math.min(a.maxX, b.maxX) - 1);
  const dy = Math.max(0, Math.max(a.minY, b.minY) - Math.min(a.maxY, b.maxY) - 1);
  return Math.max(dx, dy);
}

function mergeClose(regions: CellBox[], margin: number): CellBox[] {
  let merged = true;
  let list = regions;
  while (merged) {
    merged = false;
    const next: CellBox[] = [];
    for (const region of list) {
      const into = next.find((other) => gap(other, region) <= margin);
      if (into) {
        into.minX = Math.min(into.minX, region.minX);
        into.minY = Math.min(into.minY, region.minY);
        into.maxX = Math.max(into.maxX, region.maxX);
        into.maxY = Math.max(into.maxY, region.maxY);
        into.count += region.count;
        merged = true;
      } else next.push({ ...region });
    }
    list = next;
  }
  return list;
}

/** A rectangle in pixels as fractions (0..1) of the page: the markup layer's 'fill' frame. */
export function toPageFractions(rect: PixelRect, width: number, height: number): PixelRect {
  return { x: rect.x / width, y: rect.y / height, w: rect.w / width, h: rect.h / height };
}
