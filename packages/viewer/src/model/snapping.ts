import * as THREE from 'three';
import { SnappingClass, type FragmentsModel, type RaycastResult } from '@thatopen/fragments';
import type { ViewerContext } from './context.ts';
import { chooseSnap, type Snap, type SnapCandidate } from './measureMath.ts';
import { createSnapCache } from './snapCache.ts';
import { objectCandidates, type SnapGeometry } from './snapGeometry.ts';
import type { Vec3 } from './state.ts';

/**
 * The snap under the pointer. A pointer move is answered within the frame from what is already in the page,
 * never waiting for the Fragments worker:
 * - the object under the pointer (any shown model) from the GPU id buffer (ViewerContext.pickCached);
 * - its vertex, edge, midpoint or face from its geometry on the CPU (snapGeometry.ts) when that is cached
 *   (snapCache.ts); while it is not, a face snap at the point the id buffer's depth gives
 *   (ViewerContext.pointCached), and the geometry is fetched in the background, `later` called when it is
 *   here so the next move refines the snap;
 * - the corners and edges of the objects a few pixels around it, those cached (the others fetched meanwhile);
 * - where the buffer cannot tell the object (far-away items drawn as lines, an item the page cannot name yet)
 *   Fragments' raycastWithSnapping runs in the background and its answer is used while the view and the
 *   pointer stay; while the buffer is stale (the camera just moved) nothing, and `later` once it is drawn.
 * When the view settles, the geometry of the objects around the pointer is fetched ahead.
 * A click (`complete`) waits for the geometry and the worker instead.
 */
