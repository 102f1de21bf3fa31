/** BCF cameras (IFC frame, Z up) to and from the model viewer's stored states (three.js frame, Y up). */
import type { BcfCamera, BcfVector } from './bcf.types.ts';
import { nodeOf } from './bcf.xmlio.ts';

/**
 * IFC and BCF are Z-up (right-handed, metres); the three.js viewer (and That Open's IfcImporter, which
 * builds the .frag files) is Y-up. The rotation between them is a quarter turn about X:
 * (x, y, z)_ifc → (x, z, −y)_three, and back (x, y, z)_three → (x, −z, y)_ifc.
 *
 * Assumption, not checked here: IfcImporter also runs web-ifc with COORDINATE_TO_ORIGIN, which shifts a
 * model far from the origin by its coordination matrix; that offset is not recorded by the conversion, so
 * it is not applied. For models placed near the origin (the usual case, and the fixtures) the two frames
 * then agree; for geo-referenced models the imported camera is off by that offset.
 */
// (0 - v, not -v: no -0 in stored JSON or tests)
export const ifcToThree = (v: BcfVector): BcfVector => ({ x: v.x, y: v.z, z: 0 - v.y });
export const threeToIfc = (v: BcfVector): BcfVector => ({ x: v.x, y: 0 - v.z, z: v.y });

/** Field of view of the model viewer's perspective camera, for states that do not carry one. */
export const VIEWER_FIELD_OF_VIEW = 50;
/** How far ahead of an imported camera the orbit target is put (metres). */
export const TARGET_DISTANCE = 10;

/** The camera part of the model viewer's stored state (three.js frame, Y up). */
export interface ViewerCamera {
  position: BcfVector;
  target: BcfVector;
  /** absent: perspective */
  projection?: 'perspective' | 'orthographic';
  /** orthographic: the height of the view in metres */
  viewHeight?: number;
}

/**
 * The viewer camera of a BCF camera: the orbit target TARGET_DISTANCE ahead along the camera direction;
 * an OrthogonalCamera becomes an orthographic view whose height is its ViewToWorldScale (BCF: the view's
 * visible size in metres). The up vector is not kept: the viewer's orbit keeps Y (IFC Z) up.
 */
export function viewerCameraFromBcf(camera: BcfCamera): ViewerCamera {
  const length = Math.hypot(camera.direction.x, camera.direction.y, camera.direction.z) || 1;
  const k = TARGET_DISTANCE / length;
  const target = {
    x: camera.position.x + camera.direction.x * k,
    y: camera.position.y + camera.direction.y * k,
    z: camera.position.z + camera.direction.z * k,
  };
  const viewer: ViewerCamera = { position: ifcToThree(camera.position), target: ifcToThree(target) };
  if (camera.kind === 'orthogonal') {
    viewer.projection = 'orthographic';
    viewer.viewHeight = camera.viewToWorldScale;
  }
  return viewer;
}

/**
 * The camera of a viewer state, when it has one: the model viewer's ModelViewerState
 * `{version: 1 | 2 | 3, kind: '3d', camera: {position, target, projection?, viewHeight?}, plan}` (three.js
 * frame, Y up; orthographic, or a storey plan, gives an OrthogonalCamera), Penstock's older
 * `{camera: {position, direction, up, fov}}` or the platform viewer's
 * `{viewport: {eye, target, up, fieldOfView, aspectRatio}}` (both taken as in the IFC frame).
 * `aspectRatio` is the view's width / height when known (the snapshot's), else 1.
 */
export function cameraFromViewerState(state: unknown, aspectRatio = 1): BcfCamera | null {
  const s = nodeOf(state);
  const isVec = (v: unknown): v is BcfVector => {
    const n = nodeOf(v);
    return [n.x, n.y, n.z].every((c) => typeof c === 'number' && Number.isFinite(c));
  };
  const fromArray = (v: unknown): BcfVector | null =>
    Array.isArray(v) && v.length === 3 && v.every((c) => Number.isFinite(Number(c)))
      ? { x: Number(v[0]), y: Number(v[1]), z: Number(v[2]) }
      : null;
  const camera = nodeOf(s.camera);
  if (
    isVec(camera.position) &&
    isVec(camera.direction) &&
    isVec(camera.up) &&
    typeof camera.fov === 'number'
  ) {
    return {
      kind: 'perspective',
      position: camera.position,
      direction: camera.direction,
      up: camera.up,
      fieldOfView: camera.fov,
      aspectRatio: typeof camera.aspectRatio === 'number' ? camera.aspectRatio : aspectRatio,
    };
  }
  if (
    (s.version === 1 || s.version === 2 || s.version === 3) &&
    s.kind === '3d' &&
    isVec(camera.position) &&
    isVec(camera.target)
  ) {
    const position = threeToIfc(camera.position);
    const target = threeToIfc(camera.target);
    const d = { x: target.x - position.x, y: target.y - position.y, z: target.z - position.z };
    const length = Math.hypot(d.x, d.y, d.z);
    if (length > 0) {
      const direction = { x: d.x / length + 0, y: d.y / length + 0, z: d.z / length + 0 };
      const base = { position, direction, up: upVectorFor(direction), aspectRatio };
      const orthographic =
        camera.projection === 'orthographic' || (typeof s.plan === 'string' && s.plan !== '');
      if (!orthographic) return { kind: 'perspective', ...base, fieldOfView: VIEWER_FIELD_OF_VIEW };
      const height =
        typeof camera.viewHeight === 'number' && camera.viewHeight > 0 && Number.isFinite(camera.viewHeight)
          ? camera.viewHeight
          : // what the perspective view showed at the target's distance
            2 * length * Math.tan(((VIEWER_FIELD_OF_VIEW / 2) * Math.PI) / 180);
      return { kind: 'orthogonal', ...base, viewToWorldScale: height };
    }
  }
  const viewport = nodeOf(s.viewport);
  const eye = fromArray(viewport.eye);
  const target = fromArray(viewport.target);
  const up = fromArray(viewport.up);
  if (eye && target && up && typeof viewport.fieldOfView === 'number') {
    const d = { x: target.x - eye.x, y: target.y - eye.y, z: target.z - eye.z };
    const length = Math.hypot(d.x, d.y, d.z) || 1;
    return {
      kind: 'perspective',
      position: eye,
      direction: { x: d.x / length, y: d.y / length, z: d.z / length },
      up,
      fieldOfView: viewport.fieldOfView,
      aspectRatio: typeof viewport.aspectRatio === 'number' ? viewport.aspectRatio : aspectRatio,
    };
  }
  return null;
}

/** The up vector of a camera that keeps world Z (IFC up) up: Z minus its part along the direction. */
export function upVectorFor(direction: BcfVector): BcfVector {
  const along = direction.z;
  const u = { x: -along * direction.x, y: -along * direction.y, z: 1 - along * direction.z };
  const length = Math.hypot(u.x, u.y, u.z);
  return length > 1e-9
    ? { x: u.x / length + 0, y: u.y / length + 0, z: u.z / length + 0 }
    : { x: 0, y: 1, z: 0 };
}
