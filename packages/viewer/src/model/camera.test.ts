import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import type CameraControls from 'camera-controls';
import { applyDepthRange, depthRange, fitBox } from './camera.ts';

/** The depth a 24-bit depth buffer resolves at distance d between these planes. */
const resolution = (d: number, near: number) => (d * d) / (near * 2 ** 24);

describe('depthRange', () => {
  // a 300 m plant around the origin, seen from where fitting it puts the camera
  const plant = new THREE.Sphere(new THREE.Vector3(0, 0, 0), 300);
  const target = new THREE.Vector3(0, 0, 0);

  it('puts the far plane just beyond the farthest point of the model', () => {
    const position = new THREE.Vector3(0, 0, 700);
    const { far } = depthRange(position, target, plant);
    expect(far).toBeGreaterThan(1000);
    expect(far).toBeLessThan(1100);
  });

  it('puts the near plane as far out as nothing of the model is cut, from outside it', () => {
    const position = new THREE.Vector3(0, 0, 700);
    const { near } = depthRange(position, target, plant);
    expect(near).toBeLessThan(400);
    expect(near).toBeGreaterThan(300);
    // at the far side of the plant, a valve 2 cm in front of a pipe is told apart (it was 0.2 m before)
    expect(resolution(1000, near)).toBeLessThan(0.001);
  });

  it('keeps what is near in view from inside the model, at a small fraction of the distance looked at', () => {
    const position = new THREE.Vector3(10, 2, 10);
    const { near, far } = depthRange(position, new THREE.Vector3(10, 2, 0), plant);
    expect(near).toBeCloseTo(10 / 200);
    expect(far).toBeGreaterThan(300 + position.length());
    expect(depthRange(position, new THREE.Vector3(10, 2, 9.999), plant).near).toBe(0.01);
  });
});

/** The few members of camera-controls that fitBox and applyDepthRange use. */
function fakeControls(camera: THREE.PerspectiveCamera) {
  const position = new THREE.Vector3(0, 0, 1000);
  const target = new THREE.Vector3();
  return {
    camera,
    minDistance: 0,
    maxDistance: Infinity,
    async setLookAt(px: number, py: number, pz: number, tx: number, ty: number, tz: number) {
      position.set(px, py, pz);
      target.set(tx, ty, tz);
      camera.position.copy(position);
      return true;
    },
    update: () => true,
    getPosition: (out: THREE.Vector3) => out.copy(position),
    getTarget: (out: THREE.Vector3) => out.copy(target),
  };
}

describe('fitBox', () => {
  const model = new THREE.Box3(new THREE.Vector3(-200, 0, -200), new THREE.Vector3(200, 30, 200));
  const valve = new THREE.Box3(new THREE.Vector3(50, 1, 50), new THREE.Vector3(50.3, 1.3, 50.3));

  it('framing a selection keeps the whole model within the far plane and zooming out allowed', async () => {
    const camera = new THREE.PerspectiveCamera(50, 1.6);
    const controls = fakeControls(camera);
    await fitBox(controls as unknown as CameraControls, valve, false, model);
    const position = controls.getPosition(new THREE.Vector3());
    // the far corner of the plant is still drawn, and the user can zoom back out to see it all
    const farCorner = new THREE.Vector3(-200, 0, -200);
    expect(camera.far).toBeGreaterThan(position.distanceTo(farCorner));
    expect(controls.maxDistance).toBeGreaterThan(1000);
    // and the valve can be approached
    expect(controls.minDistance).toBeLessThan(0.05);
    expect(camera.near).toBeLessThan(position.distanceTo(valve.getCenter(new THREE.Vector3())));
  });

  it('is what the camera follows as it moves (applyDepthRange)', async () => {
    const camera = new THREE.PerspectiveCamera(50, 1.6);
    const controls = fakeControls(camera);
    await fitBox(controls as unknown as CameraControls, model, false);
    const overview = camera.near;
    await controls.setLookAt(50, 2, 52, 50, 1, 50);
    applyDepthRange(controls as unknown as CameraControls, model);
    expect(camera.near).toBeLessThan(overview);
    expect(camera.projectionMatrix.elements[10]).toBeCloseTo(
      -(camera.far + camera.near) / (camera.far - camera.near),
    );
  });
});
