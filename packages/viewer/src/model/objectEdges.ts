import type { FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';

/** At most this many objects of a model get their edges drawn (each is read from the worker once). */
export const MAX_OUTLINED_OBJECTS = 2000;
/** Edges between faces meeting at more than this angle (degrees) are drawn; flat tessellation is not. */
export const EDGE_ANGLE = 30;

/** One object's geometry as Fragments gives it: parts with positions, indices and the part's transform. */
type ItemGeometry = {
  positions?: Float32Array;
  indices?: Uint8Array | Uint16Array | Uint32Array;
  transform: THREE.Matrix4;
}[];

/**
 * The edges of one object's geometry in its model's frame (pairs of points, 6 numbers a segment): the
 * outline of its faces, less the edges inside flat faces.
 */
export function edgeSegments(parts: ItemGeometry, angle = EDGE_ANGLE): Float32Array {
  const out: number[] = [];
  const v = new THREE.Vector3();
  for (const part of parts) {
    const { positions, indices } = part;
    if (!positions || positions.length < 9) continue;
    const placed = new Float32Array(positions.length);
    for (let i = 0; i + 2 < positions.length; i += 3) {
      v.set(positions[i]!, positions[i + 1]!, positions[i + 2]!).applyMatrix4(part.transform);
      placed[i] = v.x;
      placed[i + 1] = v.y;
      placed[i + 2] = v.z;
    }
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(placed, 3));
    if (indices) geometry.setIndex(new THREE.BufferAttribute(indices, 1));
    const edges = new THREE.EdgesGeometry(geometry, angle);
    const points = edges.getAttribute('position').array as ArrayLike<number>;
    for (let i = 0; i < points.length; i++) out.push(points[i]!);
    edges.dispose();
    geometry.dispose();
  }
  return new Float32Array(out);
}

/**
 * Edges drawn over objects of the loaded models, one colour each (a model compare's removed objects: red
 * ghosts that read as shapes, not as faint fog). The lines hang under their model's object, so they follow
 * its placement and visibility; the id buffer (gpuPick.ts) leaves them out like any mesh without ids.
 */
export interface ObjectEdges {
  /** draw the edges of these objects of a model in their colours (an empty map takes them away) */
  show(model: FragmentsModel, objects: ReadonlyMap<number, string>): Promise<void>;
  /** take a model's edges away (the model left the view) */
  forget(model: FragmentsModel): void;
  dispose(): void;
}

const keyOf = (objects: ReadonlyMap<number, string>) =>
  [...objects]
    .sort((a, b) => a[0] - b[0])
    .map(([id, colour]) => `${id}${colour}`)
    .join(',');

export function createObjectEdges(): ObjectEdges {
  const drawn = new Map<FragmentsModel, { key: string; lines: THREE.LineSegments[] }>();
  const edgesOf = new WeakMap<FragmentsModel, Map<number, Float32Array>>();

  const remove = (model: FragmentsModel) => {
    const current = drawn.get(model);
    if (!current) return;
    for (const line of current.lines) {
      line.removeFromParent();
      line.geometry.dispose();
      (line.material as THREE.Material).dispose();
    }
    drawn.delete(model);
  };

  return {
    async show(model, objects) {
      const limited = new Map([...objects].slice(0, MAX_OUTLINED_OBJECTS));
      const key = keyOf(limited);
      if ((drawn.get(model)?.key ?? '') === key) return;
      remove(model);
      if (!limited.size) return;
      // each object's edges are worked out once per model
      let known = edgesOf.get(model);
      if (!known) edgesOf.set(model, (known = new Map()));
      const missing = [...limited.keys()].filter((id) => !known.has(id));
      if (missing.length) {
        const geometries = (await model.getItemsGeometry(missing)) as unknown as ItemGeometry[];
        missing.forEach((id, i) => known.set(id, edgeSegments(geometries[i] ?? [])));
      }
      const byColour = new Map<string, Float32Array[]>();
      for (const [id, colour] of limited) {
        const list = byColour.get(colour) ?? [];
        list.push(known.get(id) ?? new Float32Array());
        byColour.set(colour, list);
      }
      const lines: THREE.LineSegments[] = [];
      for (const [colour, parts] of byColour) {
        const size = parts.reduce((sum, p) => sum + p.length, 0);
        if (!size) continue;
        const positions = new Float32Array(size);
        let at = 0;
        for (const part of parts) {
          positions.set(part, at);
          at += part.length;
        }
        const geometry = new THREE.BufferGeometry();
        geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
        const line = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: colour }));
        line.name = 'penstock-object-edges';
        // drawn after the see-through faces, so the edges are not washed over by them
        line.renderOrder = 2;
        line.frustumCulled = false;
        model.object.add(line);
        lines.push(line);
      }
      drawn.set(model, { key, lines });
    },
    forget: remove,
    dispose() {
      for (const model of [...drawn.keys()]) remove(model);
    },
  };
}
