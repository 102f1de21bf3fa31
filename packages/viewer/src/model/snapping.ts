import * as THREE from 'three';
import { SnappingClass, type FragmentsModel, type RaycastResult } from '@thatopen/fragments';
import type { ViewerContext } from './context.ts';
import { chooseSnap, type Snap, type SnapCandidate } from './measureMath.ts';
import { createSnapCache } from './snapCache.ts';
import { objectCandidates } from './snapGeometry.ts';
import type { Vec3 } from './state.ts';

/**
 * The snap under the pointer. The object under it comes from the GPU id buffer (once the view has settled:
 * no worker round trip), its geometry from Fragments once (snapCache.ts), and the vertex, edge, midpoint or face from a ray cast on that geometry on the
 * CPU (snapGeometry.ts). Fragments' own raycastWithSnapping (a worker round trip per move: over 16 ms p95
 * on the 100k plant) answers where the id buffer cannot tell the object (not drawn yet after the camera
 * moved, other models shown, far-away items drawn as lines) and for an object without triangles.
 */
export interface Snapper {
  /**
   * The snap under a canvas point. A pointer move (the default) waits for no object beside the pointer
   * whose geometry is not here yet: those are fetched meanwhile and `later` is called when they are (ask
   * again then); a click (`complete`) waits for them.
   */
  at(
    clientX: number,
    clientY: number,
    options?: { complete?: boolean; later?: () => void },
  ): Promise<Snap | null>;
  /** an object's triangles in the viewer frame (9 numbers each), from the snapping cache when there */
  triangles(model: FragmentsModel, localId: number): Promise<ArrayLike<number>>;
  dispose(): void;
}

/** Where the objects beside the pointer are looked for (CSS pixels, within the snap radius). */
const PROBES: readonly [number, number][] = [
  [-7, -7],
  [7, -7],
  [-7, 7],
  [7, 7],
];
const CLASSES = [SnappingClass.POINT, SnappingClass.LINE, SnappingClass.FACE];
const KIND: Record<SnappingClass, SnapCandidate['kind']> = {
  [SnappingClass.POINT]: 'vertex',
  [SnappingClass.LINE]: 'edge',
  [SnappingClass.FACE]: 'face',
};
const plain = (v: THREE.Vector3): Vec3 => ({ x: v.x, y: v.y, z: v.z });

/** The engine's snapping answers of one model as candidates (the viewer frame, the model's id). */
export function candidatesOf(model: FragmentsModel, results: readonly RaycastResult[]): SnapCandidate[] {
  return results.map((r) => {
    const candidate: SnapCandidate = {
      kind: KIND[r.snappingClass] ?? 'face',
      point: plain(r.point),
      distance: r.distance,
      model: model.modelId,
      localId: r.localId,
    };
    if (r.snappedEdgeP1 && r.snappedEdgeP2) candidate.edge = [plain(r.snappedEdgeP1), plain(r.snappedEdgeP2)];
    if (r.normal) candidate.normal = plain(r.normal);
    return candidate;
  });
}

/**
 * Run the latest request only: while one runs, a newer one waits and replaces any older waiting one (the
 * pointer's last position wins). `done` is told each answer with the request it answers.
 */
export function latestOnly<Request, Answer>(
  run: (request: Request) => Promise<Answer>,
  done: (answer: Answer, request: Request) => void,
) {
  let running = false;
  let waiting: { request: Request } | null = null;
  let stopped = false;
  const pump = async () => {
    running = true;
    while (waiting && !stopped) {
      const { request } = waiting;
      waiting = null;
      try {
        const answer = await run(request);
        if (!stopped) done(answer, request);
      } catch {
        // a failed query (a model unloaded meanwhile) shows nothing; the next move asks again
      }
    }
    running = false;
  };
  return {
    push(request: Request) {
      waiting = { request };
      if (!running) void pump();
    },
    /** forget a waiting request */
    clear() {
      waiting = null;
    },
    stop() {
      stopped = true;
      waiting = null;
    },
  };
}

