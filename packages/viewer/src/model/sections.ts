import * as THREE from 'three';
import type { ViewerContext } from './context.ts';
import { createCapColours, createSectionCaps, type CapInfo, type Cut } from './sectionCaps.ts';
import { createSectionHandles, type HandleDrag } from './sectionHandles.ts';
import {
  FACE_GAP,
  MAX_SECTION_PLANES,
  axisPlane,
  boxFaces,
  checkedSections,
  facePlane,
  flipped,
  grownBox,
  movedAlongNormal,
  nextPlaneId,
  plain,
  rotated,
  toThreePlane,
  unitNormal,
  withOffset,
  type Axis,
  type BoxState,
  type PlaneGeometry,
} from './sectionMath.ts';
import type { ObjectRef, SectionPlaneState, SectionsState, Vec3 } from './state.ts';

export { MAX_SECTION_PLANES } from './sectionMath.ts';
export { DEFAULT_CAP_COLOUR } from './sectionCaps.ts';
export type { Axis, BoxState, PlaneGeometry } from './sectionMath.ts';
export type { CapInfo } from './sectionCaps.ts';

/** What the handles are shown for: a plane's id, the section box, or nothing. */
export type SectionEditTarget = string | 'box' | null;

/**
 * Section planes (up to MAX_SECTION_PLANES) and a section box on the viewer's shared clipping, with caps on
 * the cut faces and handles in the 3D view. Every change applies at once (the clipping) and calls the
 * onChange listeners; the caps are drawn again once the planes stop moving.
 */
export interface SectionTool {
  /** what is cut now (stored with views and issue viewpoints) */
  state(): SectionsState;
  /** cut as stored (undefined or null: no sections) */
  restore(state: SectionsState | null | undefined): Promise<void>;
  /** called after any change */
  onChange(callback: () => void): () => void;
  /**
   * Add a plane: along an axis through the centre of what is shown (cutting away the positive side), or at a
   * given origin and normal (towards the part cut away). Its handles are shown. Throws at MAX_SECTION_PLANES.
   */
  addPlane(at: Axis | PlaneGeometry): Promise<SectionPlaneState>;
  /** Add a plane on the face under a canvas point (client coordinates), in any shown model, FACE_GAP off it; null if none. */
  addPlaneOnFace(clientX: number, clientY: number): Promise<SectionPlaneState | null>;
  /** Change a plane's place, direction or whether it cuts. */
  updatePlane(
    id: string,
    patch: Partial<Pick<SectionPlaneState, 'origin' | 'normal' | 'visible'>>,
  ): Promise<void>;
  /** Put a plane at this offset (metres) along its axis (sectionMath's planeOffset). */
  setOffset(id: string, offset: number): Promise<void>;
  /** Move a plane along its normal (metres; positive towards the part cut away). */
  movePlane(id: string, distance: number): Promise<void>;
  /** Turn a plane about an axis through its origin (degrees, right hand). */
  rotatePlane(id: string, axis: Vec3, degrees: number): Promise<void>;
  flipPlane(id: string): Promise<void>;
  removePlane(id: string): Promise<void>;
  /** Set the section box (only what is inside is drawn), or remove it with null. */
  setBox(box: BoxState | null): Promise<void>;
  /** Put the section box around these objects (grown a little), or around everything shown when none. */
  boxAround(objects?: readonly ObjectRef[]): Promise<void>;
  /** '#rrggbb' for the caps, or null for each model's own colour (its colour by model, else its materials'). */
  setCapColour(colour: string | null): Promise<void>;
  /** Show the handles of a plane (its id) or of the box ('box'); null hides them. */
  edit(target: SectionEditTarget): void;
  editing(): SectionEditTarget;
  /** the caps drawn now (tests, benchmarks) */
  caps(): CapInfo[];
  /** resolves once the caps of the current cuts are drawn */
  capsDrawn(): Promise<void>;
  dispose(): void;
}

/** After the last programmatic move, how long before the caps are drawn again. */
export const CAPS_DELAY_MS = 250;
/** While planes move, how often Fragments is asked to stream tiles for the new cut. */
const REFRESH_MS = 150;
const COLOUR = /^#[0-9a-f]{6}$/i;

const empty = (): SectionsState => ({ planes: [], box: null, capColour: null });

