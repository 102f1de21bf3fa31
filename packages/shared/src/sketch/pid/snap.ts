// Snapping in the sketch (issue 37 §1): to the grid, to the nearest port, and to alignment guides with the
// symbols nearby (centres and edges lining up), as drawing tools usually do.
import type { Box } from '../geometry.ts';
import type { PlacedPort, Point } from './ports.ts';

/** A point on the nearest grid crossing. */
export function snapToGrid(point: Point, size: number): Point {
  if (!(size > 0)) return point;
  return { x: Math.round(point.x / size) * size, y: Math.round(point.y / size) * size };
}

/** The port nearest a point within `radius`, or null. */
export function nearestPort(ports: readonly PlacedPort[], point: Point, radius: number): PlacedPort | null {
  let best: PlacedPort | null = null;
  let bestDistance = radius;
  for (const port of ports) {
    const distance = Math.hypot(port.x - point.x, port.y - point.y);
    if (distance <= bestDistance) {
      best = port;
      bestDistance = distance;
    }
  }
  return best;
}

/** A guide line to draw while a symbol lines up with another (drawing coordinates). */
export interface Guide {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface Alignment {
  /** the move that makes the box line up (0 when nothing is near) */
  dx: number;
  dy: number;
  guides: Guide[];
}

/** The left, centre and right x (or top, middle, bottom y) of a box. */
const stops = (start: number, size: number) => [start, start + size / 2, start + size];

/**
 * How far to move `moving` so one of its left, centre or right lines (and, separately, top, middle or
 * bottom) meets the same line of a nearby box, within `tolerance`; with the guides to show. The nearest
 * match on each axis wins.
 */
export function alignToNeighbours(moving: Box, others: readonly Box[], tolerance: number): Alignment {
  let bestX: { delta: number; at: number; other: Box } | null = null;
  let bestY: { delta: number; at: number; other: Box } | null = null;
  for (const other of others) {
    for (const mine of stops(moving.x, moving.width))
      for (const theirs of stops(other.x, other.width)) {
        const delta = theirs - mine;
        if (Math.abs(delta) <= tolerance && (!bestX || Math.abs(delta) < Math.abs(bestX.delta)))
          bestX = { delta, at: theirs, other };
      }
    for (const mine of stops(moving.y, moving.height))
      for (const theirs of stops(other.y, other.height)) {
        const delta = theirs - mine;
        if (Math.abs(delta) <= tolerance && (!bestY || Math.abs(delta) < Math.abs(bestY.delta)))
          bestY = { delta, at: theirs, other };
      }
  }
  const dx = bestX?.delta ?? 0;
  const dy = bestY?.delta ?? 0;
  const guides: Guide[] = [];
  if (bestX) {
    const top = Math.min(moving.y + dy, bestX.other.y);
    const bottom = Math.max(moving.y + dy + moving.height, bestX.other.y + bestX.other.height);
    guides.push({ x1: bestX.at, y1: top, x2: bestX.at, y2: bottom });
  }
  if (bestY) {
    const left = Math.min(moving.x + dx, bestY.other.x);
    const right = Math.max(moving.x + dx + moving.width, bestY.other.x + bestY.other.width);
    guides.push({ x1: left, y1: bestY.at, x2: right, y2: bestY.at });
  }
  return { dx, dy, guides };
}

/** Boxes within `distance` of a box (for the guides: only symbols nearby count). */
export function boxesNear(box: Box, boxes: readonly Box[], distance: number): Box[] {
  return boxes.filter(
    (other) =>
      other.x <= box.x + box.width + distance &&
      other.x + other.width >= box.x - distance &&
      other.y <= box.y + box.height + distance &&
      other.y + other.height >= box.y - distance,
  );
}
