import * as THREE from 'three';

/** The shapes of the section handles (sectionHandles.ts): arrows and rings drawn over the model, unclipped. */

/** The size of one handle unit on screen (CSS pixels). */
export const UNIT_PX = 48;
export const MOVE_COLOUR = 0x2563eb;
export const RING_COLOURS = [0xdb2777, 0x059669];
export const HOVER_COLOUR = 0xf59e0b;
/** Rotation by the pointer snaps to this step (degrees); with Shift to the coarse one. */
export const FINE_STEP = 1;
export const COARSE_STEP = 15;

/** A material the renderer's clipping planes do not clip (handles stay whole on the cut-away side). */
export function unclipped<M extends THREE.Material>(material: M): M {
  material.onBeforeCompile = (shader) => {
    shader.fragmentShader = shader.fragmentShader.replace('#include <clipping_planes_fragment>', '');
  };
  material.customProgramCacheKey = () => 'penstock-unclipped';
  return material;
}

const handleMaterial = (colour: number) =>
  unclipped(
    new THREE.MeshBasicMaterial({
      color: colour,
      depthTest: false,
      depthWrite: false,
      transparent: true,
      opacity: 0.95,
      fog: false,
      toneMapped: false,
    }),
  );
export const pickMaterial = new THREE.MeshBasicMaterial({ visible: false });

export interface Part {
  name: string;
  colour: number;
  materials: THREE.MeshBasicMaterial[];
}

/** A double arrow along local Z (move), or a single outward one (box faces). */
export function arrow(name: string, double: boolean): { object: THREE.Group; part: Part } {
  const material = handleMaterial(MOVE_COLOUR);
  const group = new THREE.Group();
  const along = (mesh: THREE.Mesh, z: number, flip = false) => {
    mesh.rotation.x = flip ? -Math.PI / 2 : Math.PI / 2;
    mesh.position.z = z;
    mesh.renderOrder = 10;
    group.add(mesh);
  };
  const start = double ? -1 : 0;
  along(new THREE.Mesh(new THREE.CylinderGeometry(0.04, 0.04, 1 - start, 8), material), (1 + start) / 2);
  along(new THREE.Mesh(new THREE.ConeGeometry(0.14, 0.35, 16), material), 1.17);
  if (double) along(new THREE.Mesh(new THREE.ConeGeometry(0.14, 0.35, 16), material), -1.17, true);
  const picker = new THREE.Mesh(new THREE.CylinderGeometry(0.22, 0.22, 1.35 - start * 1.35, 8), pickMaterial);
  along(picker, double ? 0 : 0.67);
  picker.userData.handle = name;
  return { object: group, part: { name, colour: MOVE_COLOUR, materials: [material] } };
}

/** A ring about local X or Y (rotate about that direction). */
export function ring(name: string, about: 'x' | 'y', colour: number): { object: THREE.Group; part: Part } {
  const material = handleMaterial(colour);
  const group = new THREE.Group();
  const visible = new THREE.Mesh(new THREE.TorusGeometry(0.8, 0.03, 8, 48), material);
  const picker = new THREE.Mesh(new THREE.TorusGeometry(0.8, 0.15, 6, 32), pickMaterial);
  picker.userData.handle = name;
  visible.renderOrder = 10;
  // a torus lies in its XY plane, about Z
  for (const mesh of [visible, picker]) {
    if (about === 'x') mesh.rotation.y = Math.PI / 2;
    else mesh.rotation.x = Math.PI / 2;
    group.add(mesh);
  }
  group.userData.ringAxis = new THREE.Vector3(about === 'x' ? 1 : 0, about === 'y' ? 1 : 0, 0);
  return { object: group, part: { name, colour, materials: [material] } };
}