/** The cuts in force: the shown planes and the box's faces (ids 'box-x-min' …). */
function cutsOf(state: SectionsState): Cut[] {
  const planes = state.planes
    .filter((plane) => plane.visible)
    .map((plane) => ({ id: plane.id, plane: toThreePlane(plane) }));
  const box = state.box
    ? boxFaces(state.box).map((face) => ({ id: `box-${face.axis}-${face.side}`, plane: toThreePlane(face) }))
    : [];
  return [...planes, ...box];
}

export interface SectionsOptions {
  /** a model's colour by model (the federation's), which its caps take when no colour is chosen */
  modelColour?: (modelId: string) => string | null;
}

export function createSections(context: ViewerContext, options: SectionsOptions = {}): SectionTool {
  let current = empty();
  let editing: SectionEditTarget = null;
  let disposed = false;
  const listeners = new Set<() => void>();
  const caps = createSectionCaps(
    context.scene,
    () => context.models(),
    context.requestRender,
    createCapColours(options.modelColour),
  );

  // caps: drawn a moment after the last change (at once after a drag), and waited for by capsDrawn()
  let capsTimer: ReturnType<typeof setTimeout> | null = null;
  let capsRunning = 0;
  let capsWaiters: (() => void)[] = [];
  const settleCaps = () => {
    if (capsTimer !== null || capsRunning > 0) return;
    const waiters = capsWaiters;
    capsWaiters = [];
    for (const resolve of waiters) resolve();
  };
  const scheduleCaps = (delay: number) => {
    if (capsTimer !== null) clearTimeout(capsTimer);
    capsTimer = setTimeout(() => {
      capsTimer = null;
      if (disposed) return settleCaps();
      capsRunning++;
      void caps
        .draw(cutsOf(current), current.capColour)
        .catch(() => undefined)
        .finally(() => {
          capsRunning--;
          settleCaps();
        });
    }, delay);
  };

  // Fragments culls against the clipping: ask for tiles now and then while planes move, and at the end
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  const refreshSoon = () => {
    if (refreshTimer !== null) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      if (!disposed) void context.refresh().catch(() => undefined);
    }, REFRESH_MS);
  };

  const handles = createSectionHandles({
    scene: context.scene,
    canvas: context.canvas,
    camera: () => context.camera(),
    extent: () => context.box(),
    redraw: context.requestRender,
    onDrag: (drag) => dragged(drag),
  });

  const showHandles = () => {
    const plane = current.planes.find((p) => p.id === editing);
    if (plane) handles.show({ kind: 'plane', plane });
    else if (editing === 'box' && current.box) handles.show({ kind: 'box', box: current.box });
    else {
      editing = null;
      handles.show(null);
    }
  };

  /** Apply the state: clipping at once, handles placed, listeners told; caps and tiles a little later. */
  const commit = (moving: boolean, capsDelay = CAPS_DELAY_MS) => {
    const cuts = cutsOf(current);
    context.setClipping(
      'sections',
      cuts.map((cut) => cut.plane),
    );
    caps.hideMoved(cuts);
    showHandles();
    if (!moving) scheduleCaps(capsDelay);
    refreshSoon();
    for (const listener of [...listeners]) listener();
  };

  const dragged = (drag: HandleDrag) => {
    if (drag.kind === 'box') current.box = drag.box;
    else {
      const plane = current.planes.find((p) => p.id === editing);
      if (!plane) return;
      plane.origin = { ...drag.plane.origin };
      plane.normal = { ...drag.plane.normal };
    }
    commit(!drag.done, 0);
  };

  // before each frame: caps follow their models' visibility, handles keep their size on screen, and caps
  // are drawn again when a model came, went or moved
  const previousFrameHook = context.scene.onBeforeRender;
  context.scene.onBeforeRender = function (this: THREE.Scene, ...args) {
    previousFrameHook.apply(this, args);
    const camera = args[2];
    caps.sync();
    handles.sync(camera);
    const cutting = current.box !== null || current.planes.some((plane) => plane.visible);
    if (capsTimer === null && cutting && !handles.dragging() && caps.stale()) {
      scheduleCaps(CAPS_DELAY_MS);
    }
  };

  const find = (id: string) => {
    const plane = current.planes.find((p) => p.id === id);
    if (!plane) throw new Error('There is no such section plane.');
    return plane;
  };
  const replace = (next: SectionPlaneState) => {
    current.planes = current.planes.map((p) => (p.id === next.id ? next : p));
    commit(false);
  };

  const api: SectionTool = {
    state: () => structuredClone(current),
    async restore(state) {
      current = checkedSections(state);
      editing = null;
      commit(false, 0);
      await context.refresh();
    },
    onChange(callback) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    async addPlane(at) {
      if (current.planes.length >= MAX_SECTION_PLANES) {
        throw new Error(`At most ${MAX_SECTION_PLANES} section planes can be used at once.`);
      }
      const geometry = typeof at === 'string' ? axisPlane(at, context.box()) : at;
      const plane: SectionPlaneState = {
        id: nextPlaneId(current.planes),
        origin: { ...geometry.origin },
        normal: plain(unitNormal(geometry.normal)),
        visible: true,
      };
      current.planes = [...current.planes, plane];
      editing = plane.id;
      commit(false, 0);
      return structuredClone(plane);
    },
    async addPlaneOnFace(clientX, clientY) {
      const camera = context.camera();
      const mouse = new THREE.Vector2(clientX, clientY);
      const shown = context.models().filter((model) => model.object.visible);
      const hits = await Promise.all(
        shown.map((model) => model.raycast({ camera, mouse, dom: context.canvas }).catch(() => null)),
      );
      const hit = hits.filter((h) => h?.normal).sort((a, b) => a!.distance - b!.distance)[0];
      if (!hit?.normal) return null;
      const eye = new THREE.Vector3().setFromMatrixPosition(camera.matrixWorld);
      return api.addPlane(facePlane(plain(hit.point), plain(hit.normal), plain(eye), FACE_GAP));
    },
    async updatePlane(id, patch) {
      const plane = find(id);
      const next = { ...plane, ...structuredClone(patch), id };
      unitNormal(next.normal);
      if (![next.origin.x, next.origin.y, next.origin.z].every(Number.isFinite)) {
        throw new Error('A section plane needs a place.');
      }
      replace(next);
    },
    async setOffset(id, offset) {
      replace(withOffset(find(id), offset));
    },
    async movePlane(id, distance) {
      if (!Number.isFinite(distance)) throw new Error('The distance must be a number.');
      replace(movedAlongNormal(find(id), distance));
    },
    async rotatePlane(id, axis, degrees) {
      if (!Number.isFinite(degrees)) throw new Error('The angle must be a number.');
      replace(rotated(find(id), axis, THREE.MathUtils.degToRad(degrees)));
    },
    async flipPlane(id) {
      replace(flipped(find(id)));
    },
    async removePlane(id) {
      find(id);
      current.planes = current.planes.filter((p) => p.id !== id);
      if (editing === id) editing = null;
      commit(false, 0);
    },
    async setBox(box) {
      if (box && !checkedSections({ planes: [], box, capColour: null }).box) {
        throw new Error('The section box needs a minimum below its maximum on every axis.');
      }
      const had = current.box !== null;
      current.box = box ? { min: { ...box.min }, max: { ...box.max } } : null;
      if (box && !had) editing = 'box';
      commit(false, 0);
    },
    async boxAround(objects = []) {
      const byModel = new Map<string, number[]>();
      for (const ref of objects) byModel.set(ref.model, [...(byModel.get(ref.model) ?? []), ref.localId]);
      const box = new THREE.Box3();
      for (const [modelId, localIds] of byModel) {
        const model = context.model(modelId);
        if (model) box.union(await model.getMergedBox(localIds));
      }
      if (box.isEmpty()) box.copy(context.box());
      if (box.isEmpty()) throw new Error('Nothing is shown to put a box around.');
      await api.setBox(grownBox(box));
      editing = 'box';
      showHandles();
      for (const listener of [...listeners]) listener();
    },
    async setCapColour(colour) {
      if (colour !== null && !COLOUR.test(colour)) throw new Error(`'${colour}' is not a colour (#rrggbb).`);
      current.capColour = colour;
      commit(false, 0);
    },
    edit(target) {
      editing = target;
      showHandles();
      for (const listener of [...listeners]) listener();
    },
    editing: () => editing,
    caps: () => caps.list(),
    capsDrawn: () =>
      capsTimer === null && capsRunning === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => capsWaiters.push(resolve)),
    dispose() {
      if (disposed) return;
      disposed = true;
      listeners.clear();
      if (capsTimer !== null) clearTimeout(capsTimer);
      if (refreshTimer !== null) clearTimeout(refreshTimer);
      capsTimer = null;
      settleCaps();
      context.scene.onBeforeRender = previousFrameHook;
      handles.dispose();
      caps.dispose();
      context.setClipping('sections', []);
    },
  };
  return api;
}