export function createSnapper(context: ViewerContext): Snapper {
  const cache = createSnapCache();
  let fetching = false;
  const geometryOf = (model: FragmentsModel, localId: number) => cache.geometry(model, localId);

  const screen = () => {
    const camera = context.camera();
    camera.updateMatrixWorld();
    const bounds = context.canvas.getBoundingClientRect();
    const projected = new THREE.Vector3();
    const project = (p: Vec3) => {
      projected.set(p.x, p.y, p.z).project(camera);
      if (projected.z > 1 || projected.z < -1) return null;
      return {
        x: bounds.left + ((projected.x + 1) / 2) * bounds.width,
        y: bounds.top + ((1 - projected.y) / 2) * bounds.height,
      };
    };
    const rayAt = (clientX: number, clientY: number) => {
      const caster = new THREE.Raycaster();
      const ndc = new THREE.Vector2(
        ((clientX - bounds.left) / bounds.width) * 2 - 1,
        -((clientY - bounds.top) / bounds.height) * 2 + 1,
      );
      caster.setFromCamera(ndc, camera);
      return { origin: plain(caster.ray.origin), direction: plain(caster.ray.direction) };
    };
    return { camera, project, rayAt };
  };

  /**
   * Fragments' snapping raycast over the shown models (or those given): where the id buffer cannot tell the
   * object (not drawn yet, other models shown, items drawn as far-away lines) or has no triangles for it.
   */
  const engineSnap = async (clientX: number, clientY: number, only?: FragmentsModel) => {
    const { camera, project } = screen();
    const models = only ? [only] : context.models().filter((m) => m.object.visible);
    const mouse = new THREE.Vector2(clientX, clientY);
    const answers = await Promise.all(
      models.map((m) =>
        m
          .raycastWithSnapping({ camera, mouse, dom: context.canvas, snappingClasses: CLASSES })
          .then((results) => (results ? candidatesOf(m, results) : []))
          .catch(() => [] as SnapCandidate[]),
      ),
    );
    return chooseSnap(answers.flat(), { x: clientX, y: clientY }, project);
  };

  /** The objects the id buffer shows at these offsets from a point (those it cannot tell left out). */
  const objectsAround = (clientX: number, clientY: number, offsets: readonly [number, number][]) => {
    const found = new Map<string, { model: FragmentsModel; localId: number }>();
    for (const [dx, dy] of offsets) {
      const hit = context.pickCached(clientX + dx, clientY + dy);
      if (hit) found.set(`${hit.model.modelId}#${hit.localId}`, hit);
    }
    return found;
  };

  return {
    async at(clientX, clientY, options = {}) {
      const { project, rayAt } = screen();
      const planes = context.clipping();
      const point = new THREE.Vector3();
      const ray = rayAt(clientX, clientY);
      const pointer = { x: clientX, y: clientY };
      const on = async (hit: { model: FragmentsModel; localId: number }) => {
        const geometry = await geometryOf(hit.model, hit.localId).catch(() => null);
        if (!geometry?.triangles.length) return null;
        return objectCandidates({
          geometry,
          ray,
          pointer,
          project,
          model: hit.model.modelId,
          localId: hit.localId,
          // what a section cuts away is not there to snap to
          kept: (p) => planes.every((plane) => plane.distanceToPoint(point.set(p.x, p.y, p.z)) >= -1e-6),
        });
      };
      const hit = context.pickCached(clientX, clientY);
      if (hit === undefined) return engineSnap(clientX, clientY);
      let here: SnapCandidate[] = [];
      if (hit) {
        const found = await on(hit);
        if (found === null) return engineSnap(clientX, clientY, hit.model);
        here = found;
        const first = chooseSnap(here, pointer, project);
        if (first?.kind === 'vertex' || first?.kind === 'midpoint') return first;
      }
      // near an object's outline the corner may belong to the object beside the pixel: the objects a few
      // pixels around are asked too (their corners and edges count where nothing nearer hides them)
      const others = objectsAround(clientX, clientY, PROBES);
      if (hit) others.delete(`${hit.model.modelId}#${hit.localId}`);
      const beside = [...others.values()];
      const wait = options.complete ? beside : beside.filter((o) => cache.has(o.model, o.localId));
      const missing = beside.filter((o) => !wait.includes(o));
      // one background fetch at a time, so the worker's queue never holds up the next object under the pointer
      if (missing.length && !fetching) {
        fetching = true;
        void cache.prefetch(missing).then(() => {
          fetching = false;
          options.later?.();
        });
      }
      const more = await Promise.all(wait.map(on));
      return chooseSnap([...here, ...more.flatMap((c) => c ?? [])], pointer, project);
    },
    async triangles(model, localId) {
      return (await geometryOf(model, localId)).triangles;
    },
    dispose() {
      cache.clear();
    },
  };
}
