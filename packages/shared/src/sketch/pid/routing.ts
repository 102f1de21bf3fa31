// Orthogonal routing of pipelines and signal lines (issue 37 §1): lines run horizontally and vertically,
// bending at 90° where the user clicks; the last leg into a port bends by itself. Pure geometry on points.
import type { PortDirection } from '../../symbols/ports.ts';
import type { Point } from './ports.ts';

/** Coordinates closer than this are the same (drawing units). */
export const EPSILON = 0.01;

const same = (a: number, b: number) => Math.abs(a - b) <= EPSILON;
export const samePoint = (a: Point, b: Point) => same(a.x, b.x) && same(a.y, b.y);
const horizontal = (dir: PortDirection | undefined) => dir === 'left' || dir === 'right';
const vertical = (dir: PortDirection | undefined) => dir === 'up' || dir === 'down';

/** Flat x, y pairs as points. */
export function toPoints(flat: readonly number[]): Point[] {
  const points: Point[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) points.push({ x: flat[i]!, y: flat[i + 1]! });
  return points;
}

/** Points as flat x, y pairs. */
export const toFlat = (points: readonly Point[]): number[] => points.flatMap((point) => [point.x, point.y]);

/** Whether a leg from a to b is horizontal or vertical. */
export const isOrthogonal = (a: Point, b: Point) => same(a.x, b.x) || same(a.y, b.y);

/**
 * The points from `from` to `to` along horizontal and vertical legs: straight when they line up, else one
 * bend (leaving `from` along its port's axis, or arriving along `to`'s), else two bends halfway when both
 * ports face along the same axis.
 */
export function orthogonalRoute(
  from: Point,
  to: Point,
  options: { fromDir?: PortDirection | undefined; toDir?: PortDirection | undefined } = {},
): Point[] {
  if (isOrthogonal(from, to)) return [from, to];
  const { fromDir, toDir } = options;
  const horizontalFirst = fromDir
    ? horizontal(fromDir)
    : toDir
      ? vertical(toDir)
      : Math.abs(to.x - from.x) >= Math.abs(to.y - from.y);
  if (horizontalFirst && horizontal(toDir)) {
    const midX = (from.x + to.x) / 2;
    return [from, { x: midX, y: from.y }, { x: midX, y: to.y }, to];
  }
  if (!horizontalFirst && vertical(toDir)) {
    const midY = (from.y + to.y) / 2;
    return [from, { x: from.x, y: midY }, { x: to.x, y: midY }, to];
  }
  return horizontalFirst ? [from, { x: to.x, y: from.y }, to] : [from, { x: from.x, y: to.y }, to];
}

/** A point moved onto the horizontal or the vertical through `from`, whichever is nearer. */
export function projectOrthogonal(from: Point, to: Point): Point {
  return Math.abs(to.x - from.x) >= Math.abs(to.y - from.y) ? { x: to.x, y: from.y } : { x: from.x, y: to.y };
}

/** The points without repeats and without middle points of straight runs (at least the two ends stay). */
export function simplifyPoints(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const point of points) {
    const last = out[out.length - 1];
    if (last && samePoint(last, point)) continue;
    out.push(point);
    while (out.length >= 3) {
      const [a, b, c] = out.slice(-3) as [Point, Point, Point];
      const collinear =
        (same(a.x, b.x) && same(b.x, c.x)) ||
        (same(a.y, b.y) && same(b.y, c.y)) ||
        Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) <= EPSILON;
      // a run that turns back on itself keeps its turning point
      const backwards = (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y) < 0;
      if (!collinear || backwards) break;
      out.splice(out.length - 2, 1);
    }
  }
  if (out.length === 1) out.push({ ...out[0]! });
  return out;
}

/** The length of a polyline in drawing units. */
export function polylineLength(points: readonly Point[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++)
    length += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  return length;
}

/** The nearest point of a segment to `p`, with how far along it (0..1) and how far from p. */
export function projectOnSegment(a: Point, b: Point, p: Point): { at: Point; t: number; distance: number } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  const at = { x: a.x + dx * t, y: a.y + dy * t };
  return { at, t, distance: Math.hypot(p.x - at.x, p.y - at.y) };
}

/**
 * A polyline with its first point moved to `to` (a port that moved, leaving by `dir`): the first bend moves
 * with it so the first leg stays horizontal or vertical, and a bend is added where a leg would slant. A
 * slanted first leg (drawn free) just follows.
 */
export function moveFirstPoint(
  points: readonly Point[],
  to: Point,
  dir?: PortDirection,
  /** the side the other end's port faces, for a two-point line that must bend */
  otherDir?: PortDirection,
): Point[] {
  if (points.length === 0) return [to];
  if (samePoint(points[0]!, to)) return [...points];
  if (points.length === 1) return [to];
  const [first, second, ...rest] = points as [Point, Point, ...Point[]];
  if (points.length === 2) {
    if (!isOrthogonal(first, second)) return [to, second];
    return simplifyPoints(orthogonalRoute(to, second, { fromDir: dir, toDir: otherDir }));
  }
  let moved: Point;
  if (same(first.y, second.y) && !same(first.x, second.x)) moved = { x: second.x, y: to.y };
  else if (same(first.x, second.x) && !same(first.y, second.y)) moved = { x: to.x, y: second.y };
  else if (samePoint(first, second)) moved = second;
  else return [to, second, ...rest];
  const third = rest[0]!;
  const middle = isOrthogonal(moved, third) ? [moved] : orthogonalRoute(moved, third).slice(0, -1);
  return simplifyPoints([to, ...middle, ...rest]);
}

/** A polyline with its last point moved (as moveFirstPoint, from the other end). */
export function moveLastPoint(
  points: readonly Point[],
  to: Point,
  dir?: PortDirection,
  otherDir?: PortDirection,
): Point[] {
  return moveFirstPoint([...points].reverse(), to, dir, otherDir).reverse();
}
