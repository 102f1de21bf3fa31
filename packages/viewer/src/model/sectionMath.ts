import * as THREE from 'three';
import type { SectionPlaneState, SectionsState, Vec3 } from './state.ts';

/**
 * The geometry of section planes and the section box, pure (three's maths only, no scene): a section plane
 * is stored as an origin and a unit normal towards the part cut away (BCF's ClippingPlane); three.js keeps
 * where n·p + c ≥ 0, so its plane is the opposite normal.
 */

export const MAX_SECTION_PLANES = 6;

/** The fill of cut faces when no colour is chosen: the plan view's section grey. */
export const DEFAULT_CAP_COLOUR = '#6b7280';

export type Axis = 'x' | 'y' | 'z';
export const AXES: readonly Axis[] = ['x', 'y', 'z'];

/** A plane as stored: a point on it and the direction of the part cut away. */
export interface PlaneGeometry {
  origin: Vec3;
  normal: Vec3;
}

export interface BoxState {
  min: Vec3;
  max: Vec3;
}

/** The smallest size of the section box along an axis (metres). */
export const MIN_BOX_SIZE = 0.01;

export const toVector = (v: Vec3) => new THREE.Vector3(v.x, v.y, v.z);
export const plain = (v: THREE.Vector3): Vec3 => ({ x: v.x, y: v.y, z: v.z });

export function axisVector(axis: Axis): Vec3 {
  return { x: axis === 'x' ? 1 : 0, y: axis === 'y' ? 1 : 0, z: axis === 'z' ? 1 : 0 };
}

const finite = (v: Vec3 | undefined | null): v is Vec3 =>
  !!v && Number.isFinite(v.x) && Number.isFinite(v.y) && Number.isFinite(v.z);

/** The unit normal of a stored plane (throws on a zero or broken normal). */
export function unitNormal(normal: Vec3): THREE.Vector3 {
  const n = toVector(normal);
  const length = n.length();
  if (!finite(normal) || !(length > 1e-9)) throw new Error('A section plane needs a direction.');
  return n.divideScalar(length);
}

/** The three.js plane of a section: keeps the side opposite the normal, n·(p − o) ≤ 0. */
export function toThreePlane(plane: PlaneGeometry, target = new THREE.Plane()): THREE.Plane {
  const n = unitNormal(plane.normal);
  return target.set(n.clone().negate(), n.dot(toVector(plane.origin)));
}

/** A section from a three.js plane (the point of it nearest the world origin; normal to the part cut away). */
export function fromThreePlane(plane: THREE.Plane): PlaneGeometry {
  const length = plane.normal.length();
  const kept = plane.normal.clone().divideScalar(length);
  const constant = plane.constant / length;
  return { origin: plain(kept.clone().multiplyScalar(-constant)), normal: plain(kept.negate()) };
}

/** The axis a direction lies along (either way), or null for an oblique one. */
export function axisOf(normal: Vec3, tolerance = 1e-6): Axis | null {
  const n = unitNormal(normal);
  for (const axis of AXES) if (Math.abs(Math.abs(n[axis]) - 1) <= tolerance) return axis;
  return null;
}

/**
 * The plane's reference direction for its offset: the normal or its opposite, whichever points along its
 * largest component's positive axis. A flipped plane keeps its offset.
 */
export function referenceDirection(normal: Vec3): THREE.Vector3 {
  const n = unitNormal(normal);
  const largest = AXES.reduce((a, b) => (Math.abs(n[b]) > Math.abs(n[a]) ? b : a));
  return n[largest] < 0 ? n.negate() : n;
}

/** Where the plane is along its reference direction, from the world origin (metres). */
export function planeOffset(plane: PlaneGeometry): number {
  const offset = referenceDirection(plane.normal).dot(toVector(plane.origin));
  return offset === 0 ? 0 : offset;
}

/** The plane moved along its reference direction to this offset (the normal kept). */
export function withOffset<P extends PlaneGeometry>(plane: P, offset: number): P {
  if (!Number.isFinite(offset)) throw new Error('The offset must be a number.');
  const direction = referenceDirection(plane.normal);
  const origin = toVector(plane.origin).addScaledVector(direction, offset - planeOffset(plane));
  return { ...plane, origin: plain(origin) };
}

/** The plane moved along its normal (towards the part cut away) by `distance` metres. */
export function movedAlongNormal<P extends PlaneGeometry>(plane: P, distance: number): P {
  const origin = toVector(plane.origin).addScaledVector(unitNormal(plane.normal), distance);
  return { ...plane, origin: plain(origin) };
}

