import * as THREE from 'three';
import { SnappingClass, type FragmentsModel, type RaycastResult } from '@thatopen/fragments';
import type { ViewerContext } from './context.ts';
import { chooseSnap, type Snap, type SnapCandidate } from './measureMath.ts';
import type { Vec3 } from './state.ts';

const CLASSES = [SnappingClass.POINT, SnappingClass.LINE, SnappingClass.FACE];
const KIND: Record<SnappingClass, SnapCandidate['kind']> = {
  [SnappingClass.POINT]: 'vertex',
  [SnappingClass.LINE]: 'edge',
  [SnappingClass.FACE]: 'face',
};

const plain = (v: THREE.Vector3): Vec3 => ({ x: v.x, y: v.y, z: v.z });

/**
 * A face's triangles from a hit's facePoints/faceIndices (the engine gives them in the model's own frame,
 * the sample's placement applied) in the viewer frame: 9 numbers per triangle.
 */
export function faceTriangles(
  points: ArrayLike<number>,
  indices: ArrayLike<number>,
  matrix: THREE.Matrix4,
): number[] {
  const out: number[] = [];
  const v = new THREE.Vector3();
  for (let i = 0; i + 2 < indices.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const at = indices[i + k]! * 3;
      v.set(points[at]!, points[at + 1]!, points[at + 2]!).applyMatrix4(matrix);
      out.push(v.x, v.y, v.z);
    }
  }
  return out;
}

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
    if (candidate.kind === 'face' && r.facePoints && r.faceIndices) {
      candidate.triangles = faceTriangles(r.facePoints, r.faceIndices, model.object.matrixWorld);
    }
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
    /** forget a waiting request and ignore the answer under way */
    clear() {
      waiting = null;
    },
    stop() {
      stopped = true;
      waiting = null;
    },
  };
}

/** The snap under a canvas point (client coordinates) over every shown model. */
export async function snapAt(context: ViewerContext, clientX: number, clientY: number): Promise<Snap | null> {
  const camera = context.camera();
  const canvas = context.canvas;
  const models = context.models().filter((m) => m.object.visible);
  if (!models.length) return null;
  const mouse = new THREE.Vector2(clientX, clientY);
  const answers = await Promise.all(
    models.map((m) =>
      m
        .raycastWithSnapping({ camera, mouse, dom: canvas, snappingClasses: CLASSES })
        .then((results) => (results ? candidatesOf(m, results) : []))
        .catch(() => [] as SnapCandidate[]),
    ),
  );
  const bounds = canvas.getBoundingClientRect();
  const projected = new THREE.Vector3();
  camera.updateMatrixWorld();
  const project = (p: Vec3) => {
    projected.set(p.x, p.y, p.z).project(camera);
    if (projected.z > 1 || projected.z < -1) return null;
    return {
      x: bounds.left + ((projected.x + 1) / 2) * bounds.width,
      y: bounds.top + ((1 - projected.y) / 2) * bounds.height,
    };
  };
  return chooseSnap(answers.flat(), { x: clientX, y: clientY }, project);
}
