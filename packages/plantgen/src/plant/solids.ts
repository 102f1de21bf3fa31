/** Small constructors for bodies (lists of styled extruded solids) and for points and directions. */
import type { StyleKey } from './palette.ts';
import type { Axis, Body, BoxSolid, Dir, Point, Solid } from './types.ts';

const AXIS_INDEX = { x: 0, y: 1, z: 2 } as const;

export function axisOf(dir: Dir): Axis {
  return dir[1] as Axis;
}

export function signOf(dir: Dir): 1 | -1 {
  return dir[0] === '-' ? -1 : 1;
}

/** The point `d` away from `p` along an axis. */
export function shift(p: Point, axis: Axis, d: number): Point {
  const out: [number, number, number] = [p[0], p[1], p[2]];
  out[AXIS_INDEX[axis]] += d;
  return out;
}

/** The point `d` away from `p` in a direction. */
export function move(p: Point, dir: Dir, d: number): Point {
  return shift(p, axisOf(dir), signOf(dir) * d);
}

export function add(p: Point, q: Point): Point {
  return [p[0] + q[0], p[1] + q[1], p[2] + q[2]];
}

/** A dx by dy box standing on `at` (the centre of its base). */
export const box = (at: Point, dx: number, dy: number, dz: number, style: StyleKey): BoxSolid => ({
  kind: 'box',
  at,
  dx,
  dy,
  dz,
  style,
});

/** A box between two corners. */
export function block([x0, y0, z0]: Point, [x1, y1, z1]: Point, style: StyleKey): BoxSolid {
  return box(
    [(x0 + x1) / 2, (y0 + y1) / 2, Math.min(z0, z1)],
    Math.abs(x1 - x0),
    Math.abs(y1 - y0),
    Math.abs(z1 - z0),
    style,
  );
}

/** A cylinder whose base circle is centred on `at`, extruded along +axis. */
export const cylinder = (at: Point, r: number, length: number, axis: Axis, style: StyleKey): Solid => ({
  kind: 'cylinder',
  at,
  r,
  length,
  axis,
  style,
});

/** A cylinder from `from` running `length` in a direction (either sign). */
export function run(from: Point, dir: Dir, r: number, length: number, style: StyleKey): Solid {
  const start = signOf(dir) < 0 ? move(from, dir, length) : from;
  return cylinder(start, r, length, axisOf(dir), style);
}

/** A round wall standing on `at`. */
export const ring = (at: Point, r: number, t: number, dz: number, style: StyleKey): Solid => ({
  kind: 'ring',
  at,
  r,
  t,
  dz,
  style,
});

/** Four walls standing on `at`, outer size dx by dy. */
export const frame = (at: Point, dx: number, dy: number, t: number, dz: number, style: StyleKey): Solid => ({
  kind: 'frame',
  at,
  dx,
  dy,
  t,
  dz,
  style,
});

/** A pitched roof: a triangle of base w and height h on `at`, extruded `length` along +axis. */
export const gable = (
  at: Point,
  w: number,
  h: number,
  length: number,
  axis: 'x' | 'y',
  style: StyleKey,
): Solid => ({
  kind: 'prism',
  at,
  w,
  h,
  length,
  axis,
  style,
});

/** Steps of shrinking discs: a domed roof made of extrusions. */
export function dome(at: Point, r: number, rise: number, steps: number, style: StyleKey): Solid[] {
  const out: Solid[] = [];
  for (let i = 0; i < steps; i++) {
    const k = (i + 1) / (steps + 1);
    const radius = r * Math.sqrt(1 - k * k);
    out.push(cylinder(shift(at, 'z', (rise * i) / steps), radius, rise / steps, 'z', style));
  }
  return out;
}

/** The same body moved by `d`. */
export function offset(body: Body, d: Point): Body {
  return body.map((solid) => ({ ...solid, at: add(solid.at, d) }));
}
