import * as THREE from 'three';
import type { ViewerContext } from './context.ts';
import type { SectionsState } from './state.ts';

/** Section planes (up to MAX_SECTION_PLANES) and a section box, with caps on the cut faces. */
export interface SectionTool {
  /** what is cut now (stored with views and issue viewpoints) */
  state(): SectionsState;
  /** cut as stored (undefined or null: no sections) */
  restore(state: SectionsState | null | undefined): Promise<void>;
  /** called after any change */
  onChange(callback: () => void): () => void;
  dispose(): void;
}

export const MAX_SECTION_PLANES = 6;

const empty = (): SectionsState => ({ planes: [], box: null, capColour: null });

/** Section planes and box on the context's shared clipping ('sections' owner). */
export function createSections(context: ViewerContext): SectionTool {
  let current = empty();
  const listeners = new Set<() => void>();
  const apply = async () => {
    const planes = current.planes
      .filter((p) => p.visible)
      .map((p) => {
        const normal = new THREE.Vector3(p.normal.x, p.normal.y, p.normal.z).normalize();
        // three.js keeps n·x + c ≥ 0: the kept side is opposite the section's normal
        const kept = normal.clone().negate();
        return new THREE.Plane(kept, -kept.dot(new THREE.Vector3(p.origin.x, p.origin.y, p.origin.z)));
      });
    context.setClipping('sections', planes);
    await context.refresh();
    for (const listener of listeners) listener();
  };
  return {
    state: () => structuredClone(current),
    async restore(state) {
      current = state ? structuredClone(state) : empty();
      await apply();
    },
    onChange(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    dispose() {
      listeners.clear();
      context.setClipping('sections', []);
    },
  };
}
