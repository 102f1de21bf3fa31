import * as THREE from 'three';
import type CameraControls from 'camera-controls';
import { planHalfHeight } from './plan.ts';
import type { ViewerScene } from './scene.ts';

/** The three-quarter view direction (from the south-east, about 35° above the horizon). */
const VIEW_DIRECTION = new THREE.Vector3(1, 0.8, 1).normalize();

/**
 * The distance from the box centre along `direction` at which every corner of the box is inside the
 * camera's vertical and horizontal field of view.
 */
export function fitDistance(
  box: THREE.Box3,
  direction: THREE.Vector3,
  fovDeg: number,
  aspect: number,
): number {
  const center = box.getCenter(new THREE.Vector3());
  const forward = direction.clone().negate().normalize();
  const right = new THREE.Vector3().crossVectors(forward, new THREE.Vector3(0, 1, 0)).normalize();
  const up = new THREE.Vector3().crossVectors(right, forward).normalize();
  const tanV = Math.tan(THREE.MathUtils.degToRad(fovDeg / 2));
  const tanH = tanV * aspect;
  let distance = 0;
  for (const x of [box.min.x, box.max.x])
    for (const y of [box.min.y, box.max.y])
      for (const z of [box.min.z, box.max.z]) {
        const offset = new THREE.Vector3(x, y, z).sub(center);
        const depth = offset.dot(forward);
        distance = Math.max(
          distance,
          Math.abs(offset.dot(up)) / tanV - depth,
          Math.abs(offset.dot(right)) / tanH - depth,
        );
      }
  return distance;
}

/** The nearest a near plane comes (metres). */
const MIN_NEAR = 0.01;
/** The near plane stands at this fraction of the distance to the point looked at (when nearer geometry may be). */
const NEAR_OF_TARGET_DISTANCE = 1 / 200;

/**
 * Near and far planes of a perspective camera where it stands (pure). A depth buffer resolves about
 * d² / (near · 2²⁴) at distance d, so its precision is set by the near plane: the far plane stands just
 * beyond the model's farthest point, and the near plane as far out as nothing of the model is cut, or, from
 * inside the model, at a small fraction of the distance to the point looked at. A near plane fixed at a
 * fraction of the model's size (as before) resolved only about 0.2 m at the far side of a 300 m plant: a
 * valve on a pipe drew behind it, and a click there named the pipe.
 */
export function depthRange(
  position: THREE.Vector3,
  target: THREE.Vector3,
  model: THREE.Sphere,
): { near: number; far: number } {
  const toCentre = position.distanceTo(model.center);
  const far = Math.max(toCentre + model.radius, 1) * 1.05;
  // nothing of the model is nearer than the sphere's surface when the camera stands outside it
  const clear = (toCentre - model.radius) * 0.9;
  const near = Math.max(clear, position.distanceTo(target) * NEAR_OF_TARGET_DISTANCE, MIN_NEAR);
  return { near: Math.min(near, far / 2), far };
}

/** Keep a perspective camera's near and far planes fitted to where it stands (depthRange). */
export function applyDepthRange(controls: CameraControls, model: THREE.Box3 | null): void {
  const camera = controls.camera as THREE.PerspectiveCamera;
  if (!camera.isPerspectiveCamera || !model || model.isEmpty()) return;
  const position = controls.getPosition(new THREE.Vector3());
  const target = controls.getTarget(new THREE.Vector3());
  const { near, far } = depthRange(position, target, model.getBoundingSphere(new THREE.Sphere()));
  if (near === camera.near && far === camera.far) return;
  camera.near = near;
  camera.far = far;
  camera.updateProjectionMatrix();
}

/**
 * Frame a box from a three-quarter view, filling the view with a small margin. How near and how far the
 * user may then move is set by the whole model (a selection framed is not a new limit on zooming out).
 */
export async function fitBox(
  controls: CameraControls,
  box: THREE.Box3,
  animate = true,
  model: THREE.Box3 = box,
): Promise<void> {
  if (box.isEmpty()) return;
  const camera = controls.camera as THREE.PerspectiveCamera;
  const radius = Math.max(box.getBoundingSphere(new THREE.Sphere()).radius, 0.5);
  const distance = Math.max(fitDistance(box, VIEW_DIRECTION, camera.fov, camera.aspect) * 1.08, radius * 0.2);
  const modelRadius = Math.max(model.getBoundingSphere(new THREE.Sphere()).radius, 0.5);
  controls.minDistance = Math.min(modelRadius / 500, radius / 50);
  controls.maxDistance = modelRadius * 20;
  const center = box.getCenter(new THREE.Vector3());
  const position = center.clone().addScaledVector(VIEW_DIRECTION, distance);
  await controls.setLookAt(position.x, position.y, position.z, center.x, center.y, center.z, animate);
  // apply it to the camera now: the tiles streamed next are culled for this view, not the last one
  if (!animate) controls.update(0);
  applyDepthRange(controls, model);
}

/** Frame a box from straight above with the orthographic camera of a plan view; returns the camera height. */
export function fitPlan(
  view: Pick<ViewerScene, 'controls' | 'orthographic' | 'setOrthographicHalfHeight'>,
  box: THREE.Box3,
  animate = true,
): number {
  if (box.isEmpty()) return 0;
  const { controls, orthographic } = view;
  const size = box.getSize(new THREE.Vector3());
  const center = box.getCenter(new THREE.Vector3());
  const aspect = (orthographic.right - orthographic.left) / (orthographic.top - orthographic.bottom || 1);
  view.setOrthographicHalfHeight(planHalfHeight(size.x, size.z, aspect));
  // the camera stands well above the model; orthographic, so its distance does not change the scale
  const above = size.y + 10;
  orthographic.near = 0.01;
  orthographic.far = above + size.y + 100;
  orthographic.updateProjectionMatrix();
  controls.minDistance = 0;
  controls.maxDistance = Infinity;
  void controls.zoomTo(1, animate);
  void controls.setLookAt(center.x, box.max.y + above, center.z, center.x, center.y, center.z, animate);
  return box.max.y + above;
}