/** The plane cutting away the other side (same place). */
export function flipped<P extends PlaneGeometry>(plane: P): P {
  const n = toVector(plane.normal);
  return { ...plane, normal: { x: -n.x || 0, y: -n.y || 0, z: -n.z || 0 } };
}

/** The plane turned about an axis through its origin (right hand, radians). */
export function rotated<P extends PlaneGeometry>(plane: P, axis: Vec3, radians: number): P {
  const turn = new THREE.Quaternion().setFromAxisAngle(unitNormal(axis), radians);
  return { ...plane, normal: plain(unitNormal(plane.normal).applyQuaternion(turn).normalize()) };
}

/** Two unit directions in the plane, at right angles to each other and to the normal (u × v = n). */
export function planeBasis(normal: Vec3): { u: THREE.Vector3; v: THREE.Vector3 } {
  const n = unitNormal(normal);
  // the world axis least along the normal gives a stable first direction
  const helper = Math.abs(n.y) < 0.9 ? new THREE.Vector3(0, 1, 0) : new THREE.Vector3(1, 0, 0);
  const u = new THREE.Vector3().crossVectors(helper, n).normalize();
  const v = new THREE.Vector3().crossVectors(n, u).normalize();
  return { u, v };
}

/** A plane along an axis through the centre of a box (what is shown), cutting away the positive side. */
export function axisPlane(axis: Axis, box: THREE.Box3): PlaneGeometry {
  const centre = box.isEmpty() ? new THREE.Vector3() : box.getCenter(new THREE.Vector3());
  return { origin: plain(centre), normal: axisVector(axis) };
}

/**
 * A plane on a clicked face: through the hit point (moved `gap` metres off the face), cutting away the side
 * the face looks to (towards the camera, so what is in front of the face goes and the face's object is
 * opened). The gap keeps faces lying in the plane (the clicked one, and others level with it) from being
 * clipped in a speckle.
 */
export function facePlane(point: Vec3, faceNormal: Vec3, cameraPosition: Vec3, gap = 0): PlaneGeometry {
  const n = unitNormal(faceNormal);
  const towardsCamera = toVector(cameraPosition).sub(toVector(point));
  if (n.dot(towardsCamera) < 0) n.negate();
  return { origin: plain(toVector(point).addScaledVector(n, gap)), normal: plain(n) };
}

/** How far a plane put on a clicked face stands off it (metres). */
export const FACE_GAP = 0.005;

/** The six faces of a box as section planes (normals outwards: what is outside is cut away). */
export function boxFaces(box: BoxState): (PlaneGeometry & { axis: Axis; side: 'min' | 'max' })[] {
  return AXES.flatMap((axis) => {
    const unit = axisVector(axis);
    const minus = { x: -unit.x || 0, y: -unit.y || 0, z: -unit.z || 0 };
    return [
      { axis, side: 'min' as const, origin: { ...box.min }, normal: minus },
      { axis, side: 'max' as const, origin: { ...box.max }, normal: unit },
    ];
  });
}

/** The three.js planes of a box: together they keep exactly what is inside. */
export function boxPlanes(box: BoxState): THREE.Plane[] {
  return boxFaces(box).map((face) => toThreePlane(face));
}

/** A box grown by a margin on every side (a fraction of its size, at least `least` metres). */
export function grownBox(box: THREE.Box3, fraction = 0.05, least = 0.1): BoxState {
  const size = box.getSize(new THREE.Vector3());
  const margin = Math.max(least, fraction * Math.max(size.x, size.y, size.z));
  return { min: plain(box.min.clone().subScalar(margin)), max: plain(box.max.clone().addScalar(margin)) };
}

/** The box with one face moved to `value`, kept at least MIN_BOX_SIZE thick. */
export function withBoxFace(box: BoxState, axis: Axis, side: 'min' | 'max', value: number): BoxState {
  if (!Number.isFinite(value)) throw new Error('The box size must be a number.');
  const next = { min: { ...box.min }, max: { ...box.max } };
  if (side === 'min') next.min[axis] = Math.min(value, box.max[axis] - MIN_BOX_SIZE);
  else next.max[axis] = Math.max(value, box.min[axis] + MIN_BOX_SIZE);
  return next;
}

/**
 * Where along an axis line (origin + t·direction) the pointer's ray passes nearest: dragging a handle along
 * the axis follows the pointer. null when the ray runs along the axis.
 */
