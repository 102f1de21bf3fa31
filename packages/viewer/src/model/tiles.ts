import type { FragmentsModel } from '@thatopen/fragments';
import type * as THREE from 'three';

/** How long a load waits for the first tiles of the framed view before it calls the model drawn anyway. */
export const FIRST_TILES_WAIT_MS = 30_000;

/** Whether any mesh under this object is shown (Fragments adds its tile meshes as the worker sends them). */
export function hasVisibleMesh(root: THREE.Object3D): boolean {
  const stack: THREE.Object3D[] = [root];
  while (stack.length) {
    const object = stack.pop()!;
    if (!object.visible) continue;
    if ((object as THREE.Mesh).isMesh) return true;
    stack.push(...object.children);
  }
  return false;
}

/**
 * Resolves once the model shows its first tile meshes. `fragments.update()` resolves when the worker has
 * taken the view, not when its tiles are here: on a 100k-object plant the canvas stayed empty for about
 * 2 s after it, while the viewer already called the model drawn (and a click then found nothing).
 */
export function untilMeshesShown(model: FragmentsModel, timeoutMs = FIRST_TILES_WAIT_MS): Promise<void> {
  if (hasVisibleMesh(model.object)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      model.onViewUpdated.remove(check);
      resolve();
    };
    const check = () => {
      if (hasVisibleMesh(model.object)) done();
    };
    const timer = setTimeout(done, timeoutMs);
    model.onViewUpdated.add(check);
  });
}
