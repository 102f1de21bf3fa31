/**
 * Snapping on one object's geometry on the CPU, pure: its feature edges and corners (the edges between
 * faces that meet at an angle, not the diagonals that split a flat face into triangles), and the
 * candidates a ray finds on it (the face it hits, the corners and edges near the pointer on the side of
 * that face turned towards the camera). Used with the GPU's answer to "which object is under the pointer",
 * so a pointer move needs no Fragments worker round trip once the object's geometry is here.
 */
import { chooseSnap, type Snap, type SnapCandidate } from './measureMath.ts';
import type { Vec3 } from './state.ts';

/** An object's geometry prepared for snapping (viewer frame, metres). */
export interface SnapGeometry {
  /** 9 numbers per triangle */
  triangles: Float64Array;
  /** 6 numbers per feature edge */
  edges: Float64Array;
  /** 3 numbers per corner (an end of a feature edge) */
  corners: Float64Array;
}

/** Faces meeting at less than this angle are one surface (Fragments' own line snapping uses π/32). */
const FEATURE_COS = Math.cos(Math.PI / 32);
/** 0.01 mm: vertices closer than this are one vertex. */
const WELD = 1e-5;

/** The feature edges and corners of a triangle soup (9 numbers per triangle). */
export function snapGeometry(triangles: ArrayLike<number>): SnapGeometry {
  const count = Math.floor(triangles.length / 9);
  const ids = new Map<string, number>();
  const points: number[] = [];
  const vertexId = (i: number, k: number) => {
    const at = i * 9 + k * 3;
    const x = triangles[at]!;
    const y = triangles[at + 1]!;
    const z = triangles[at + 2]!;
    const key = `${Math.round(x / WELD)},${Math.round(y / WELD)},${Math.round(z / WELD)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = points.length / 3;
      ids.set(key, id);
      points.push(x, y, z);
    }
    return id;
  };
  // each undirected edge: the normals of the triangles using it
  const uses = new Map<number, { a: number; b: number; normals: number[] }>();
  for (let i = 0; i < count; i++) {
    const v = [vertexId(i, 0), vertexId(i, 1), vertexId(i, 2)] as const;
    const at = i * 9;
    const ux = triangles[at + 3]! - triangles[at]!;
    const uy = triangles[at + 4]! - triangles[at + 1]!;
    const uz = triangles[at + 5]! - triangles[at + 2]!;
    const wx = triangles[at + 6]! - triangles[at]!;
    const wy = triangles[at + 7]! - triangles[at + 1]!;
    const wz = triangles[at + 8]! - triangles[at + 2]!;
    const nx = uy * wz - uz * wy;
    const ny = uz * wx - ux * wz;
    const nz = ux * wy - uy * wx;
    const length = Math.hypot(nx, ny, nz);
    if (length === 0) continue;
    for (let k = 0; k < 3; k++) {
      const a = Math.min(v[k]!, v[(k + 1) % 3]!);
      const b = Math.max(v[k]!, v[(k + 1) % 3]!);
      if (a === b) continue;
      // a pair key unique for this object (vertex ids are below the vertex count, under 2^26 here)
      const key = a * 67108864 + b;
      const entry = uses.get(key) ?? { a, b, normals: [] };
      entry.normals.push(nx / length, ny / length, nz / length);
      uses.set(key, entry);
    }
  }
  const edges: number[] = [];
  const cornerIds = new Set<number>();
  for (const { a, b, normals } of uses.values()) {
    const smooth =
      normals.length === 6 &&
      normals[0]! * normals[3]! + normals[1]! * normals[4]! + normals[2]! * normals[5]! >= FEATURE_COS;
    if (smooth) continue;
    edges.push(
      points[a * 3]!,
      points[a * 3 + 1]!,
      points[a * 3 + 2]!,
      points[b * 3]!,
      points[b * 3 + 1]!,
      points[b * 3 + 2]!,
    );
    cornerIds.add(a);
    cornerIds.add(b);
  }
  const corners: number[] = [];
  for (const id of cornerIds) corners.push(points[id * 3]!, points[id * 3 + 1]!, points[id * 3 + 2]!);
  return {
    triangles: Float64Array.from(triangles),
    edges: Float64Array.from(edges),
    corners: Float64Array.from(corners),
  };
}

export interface Ray {
  origin: Vec3;
  /** unit length */
  direction: Vec3;
}

/** Where the ray first meets the triangles (Möller–Trumbore, both sides): distance along it and the face's normal. */
export function castTriangles(
  triangles: ArrayLike<number>,
  ray: Ray,
  kept: (p: Vec3) => boolean = () => true,
): { t: number; normal: Vec3; triangle: number } | null {
  const { origin: o, direction: d } = ray;
  let best: { t: number; normal: Vec3; triangle: number } | null = null;
  const count = Math.floor(triangles.length / 9);
  for (let i = 0; i < count; i++) {
    const at = i * 9;
    const ax = triangles[at]!;
    const ay = triangles[at + 1]!;
    const az = triangles[at + 2]!;
    const e1x = triangles[at + 3]! - ax;
    const e1y = triangles[at + 4]! - ay;
    const e1z = triangles[at + 5]! - az;
    const e2x = triangles[at + 6]! - ax;
    const e2y = triangles[at + 7]! - ay;
    const e2z = triangles[at + 8]! - az;
    const px = d.y * e2z - d.z * e2y;
    const py = d.z * e2x - d.x * e2z;
    const pz = d.x * e2y - d.y * e2x;
    const det = e1x * px + e1y * py + e1z * pz;
    if (Math.abs(det) < 1e-12) continue;
    const inv = 1 / det;
    const sx = o.x - ax;
    const sy = o.y - ay;
    const sz = o.z - az;
    const u = (sx * px + sy * py + sz * pz) * inv;
    if (u < 0 || u > 1) continue;
    const qx = sy * e1z - sz * e1y;
    const qy = sz * e1x - sx * e1z;
    const qz = sx * e1y - sy * e1x;
    const v = (d.x * qx + d.y * qy + d.z * qz) * inv;
    if (v < 0 || u + v > 1) continue;
    const t = (e2x * qx + e2y * qy + e2z * qz) * inv;
    if (t <= 0 || (best && t >= best.t)) continue;
    if (!kept({ x: o.x + d.x * t, y: o.y + d.y * t, z: o.z + d.z * t })) continue;
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    const length = Math.hypot(nx, ny, nz) || 1;
    best = { t, normal: { x: nx / length, y: ny / length, z: nz / length }, triangle: i };
  }
  return best;
}

/** The point of segment a–b nearest to the ray's line. */
export function nearestOnSegment(a: Vec3, b: Vec3, ray: Ray): Vec3 {
  const u = { x: b.x - a.x, y: b.y - a.y, z: b.z - a.z };
  const d = ray.direction;
  const w = { x: a.x - ray.origin.x, y: a.y - ray.origin.y, z: a.z - ray.origin.z };
  const uu = u.x * u.x + u.y * u.y + u.z * u.z;
  const ud = u.x * d.x + u.y * d.y + u.z * d.z;
  const dd = d.x * d.x + d.y * d.y + d.z * d.z;
  const uw = u.x * w.x + u.y * w.y + u.z * w.z;
  const dw = d.x * w.x + d.y * w.y + d.z * w.z;
  const denominator = uu * dd - ud * ud;
  let s = denominator > 1e-18 ? (ud * dw - dd * uw) / denominator : 0;
  s = Math.min(1, Math.max(0, s));
  return { x: a.x + u.x * s, y: a.y + u.y * s, z: a.z + u.z * s };
}

export interface ObjectSnapInput {
  geometry: SnapGeometry;
  ray: Ray;
  pointer: { x: number; y: number };
  project: (p: Vec3) => { x: number; y: number } | null;
  model: string;
  localId: number;
  radius?: number;
  kept?: (p: Vec3) => boolean;
}

/** The snap on one object under the pointer (chooseSnap of its candidates), or null. */
export function snapOnObject(input: ObjectSnapInput): Snap | null {
  return chooseSnap(objectCandidates(input), input.pointer, input.project, input.radius);
}

/**
 * What a ray finds on one object: the face it hits, and the corners and edges within the radius of the
 * pointer on the camera's side of that face (the others are behind it); `kept` leaves out what a section
 * cuts away.
 */
export function objectCandidates(input: ObjectSnapInput): SnapCandidate[] {
  const { geometry, ray, pointer, project, model, localId } = input;
  const radius = input.radius ?? 10;
  const kept = input.kept ?? (() => true);
  const base = { model, localId };
  const candidates: SnapCandidate[] = [];
  const hit = castTriangles(geometry.triangles, ray, kept);
  const far = (p: Vec3) => Math.hypot(p.x - ray.origin.x, p.y - ray.origin.y, p.z - ray.origin.z);
  let front = (_p: Vec3) => true;
  if (hit) {
    const d = ray.direction;
    const point = {
      x: ray.origin.x + d.x * hit.t,
      y: ray.origin.y + d.y * hit.t,
      z: ray.origin.z + d.z * hit.t,
    };
    // the normal turned towards the camera
    const facing = hit.normal.x * d.x + hit.normal.y * d.y + hit.normal.z * d.z > 0 ? -1 : 1;
    const normal = { x: hit.normal.x * facing, y: hit.normal.y * facing, z: hit.normal.z * facing };
    const tolerance = 1e-3 + hit.t * 1e-5;
    front = (p) =>
      normal.x * (p.x - point.x) + normal.y * (p.y - point.y) + normal.z * (p.z - point.z) >= -tolerance;
    const t = geometry.triangles;
    const corner = (k: number): Vec3 => ({
      x: t[hit.triangle * 9 + k * 3]!,
      y: t[hit.triangle * 9 + k * 3 + 1]!,
      z: t[hit.triangle * 9 + k * 3 + 2]!,
    });
    const triangle: [Vec3, Vec3, Vec3] = [corner(0), corner(1), corner(2)];
    candidates.push({ kind: 'face', point, distance: hit.t, normal, triangle, ...base });
  }
  const near = (p: Vec3) => {
    const at = project(p);
    return at !== null && Math.hypot(at.x - pointer.x, at.y - pointer.y) <= radius;
  };
  const { corners, edges } = geometry;
  for (let i = 0; i + 2 < corners.length; i += 3) {
    const p = { x: corners[i]!, y: corners[i + 1]!, z: corners[i + 2]! };
    if (near(p) && front(p) && kept(p))
      candidates.push({ kind: 'vertex', point: p, distance: far(p), ...base });
  }
  for (let i = 0; i + 5 < edges.length; i += 6) {
    const a = { x: edges[i]!, y: edges[i + 1]!, z: edges[i + 2]! };
    const b = { x: edges[i + 3]!, y: edges[i + 4]!, z: edges[i + 5]! };
    const p = nearestOnSegment(a, b, ray);
    const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, z: (a.z + b.z) / 2 };
    // an edge counts when the pointer is near it or near its middle
    if (!((near(p) && front(p) && kept(p)) || (near(middle) && front(middle) && kept(middle)))) continue;
    candidates.push({ kind: 'edge', point: p, distance: far(p), edge: [a, b], ...base });
  }
  return candidates;
}
