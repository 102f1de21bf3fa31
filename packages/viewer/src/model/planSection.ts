import type { FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';

/** The cut of a plan view: outlines and fills where the plan's plane cuts the model (That Open's getSection). */
export interface PlanSection {
  /** Draw the cut of this plane (replacing the last), unless `current()` says the plan was left meanwhile. */
  draw(model: FragmentsModel, cut: THREE.Plane, current: () => boolean): Promise<void>;
  clear(): void;
}

export function createPlanSection(scene: THREE.Scene, redraw: () => void): PlanSection {
  let section: THREE.Group | null = null;
  const clear = () => {
    if (!section) return;
    scene.remove(section);
    section.traverse((object) => {
      if (object instanceof THREE.Mesh || object instanceof THREE.LineSegments) {
        object.geometry.dispose();
        (object.material as THREE.Material).dispose();
      }
    });
    section = null;
  };
  return {
    async draw(model, cut, current) {
      const { buffer, index, fillsIndices } = await model.getSection(cut);
      if (!current()) return;
      clear();
      const positions = new THREE.BufferAttribute(buffer, 3);
      const edges = new THREE.BufferGeometry();
      edges.setAttribute('position', positions);
      edges.setDrawRange(0, Math.min(index, buffer.length / 3));
      const group = new THREE.Group();
      group.add(new THREE.LineSegments(edges, new THREE.LineBasicMaterial({ color: 0x1f2937, fog: false })));
      if (fillsIndices.length) {
        const fills = new THREE.BufferGeometry();
        fills.setAttribute('position', positions);
        fills.setIndex(fillsIndices);
        const material = new THREE.MeshBasicMaterial({ color: 0x6b7280, side: THREE.DoubleSide, fog: false });
        group.add(new THREE.Mesh(fills, material));
      }
      // a hair below the cut so the renderer's own clipping keeps it
      group.position.y = -0.01;
      section = group;
      scene.add(group);
      redraw();
    },
    clear,
  };
}