export function axisParameter(
  origin: THREE.Vector3,
  direction: THREE.Vector3,
  ray: THREE.Ray,
): number | null {
  const d = direction.clone().normalize();
  const w = origin.clone().sub(ray.origin);
  const b = d.dot(ray.direction);
  const denominator = 1 - b * b;
  if (denominator < 1e-6) return null;
  const dw = d.dot(w);
  const ew = ray.direction.dot(w);
  return (b * ew - dw) / denominator;
}

/** The signed angle (radians, right hand about `axis`) from one point to another around a centre. */
export function angleAbout(
  centre: THREE.Vector3,
  axis: THREE.Vector3,
  from: THREE.Vector3,
  to: THREE.Vector3,
): number {
  const a = from.clone().sub(centre);
  const b = to.clone().sub(centre);
  const n = axis.clone().normalize();
  // in the plane at right angles to the axis
  a.addScaledVector(n, -a.dot(n));
  b.addScaledVector(n, -b.dot(n));
  if (a.lengthSq() < 1e-12 || b.lengthSq() < 1e-12) return 0;
  return Math.atan2(n.dot(new THREE.Vector3().crossVectors(a, b)), a.dot(b));
}

/** A short description of a plane's direction: '+Y' along an axis, else its normal rounded. */
export function directionLabel(normal: Vec3): string {
  const axis = axisOf(normal, 1e-4);
  const n = unitNormal(normal);
  if (axis) return `${n[axis] > 0 ? '+' : '−'}${axis.toUpperCase()}`;
  const round = (value: number) => (Math.abs(value) < 0.005 ? '0' : value.toFixed(2));
  return `(${round(n.x)}, ${round(n.y)}, ${round(n.z)})`;
}

/** The first id 'plane-N' not in use. */
export function nextPlaneId(planes: readonly { id: string }[]): string {
  const used = new Set(planes.map((plane) => plane.id));
  let n = 1;
  while (used.has(`plane-${n}`)) n++;
  return `plane-${n}`;
}

const COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * A stored sections state checked and copied: at most MAX_SECTION_PLANES planes with finite origins and
 * non-zero normals, a box with min ≤ max, a #rrggbb cap colour or null. Valid values are kept exactly.
 */
export function checkedSections(state: SectionsState | null | undefined): SectionsState {
  if (!state) return { planes: [], box: null, capColour: null };
  const planes: SectionPlaneState[] = [];
  for (const plane of state.planes ?? []) {
    if (planes.length === MAX_SECTION_PLANES) break;
    if (typeof plane?.id !== 'string' || !finite(plane.origin) || !finite(plane.normal)) continue;
    if (toVector(plane.normal).lengthSq() < 1e-18 || planes.some((p) => p.id === plane.id)) continue;
    planes.push({
      id: plane.id,
      origin: { x: plane.origin.x, y: plane.origin.y, z: plane.origin.z },
      normal: { x: plane.normal.x, y: plane.normal.y, z: plane.normal.z },
      visible: plane.visible !== false,
    });
  }
  const box = state.box;
  const boxOk =
    !!box && finite(box.min) && finite(box.max) && AXES.every((axis) => box.min[axis] <= box.max[axis]);
  return {
    planes,
    box: boxOk ? { min: { ...box.min }, max: { ...box.max } } : null,
    capColour: typeof state.capColour === 'string' && COLOUR.test(state.capColour) ? state.capColour : null,
  };
}

/** How many metres one CSS pixel covers at a point of the view (handles keep their size on screen). */
export function worldPerPixel(
  camera: THREE.PerspectiveCamera | THREE.OrthographicCamera,
  point: THREE.Vector3,
  heightPx: number,
): number {
  const height = Math.max(1, heightPx);
  if ('isOrthographicCamera' in camera && camera.isOrthographicCamera) {
    return (camera.top - camera.bottom) / Math.max(camera.zoom, 1e-6) / height;
  }
  const perspective = camera as THREE.PerspectiveCamera;
  const forward = perspective.getWorldDirection(new THREE.Vector3());
  const eye = new THREE.Vector3().setFromMatrixPosition(perspective.matrixWorld);
  const depth = Math.max(point.clone().sub(eye).dot(forward), perspective.near);
  return (2 * depth * Math.tan(THREE.MathUtils.degToRad(perspective.fov) / 2)) / perspective.zoom / height;
}