export interface Snapper {
  /**
   * The snap under a canvas point. A pointer move (the default) waits for nothing: what is not here yet is
   * fetched meanwhile and `later` is called when it is (ask again then); a click (`complete`) waits for it.
   */
  at(
    clientX: number,
    clientY: number,
    options?: { complete?: boolean; later?: () => void },
  ): Promise<Snap | null>;
  /** an object's triangles in the viewer frame (9 numbers each), from the snapping cache when there */
  triangles(model: FragmentsModel, localId: number): Promise<ArrayLike<number>>;
  /** the pointer left the canvas (or measuring stopped): nothing is fetched ahead for it any more */
  pointerLeft(): void;
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

/** Around the pointer, where the objects whose geometry is fetched ahead when the view settles are looked for. */
const AHEAD_STEP = 12;
const AHEAD_REACH = 48;
/** The most objects fetched ahead at once. */
const AHEAD_MAX = 24;

type Picked = { model: FragmentsModel; localId: number };
const keyOf = (o: Picked) => `${o.model.modelId}#${o.localId}`;

export function createSnapper(context: ViewerContext): Snapper {
  const cache = createSnapCache();
  // a background fetch of the objects beside the pointer under way (one at a time, so the worker's queue
  // never holds up the next object under the pointer, which is fetched at once)
  let fetchingBeside = false;
  let pointer: { x: number; y: number } | null = null;
  let disposed = false;

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
   * object (not drawn yet, items drawn as far-away lines) or has no triangles for it.
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

  // the worker's answer for a pointer move, asked in the background: used while the pointer stays on that
  // pixel and the camera has not moved (one question at a time, the latest waiting)
  let engineAnswer: {
    x: number;
    y: number;
    view: THREE.Matrix4;
    only?: FragmentsModel;
    snap: Snap | null;
  } | null = null;
  const viewMatrix = () => {
    const camera = context.camera();
    camera.updateMatrixWorld();
    return camera.projectionMatrix.clone().multiply(camera.matrixWorldInverse);
  };
  const samePlace = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1;
  type EngineRequest = {
    x: number;
    y: number;
    only?: FragmentsModel;
    view: THREE.Matrix4;
    later?: () => void;
  };
  const engineQueue = latestOnly(
    async (request: EngineRequest) => ({
      ...request,
      snap: await engineSnap(request.x, request.y, request.only),
    }),
    (answer, request) => {
      engineAnswer = answer;
      request.later?.();
    },
  );
  /** The worker's answer here if it came for this pixel and view; else asked for in the background. */
  const engineLater = (x: number, y: number, only: FragmentsModel | undefined, later?: () => void) => {
    const view = viewMatrix();
    if (
      engineAnswer &&
      samePlace(engineAnswer, { x, y }) &&
      engineAnswer.only === only &&
      engineAnswer.view.equals(view)
    )
      return { snap: engineAnswer.snap };
    engineQueue.push({ x, y, only, view, later });
    return null;
  };

  /** The objects the id buffer shows at these offsets from a point (those it cannot tell left out). */
  const objectsAround = (clientX: number, clientY: number, offsets: readonly [number, number][]) => {
    const found = new Map<string, Picked>();
    for (const [dx, dy] of offsets) {
      const hit = context.pickCached(clientX + dx, clientY + dy);
      if (hit) found.set(keyOf(hit), hit);
    }
    return found;
  };

  /** Fetch the geometry of the object under the pointer (at once) and of those beside it (one batch at a time). */
  const fetchMeanwhile = (under: Picked | null, beside: readonly Picked[], later?: () => void) => {
    const jobs: Promise<void>[] = [];
    if (under && !cache.has(under.model, under.localId)) jobs.push(cache.prefetch([under]));
    const missing = beside.filter((o) => !cache.has(o.model, o.localId));
    if (missing.length && !fetchingBeside) {
      fetchingBeside = true;
      jobs.push(cache.prefetch(missing).finally(() => (fetchingBeside = false)));
    }
    if (jobs.length) void Promise.all(jobs).then(() => !disposed && later?.());
  };

  // a view that settled: the objects around the pointer are fetched ahead, so the next moves find them here
  let whenSettled: (() => void) | null = null;
  const offReady = context.onPickReady?.(() => {
    const then = whenSettled;
    whenSettled = null;
    then?.();
    if (!pointer || disposed) return;
    const around: [number, number][] = [];
    for (let dy = -AHEAD_REACH; dy <= AHEAD_REACH; dy += AHEAD_STEP)
      for (let dx = -AHEAD_REACH; dx <= AHEAD_REACH; dx += AHEAD_STEP) around.push([dx, dy]);
    around.sort((a, b) => Math.hypot(...a) - Math.hypot(...b));
    const objects = [...objectsAround(pointer.x, pointer.y, around).values()]
      .filter((o) => !cache.has(o.model, o.localId))
      .slice(0, AHEAD_MAX);
    if (objects.length) void cache.prefetch(objects);
  });

  return {
    async at(clientX, clientY, options = {}) {
      const complete = options.complete ?? false;
      pointer = { x: clientX, y: clientY };
      const { project, rayAt } = screen();
      const planes = context.clipping();
      const point = new THREE.Vector3();
      const ray = rayAt(clientX, clientY);
      const here = { x: clientX, y: clientY };
      // what a section cuts away is not there to snap to
      const kept = (p: Vec3) =>
        planes.every((plane) => plane.distanceToPoint(point.set(p.x, p.y, p.z)) >= -1e-6);
      const candidatesOn = (hit: Picked, geometry: SnapGeometry | null) =>
        geometry?.triangles.length
          ? objectCandidates({
              geometry,
              ray,
              pointer: here,
              project,
              model: hit.model.modelId,
              localId: hit.localId,
              kept,
            })
          : null;
      const on = async (hit: Picked) =>
        candidatesOn(hit, await cache.geometry(hit.model, hit.localId).catch(() => null));

      const hit = context.pickCached(clientX, clientY);
      if (hit === undefined) {
        if (complete) return engineSnap(clientX, clientY);
        // the buffer is stale (the camera just moved): nothing until it is drawn again
        if (context.pickReady && !context.pickReady()) {
          if (options.later) whenSettled = options.later;
          return null;
        }
        // the buffer cannot tell (a far-away line, an item not named yet): the worker, in the background
        return engineLater(clientX, clientY, undefined, options.later)?.snap ?? null;
      }
      let found: SnapCandidate[] = [];
      if (hit) {
        const geometry = cache.ready(hit.model, hit.localId);
        if (complete) {
          const all = await on(hit);
          if (all === null) return engineSnap(clientX, clientY, hit.model);
          found = all;
        } else if (geometry) {
          const all = candidatesOn(hit, geometry);
          // an object without triangles: the worker's snap (in the background)
          if (all === null) return engineLater(clientX, clientY, hit.model, options.later)?.snap ?? null;
          found = all;
        } else {
          // its geometry not here yet: the face at the point the depth buffer gives
          const at = context.pointCached?.(clientX, clientY);
          if (at && kept(at)) {
            const distance = Math.hypot(at.x - ray.origin.x, at.y - ray.origin.y, at.z - ray.origin.z);
            found = [
              { kind: 'face', point: plain(at), distance, model: hit.model.modelId, localId: hit.localId },
            ];
          }
        }
        const first = chooseSnap(found, here, project);
        if (first?.kind === 'vertex' || first?.kind === 'midpoint') return first;
      }
      // near an object's outline the corner may belong to the object beside the pixel: the objects a few
      // pixels around are asked too (their corners and edges count where nothing nearer hides them)
      const others = objectsAround(clientX, clientY, PROBES);
      if (hit) others.delete(keyOf(hit));
      const beside = [...others.values()];
      let more: (SnapCandidate[] | null)[];
      if (complete) more = await Promise.all(beside.map(on));
      else {
        more = beside.map((o) => candidatesOn(o, cache.ready(o.model, o.localId)));
        fetchMeanwhile(hit, beside, options.later);
      }
      return chooseSnap([...found, ...more.flatMap((c) => c ?? [])], here, project);
    },
    async triangles(model, localId) {
      return (await cache.geometry(model, localId)).triangles;
    },
    pointerLeft() {
      pointer = null;
      whenSettled = null;
    },
    dispose() {
      disposed = true;
      offReady?.();
      engineQueue.stop();
      cache.clear();
    },
  };
}
