/**
 * The geometry of measurements, pure (plain {x, y, z} points in the viewer frame, metres): which snap the
 * pointer is on, distances, the perpendicular distance from a face, angles, the area of a planar face (its
 * coplanar, connected triangles) and the length of a segment along its principal axis.
 */
import type { Vec3 } from './state.ts';

export const sub = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
export const add = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x + b.x, y: a.y + b.y, z: a.z + b.z });
export const scale = (a: Vec3, s: number): Vec3 => ({ x: a.x * s, y: a.y * s, z: a.z * s });
export const dot = (a: Vec3, b: Vec3): number => a.x * b.x + a.y * b.y + a.z * b.z;
export const cross = (a: Vec3, b: Vec3): Vec3 => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
});
export const norm = (a: Vec3): number => Math.hypot(a.x, a.y, a.z);
export const normalize = (a: Vec3): Vec3 => {
  const length = norm(a);
  return length > 0 ? scale(a, 1 / length) : { x: 0, y: 0, z: 0 };
};
export const midpoint = (a: Vec3, b: Vec3): Vec3 => scale(add(a, b), 0.5);
export const distance = (a: Vec3, b: Vec3): number => norm(sub(a, b));

/** The distance of `point` from the plane through `base` with `normal`, along the normal, and its foot. */
export function perpendicular(base: Vec3, normal: Vec3, point: Vec3): { distance: number; foot: Vec3 } {
  const n = normalize(normal);
  const along = dot(sub(point, base), n);
  return { distance: Math.abs(along), foot: sub(point, scale(n, along)) };
}

/** The angle at `vertex` between the directions to `a` and `b`, in degrees (0..180). */
export function angleAt(a: Vec3, vertex: Vec3, b: Vec3): number {
  const u = sub(a, vertex);
  const v = sub(b, vertex);
  const lengths = norm(u) * norm(v);
  if (lengths === 0) return 0;
  const cosine = Math.min(1, Math.max(-1, dot(u, v) / lengths));
  return (Math.acos(cosine) * 180) / Math.PI;
}

export const triangleArea = (a: Vec3, b: Vec3, c: Vec3): number => norm(cross(sub(b, a), sub(c, a))) / 2;

// ---------------------------------------------------------------------------------------------------------
// Snapping

/** What a snap is on: a vertex, the middle of an edge, an edge, a face. */
export type SnapKind = 'vertex' | 'midpoint' | 'edge' | 'face';

/** How far from the pointer (CSS pixels) a vertex, midpoint or edge still catches it. */
export const SNAP_RADIUS_PX = 10;

/** One answer of the engine's snapping raycast (SnappingClass POINT, LINE, FACE), in the viewer frame. */
export interface SnapCandidate {
  kind: 'vertex' | 'edge' | 'face';
  point: Vec3;
  /** from the camera, metres */
  distance: number;
  /** the model (`urn:<versionId>`) and object it is on */
  model: string;
  localId: number;
  /** the edge (its two ends) of an edge snap */
  edge?: [Vec3, Vec3];
  /** the face's normal (face snaps) */
  normal?: Vec3;
  /** the triangle of the face the ray hit (viewer frame) */
  triangle?: [Vec3, Vec3, Vec3];
}

/** The face under the pointer (the nearest face hit), whatever the snap is on. */
export interface SnapSurface {
  point: Vec3;
  normal: Vec3;
  model: string;
  localId: number;
  /** the triangle the ray hit */
  triangle?: [Vec3, Vec3, Vec3];
}

export interface Snap {
  kind: SnapKind;
  point: Vec3;
  model: string;
  localId: number;
  /** the edge a midpoint or edge snap is on */
  edge?: [Vec3, Vec3];
  surface?: SnapSurface;
}

type Project = (point: Vec3) => { x: number; y: number } | null;

