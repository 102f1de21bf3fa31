// Re-routing a drawn pipeline or signal line by hand (issue 37 §1): dragging one of its legs sideways, or
// one of its bends, keeps every horizontal leg horizontal and every vertical leg vertical; the line's ends
// stay where they are (on their ports), a short leg is added at an end when the leg there moves away.
import type { Point } from './ports.ts';
import { EPSILON, simplifyPoints } from './routing.ts';

const same = (a: number, b: number) => Math.abs(a - b) <= EPSILON;

/** How a leg runs: along x (horizontal), along y (vertical), or slanted (drawn free). */
export function legAxis(a: Point, b: Point): 'horizontal' | 'vertical' | 'slanted' {
  if (same(a.y, b.y)) return 'horizontal';
  if (same(a.x, b.x)) return 'vertical';
  return 'slanted';
}

/**
 * The points with leg `index` (from point index to index + 1) moved sideways through `to`: a horizontal
 * leg to y = to.y, a vertical one to x = to.x, its neighbours stretching; a slanted leg moves by the
 * offset of its middle. At the line's first or last point a new leg joins the end to the moved leg.
 */
export function dragLeg(points: readonly Point[], index: number, to: Point): Point[] {
  return simplifyPoints(movedLeg(points, index, to));
}

/** dragLeg without tidying, so a second move finds the legs where they were. */
function movedLeg(points: readonly Point[], index: number, to: Point): Point[] {
  if (index < 0 || index + 1 >= points.length) return [...points];
  const a = points[index]!;
  const b = points[index + 1]!;
  const axis = legAxis(a, b);
  const out = points.map((point) => ({ ...point }));
  const set = (point: Point): Point =>
    axis === 'horizontal'
      ? { x: point.x, y: to.y }
      : axis === 'vertical'
        ? { x: to.x, y: point.y }
        : { x: point.x + to.x - (a.x + b.x) / 2, y: point.y + to.y - (a.y + b.y) / 2 };
  const movedA = set(a);
  const movedB = set(b);
  const last = points.length - 1;
  const tail = index + 1 === last ? [{ ...b }] : [];
  const head = index === 0 ? [{ ...a }] : [];
  out.splice(index, 2, movedA, movedB);
  return [...head, ...out.slice(0, index + 2), ...tail, ...out.slice(index + 2)];
}

/**
 * The points with bend `index` (an inner point) moved to `to`: the legs on either side move sideways with
 * it (dragLeg on each), so the line stays orthogonal; a bend between slanted legs just moves.
 */
export function dragBend(points: readonly Point[], index: number, to: Point): Point[] {
  if (index <= 0 || index >= points.length - 1) return [...points];
  const before = legAxis(points[index - 1]!, points[index]!);
  const after = legAxis(points[index]!, points[index + 1]!);
  if (before !== 'slanted' && before === after) return [...points];
  if (before === 'slanted' || after === 'slanted') {
    const out = points.map((point) => ({ ...point }));
    out[index] = { ...to };
    return out;
  }
  // the later leg first: a leg added at the line's end does not shift the earlier leg's index
  return simplifyPoints(movedLeg(movedLeg(points, index, to), index - 1, to));
}

/** The handles of a line to re-route it: its inner bends, and the middle of each leg. */
export function rerouteHandles(points: readonly Point[]): {
  bends: Array<{ index: number; at: Point }>;
  legs: Array<{ index: number; at: Point; axis: 'horizontal' | 'vertical' | 'slanted' }>;
} {
  const bends = points.slice(1, -1).map((at, i) => ({ index: i + 1, at }));
  const legs = points.slice(0, -1).map((a, index) => {
    const b = points[index + 1]!;
    return { index, at: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, axis: legAxis(a, b) };
  });
  return { bends, legs };
}
