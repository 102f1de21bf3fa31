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

/** Frame a box from a three-quarter view, filling the view with a small margin. */
export async function fitBox(controls: CameraControls, box: THREE.Box3, animate = true): Promise<void> {
  if (box.isEmpty()) return;
  const camera = controls.camera as THREE.PerspectiveCamera;
  const sphere = box.getBoundingSphere(new THREE.Sphere());
  const radius = Math.max(sphere.radius, 0.5);
  const distance = Math.max(fitDistance(box, VIEW_DIRECTION, camera.fov, camera.aspect) * 1.08, radius * 0.2);
  camera.near = Math.max(radius / 2000, 0.01);
  camera.far = (distance + radius) * 10;
  camera.updateProjectionMatrix();
  controls.minDistance = radius / 500;
  controls.maxDistance = radius * 20;
  const center = box.getCenter(new THREE.Vector3());
  const position = center.clone().addScaledVector(VIEW_DIRECTION, distance);
  await controls.setLookAt(position.x, position.y, position.z, center.x, center.y, center.z, animate);
  // apply it to the camera now: the tiles streamed next are culled for this view, not the last one
  if (!animate) controls.update(0);
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