/**
 * The snap under the pointer among the engine's candidates: the nearest vertex or edge midpoint within the
 * radius (a vertex wins a tie), else the nearest edge within it, else the nearest face. Another object's
 * candidates farther than the nearest face are hidden by it and left out (those of the face's own object
 * behind it are left out before: snapGeometry.ts, or the engine's snapping).
 */
export function chooseSnap(
  candidates: readonly SnapCandidate[],
  pointer: { x: number; y: number },
  project: Project,
  radius = SNAP_RADIUS_PX,
): Snap | null {
  const faces = candidates.filter((c) => c.kind === 'face').sort((a, b) => a.distance - b.distance);
  const front = faces[0];
  const surface: SnapSurface | undefined =
    front && front.normal
      ? {
          point: front.point,
          normal: front.normal,
          model: front.model,
          localId: front.localId,
          ...(front.triangle ? { triangle: front.triangle } : {}),
        }
      : undefined;
  // another object's corner or edge farther than the face under the pointer is hidden by it
  const visible = (c: SnapCandidate) =>
    !front ||
    (c.model === front.model && c.localId === front.localId) ||
    c.distance <= front.distance * 1.001 + 0.01;
  const pixels = (p: Vec3) => {
    const at = project(p);
    return at ? Math.hypot(at.x - pointer.x, at.y - pointer.y) : Infinity;
  };
  const withSurface = (snap: Snap): Snap => (surface ? { ...snap, surface } : snap);

  let point: { snap: Snap; px: number } | null = null;
  let edge: { snap: Snap; px: number } | null = null;
  const consider = (snap: Snap, px: number) => {
    if (px > radius) return;
    if (snap.kind === 'edge') {
      if (!edge || px < edge.px) edge = { snap, px };
      return;
    }
    // a vertex wins over a midpoint at (nearly) the same place
    const better =
      !point ||
      px < point.px - 0.5 ||
      (px <= point.px + 0.5 && snap.kind === 'vertex' && point.snap.kind !== 'vertex');
    if (better) point = { snap, px };
  };
  for (const c of candidates) {
    if (c.kind === 'face' || !visible(c)) continue;
    const base = { model: c.model, localId: c.localId };
    if (c.kind === 'vertex') consider({ kind: 'vertex', point: c.point, ...base }, pixels(c.point));
    if (c.kind === 'edge') {
      consider(
        { kind: 'edge', point: c.point, ...base, ...(c.edge ? { edge: c.edge } : {}) },
        pixels(c.point),
      );
      if (c.edge) {
        const middle = midpoint(c.edge[0], c.edge[1]);
        consider({ kind: 'midpoint', point: middle, ...base, edge: c.edge }, pixels(middle));
      }
    }
  }
  const chosen = (point as { snap: Snap } | null)?.snap ?? (edge as { snap: Snap } | null)?.snap;
  if (chosen) return withSurface(chosen);
  if (front)
    return withSurface({ kind: 'face', point: front.point, model: front.model, localId: front.localId });
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Planar faces

const vertexOf = (t: ArrayLike<number>, i: number, k: number): Vec3 => ({
  x: t[i * 9 + k * 3]!,
  y: t[i * 9 + k * 3 + 1]!,
  z: t[i * 9 + k * 3 + 2]!,
});

/** 0.1 mm: vertices closer than this are one vertex when faces are joined. */
const WELD = 1e-4;
const keyOf = (p: Vec3) => `${Math.round(p.x / WELD)},${Math.round(p.y / WELD)},${Math.round(p.z / WELD)}`;

function insideTriangle(p: Vec3, a: Vec3, b: Vec3, c: Vec3, tolerance: number): boolean {
  const n = cross(sub(b, a), sub(c, a));
  const area2 = norm(n);
  if (area2 === 0) return false;
  const unit = scale(n, 1 / area2);
  if (Math.abs(dot(sub(p, a), unit)) > tolerance) return false;
  // barycentric signs, with an edge tolerance in metres
  const edges: [Vec3, Vec3][] = [
    [a, b],
    [b, c],
    [c, a],
  ];
  return edges.every(([from, to]) => {
    const side = dot(cross(sub(to, from), sub(p, from)), unit);
    return side >= -tolerance * Math.max(norm(sub(to, from)), 1e-9);
  });
}

export interface FaceRegion {
  /** square metres */
  area: number;
  /** the indices of the triangles of the face */
  triangles: number[];
  /** the face's outer boundary (the longest closed loop of its boundary edges), in order */
  outline: Vec3[];
  normal: Vec3;
}

/**
 * The planar face at `seed`: the triangles (9 numbers each) coplanar with the one the seed lies on, facing
 * the same way, and connected to it through shared vertices; their total area and their outer boundary.
 * Null when no triangle holds the seed. `tolerance` (metres) is how far off the plane a vertex may be.
 */
export function faceRegion(triangles: ArrayLike<number>, seed: Vec3, tolerance = 1e-3): FaceRegion | null {
  const count = Math.floor(triangles.length / 9);
  const normals: Vec3[] = [];
  const areas: number[] = [];
  for (let i = 0; i < count; i++) {
    const [a, b, c] = [vertexOf(triangles, i, 0), vertexOf(triangles, i, 1), vertexOf(triangles, i, 2)];
    const n = cross(sub(b, a), sub(c, a));
    areas.push(norm(n) / 2);
    normals.push(normalize(n));
  }
  let start = -1;
  for (let i = 0; i < count && start < 0; i++) {
    if (areas[i]! <= 1e-12) continue;
    const [a, b, c] = [vertexOf(triangles, i, 0), vertexOf(triangles, i, 1), vertexOf(triangles, i, 2)];
    if (insideTriangle(seed, a, b, c, tolerance)) start = i;
  }
  if (start < 0) return null;
  const normal = normals[start]!;
  const origin = vertexOf(triangles, start, 0);
  const onFace = (i: number) =>
    areas[i]! > 1e-12 &&
    dot(normals[i]!, normal) > 0.9999 &&
    [0, 1, 2].every((k) => Math.abs(dot(sub(vertexOf(triangles, i, k), origin), normal)) <= tolerance);

  const byVertex = new Map<string, number[]>();
  for (let i = 0; i < count; i++) {
    if (!onFace(i)) continue;
    for (let k = 0; k < 3; k++) {
      const key = keyOf(vertexOf(triangles, i, k));
      const list = byVertex.get(key);
      if (list) list.push(i);
      else byVertex.set(key, [i]);
    }
  }
  const included = new Set<number>([start]);
  const queue = [start];
  while (queue.length) {
    const i = queue.pop()!;
    for (let k = 0; k < 3; k++) {
      for (const j of byVertex.get(keyOf(vertexOf(triangles, i, k))) ?? []) {
        if (!included.has(j)) {
          included.add(j);
          queue.push(j);
        }
      }
    }
  }
  const chosen = [...included].sort((a, b) => a - b);
  const area = chosen.reduce((sum, i) => sum + areas[i]!, 0);
  return { area, triangles: chosen, outline: outlineOf(triangles, chosen, normal), normal };
}

/** The signed area of a closed loop seen along `normal` (positive when it turns anticlockwise about it). */
export function loopArea(loop: readonly Vec3[], normal: Vec3): number {
  if (loop.length < 3) return 0;
  // relative to the first point: no precision lost to far-off coordinates
  const o = loop[0]!;
  let sum: Vec3 = { x: 0, y: 0, z: 0 };
  for (let i = 1; i + 1 < loop.length; i++) sum = add(sum, cross(sub(loop[i]!, o), sub(loop[i + 1]!, o)));
  return dot(sum, normal) / 2;
}

/** The boundary of a set of triangles: the loop of edges used once that encloses the most area. */
export function outlineOf(triangles: ArrayLike<number>, chosen: readonly number[], normal: Vec3): Vec3[] {
  const uses = new Map<string, number>();
  const points = new Map<string, Vec3>();
  const directed: [string, string][] = [];
  for (const i of chosen) {
    const keys = [0, 1, 2].map((k) => {
      const p = vertexOf(triangles, i, k);
      const key = keyOf(p);
      if (!points.has(key)) points.set(key, p);
      return key;
    });
    for (let k = 0; k < 3; k++) {
      const [from, to] = [keys[k]!, keys[(k + 1) % 3]!];
      if (from === to) continue;
      const undirected = from < to ? `${from}|${to}` : `${to}|${from}`;
      uses.set(undirected, (uses.get(undirected) ?? 0) + 1);
      directed.push([from, to]);
    }
  }
  const next = new Map<string, string[]>();
  for (const [from, to] of directed) {
    if (uses.get(from < to ? `${from}|${to}` : `${to}|${from}`) !== 1) continue;
    const list = next.get(from);
    if (list) list.push(to);
    else next.set(from, [to]);
  }
  let best: Vec3[] = [];
  let bestArea = 0;
  for (const first of [...next.keys()]) {
    const loop: Vec3[] = [];
    let at: string | undefined = first;
    while (at !== undefined && next.get(at)?.length) {
      loop.push(points.get(at)!);
      at = next.get(at)!.pop();
      if (at === first) break;
    }
    const area = Math.abs(loopArea(loop, normal));
    if (at === first && loop.length >= 3 && area > bestArea) {
      best = loop;
      bestArea = area;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------
// Segments

/** A segment's extent along its principal axis (the direction its vertices spread most): length and ends. */
export function principalExtent(
  positions: ArrayLike<number>,
): { length: number; start: Vec3; end: Vec3 } | null {
  const n = Math.floor(positions.length / 3);
  if (n === 0) return null;
  let centre: Vec3 = { x: 0, y: 0, z: 0 };
  for (let i = 0; i < n; i++)
    centre = add(centre, { x: positions[i * 3]!, y: positions[i * 3 + 1]!, z: positions[i * 3 + 2]! });
  centre = scale(centre, 1 / n);
  // covariance
  let [xx, xy, xz, yy, yz, zz] = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const dx = positions[i * 3]! - centre.x;
    const dy = positions[i * 3 + 1]! - centre.y;
    const dz = positions[i * 3 + 2]! - centre.z;
    xx += dx * dx;
    xy += dx * dy;
    xz += dx * dz;
    yy += dy * dy;
    yz += dy * dz;
    zz += dz * dz;
  }
  const times = (v: Vec3): Vec3 => ({
    x: xx * v.x + xy * v.y + xz * v.z,
    y: xy * v.x + yy * v.y + yz * v.z,
    z: xz * v.x + yz * v.y + zz * v.z,
  });
  // power iteration from the widest row, for the largest eigenvector
  const rows: Vec3[] = [
    { x: xx, y: xy, z: xz },
    { x: xy, y: yy, z: yz },
    { x: xz, y: yz, z: zz },
  ];
  let axis = normalize(rows.reduce((a, b) => (norm(b) > norm(a) ? b : a)));
  if (norm(axis) === 0) axis = { x: 1, y: 0, z: 0 };
  for (let k = 0; k < 64; k++) {
    const nextAxis = normalize(times(axis));
    if (norm(nextAxis) === 0) break;
    const settled = Math.abs(dot(nextAxis, axis)) > 1 - 1e-14;
    axis = nextAxis;
    if (settled) break;
  }
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const along = dot(
      sub({ x: positions[i * 3]!, y: positions[i * 3 + 1]!, z: positions[i * 3 + 2]! }, centre),
      axis,
    );
    min = Math.min(min, along);
    max = Math.max(max, along);
  }
  return { length: max - min, start: add(centre, scale(axis, min)), end: add(centre, scale(axis, max)) };
}
