import { describe, expect, it } from 'vitest';
import { dragBend, dragLeg, legAxis, rerouteHandles } from './reroute.ts';
import { isOrthogonal } from './routing.ts';

const p = (x: number, y: number) => ({ x, y });
const orthogonal = (points: Array<{ x: number; y: number }>) =>
  points.slice(1).every((point, i) => isOrthogonal(points[i]!, point));

describe('re-routing a line by hand', () => {
  // an L: right from the pump, then down into the tank
  const l = [p(0, 0), p(100, 0), p(100, 80)];
  // a Z: right, down, right
  const z = [p(0, 0), p(50, 0), p(50, 60), p(120, 60)];

  it('moves an inner leg sideways, its neighbours stretching', () => {
    expect(dragLeg(z, 1, p(70, 30))).toEqual([p(0, 0), p(70, 0), p(70, 60), p(120, 60)]);
  });

  it('keeps the ends on their ports, adding a leg where an end leg moves away', () => {
    const moved = dragLeg(l, 0, p(40, -30));
    expect(moved).toEqual([p(0, 0), p(0, -30), p(100, -30), p(100, 80)]);
    expect(orthogonal(moved)).toBe(true);
    const last = dragLeg(l, 1, p(130, 40));
    expect(last).toEqual([p(0, 0), p(130, 0), p(130, 80), p(100, 80)]);
    expect(last[0]).toEqual(l[0]);
    expect(last.at(-1)).toEqual(l.at(-1));
  });

  it('moves a bend with both its legs, staying orthogonal', () => {
    const moved = dragBend(z, 1, p(30, -20));
    expect(orthogonal(moved)).toBe(true);
    expect(moved[0]).toEqual(p(0, 0));
    expect(moved.at(-1)).toEqual(p(120, 60));
    expect(moved).toContainEqual(p(30, -20));
    const corner = dragBend(l, 1, p(140, 20));
    expect(orthogonal(corner)).toBe(true);
    expect(corner).toEqual([p(0, 0), p(0, 20), p(140, 20), p(140, 80), p(100, 80)]);
  });

  it('tidies legs that line up after a move, and leaves the ends alone', () => {
    // the middle leg dragged onto the first leg's height: one straight run remains before the drop
    expect(dragLeg(z, 2, p(80, 0))).toEqual([p(0, 0), p(120, 0), p(120, 60)]);
    expect(dragBend(l, 0, p(5, 5))).toEqual(l);
    expect(dragLeg(l, 5, p(5, 5))).toEqual(l);
  });

  it('moves a slanted leg or bend as it is', () => {
    const free = [p(0, 0), p(40, 30), p(80, 0)];
    expect(legAxis(free[0]!, free[1]!)).toBe('slanted');
    expect(dragBend(free, 1, p(40, 50))).toEqual([p(0, 0), p(40, 50), p(80, 0)]);
  });

  it('offers a handle on each bend and on the middle of each leg', () => {
    expect(rerouteHandles(l)).toEqual({
      bends: [{ index: 1, at: p(100, 0) }],
      legs: [
        { index: 0, at: p(50, 0), axis: 'horizontal' },
        { index: 1, at: p(100, 40), axis: 'vertical' },
      ],
    });
  });
});
