/**
 * The page side of the toolkit rows (toolkitBench.ts), run in Penstock's page by Playwright. Each function
 * is serialised alone, so it uses nothing from outside itself (types only); tsx wraps named inner functions
 * in `__name(...)`, which NAME_SHIM defines in the page before anything else runs.
 *
 * installProbe finds the viewer's three.js scene and renderer through three.js's own devtools hook (three
 * announces every Scene and WebGLRenderer it makes to `window.__THREE_DEVTOOLS__`): the bench sees which
 * models have meshes on the canvas and times the renderer's draws, without a hook in the app.
 */
import type * as THREE from 'three';
import type { ModelViewerState } from '@penstock/viewer';
import type { PenstockViewerHook } from '../../../apps/web/src/features/viewer/testHook.ts';

export const NAME_SHIM = 'globalThis.__name = (target) => target;';

export interface Probe {
  scenes: THREE.Scene[];
  renderers: THREE.WebGLRenderer[];
  /** while set: the time of each draw on the canvas (the render call plus a 1-pixel read back), ms */
  record: number[] | null;
  /** draws on the canvas so far */
  draws: number;
  /** while set: every draw (canvas or id target), when it started and how long its call took (ms) */
  timeline: { at: number; ms: number; canvas: boolean }[] | null;
  /** called right after each draw on the canvas (the federation row's 'frame' criterion) */
  afterCanvasDraw: (() => void) | null;
  /** while set: main-thread tasks over 50 ms (PerformanceObserver 'longtask') */
  longTasks: { at: number; ms: number }[] | null;
}

export interface FederationState {
  /** the click on the plant in the project browser */
  t0: number;
  /** the plant drawn (the hook's ready), when the other models are added */
  plantDrawn: number;
  /** both federation.add calls resolved */
  added: number;
  /**
   * per added model: its .frag's download (asked for at the click), the wait for it once the model before
   * was added, and federation.add to its first tiles on the canvas (ms each)
   */
  adds: { fetchMs: number; waitMs: number; addMs: number }[];
  /** every model shows meshes and that frame is rasterised (read back in the frame after it) */
  drawn: number;
  /**
   * the viewer's first canvas draw with every model's meshes, rasterised: a pixel read back right after that
   * draw, as the bare page reads one back after its render (the 'drawn' criterion can take one more of the
   * viewer's frames, when the viewer draws again in the frame the pixel is read in)
   */
  frameDrawn: number;
  error: string;
}

export interface ClientPoint {
  clientX: number;
  clientY: number;
}

export type ToolkitWindow = Window & {
  __toolkitProbe: Probe;
  __penstockViewer?: PenstockViewerHook;
  __federation?: FederationState;
  /** when the pointer up of the timed click was dispatched in the page (performance.now()) */
  __clickAt?: number;
  /** the pointer up's own time (event.timeStamp: when the input arrived, before any wait for the page) */
  __clickInputAt?: number;
  __panel?: Promise<number>;
};

/** Init script: catch the Scene and WebGLRenderer objects three.js makes, and time the canvas draws. */
export function installProbe(): void {
  const probe: Probe = {
    scenes: [],
    renderers: [],
    record: null,
    draws: 0,
    timeline: null,
    longTasks: null,
    afterCanvasDraw: null,
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        probe.longTasks?.push({ at: entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask', buffered: false });
  } catch {
    // no long task timing in this browser
  }
  (window as unknown as ToolkitWindow).__toolkitProbe = probe;
  const pixel = new Uint8Array(4);
  const devtools = new EventTarget();
  devtools.addEventListener('observe', (event) => {
    const object = (event as CustomEvent).detail as { isScene?: boolean; isWebGLRenderer?: boolean };
    if (object?.isScene) probe.scenes.push(object as THREE.Scene);
    if (!object?.isWebGLRenderer) return;
    const renderer = object as THREE.WebGLRenderer;
    probe.renderers.push(renderer);
    const render = renderer.render.bind(renderer);
    renderer.render = (scene, camera) => {
      // the GPU picker draws its id buffer into a render target: only draws on the canvas count
      const toCanvas = renderer.getRenderTarget() === null;
      const start = performance.now();
      render(scene, camera);
      probe.timeline?.push({ at: start, ms: performance.now() - start, canvas: toCanvas });
      if (!toCanvas) return;
      probe.draws++;
      probe.afterCanvasDraw?.();
      if (!probe.record) return;
      // a draw returns once its commands are queued: reading a pixel back waits for the rasterisation
      const gl = renderer.getContext();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      probe.record.push(performance.now() - start);
    };
  });
  (window as unknown as { __THREE_DEVTOOLS__: EventTarget }).__THREE_DEVTOOLS__ = devtools;
}

/**
 * Before the click on the plant: time it from that click, ask for the other models' .frag at the click (as a
 * stored view's models are asked for at once, federation.restore), add them with viewer.federation.add, one
 * after the other as 'Add to view' does, once the plant is drawn, and take 'drawn' when every model shows
 * meshes on the canvas (the criterion of the viewer's own load and the bare page) and that frame is
 * rasterised (a pixel read back in the frame after it, as the bare page does).
 */
export function startFederation(args: { plant: string; others: string[] }): void {
  const w = window as unknown as ToolkitWindow;
  const state: FederationState = {
    t0: 0,
    plantDrawn: 0,
    added: 0,
    adds: [],
    drawn: 0,
    frameDrawn: 0,
    error: '',
  };
  w.__federation = state;
  const downloads: Promise<{ bytes: ArrayBuffer; ms: number }>[] = [];
  const download = async (versionId: string) => {
    const start = performance.now();
    const response = await fetch(`/api/models/${versionId}/fragments`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/octet-stream, application/json' },
    });
    if (!response.ok) throw new Error(`GET fragments of ${versionId}: ${response.status}`);
    const bytes = await response.arrayBuffer();
    return { bytes, ms: performance.now() - start };
  };
  document.addEventListener(
    'click',
    () => {
      state.t0 = performance.now();
      w.__toolkitProbe.timeline = [];
      w.__toolkitProbe.longTasks = [];
      for (const versionId of args.others) {
        const fetched = download(versionId);
        fetched.catch(() => undefined); // the failure is told where the model is added
        downloads.push(fetched);
      }
    },
    { capture: true, once: true },
  );
  const shown = (modelId: string) =>
    w.__toolkitProbe.scenes.some((scene) => {
      const root = scene.children.find((child) => child.name === modelId);
      const stack = root ? [root] : [];
      while (stack.length) {
        const object = stack.pop()!;
        if (!object.visible) continue;
        if ((object as THREE.Mesh).isMesh) return true;
        stack.push(...object.children);
      }
      return false;
    });
  const addAll = async (hook: PenstockViewerHook) => {
    for (const [i, versionId] of args.others.entries()) {
      const start = performance.now();
      const { bytes, ms } = await downloads[i]!;
      const fetched = performance.now();
      await hook.viewer.federation.add(bytes, versionId);
      state.adds.push({ fetchMs: ms, waitMs: fetched - start, addMs: performance.now() - fetched });
    }
    state.added = performance.now();
  };
  const models = [args.plant, ...args.others.map((versionId) => `urn:${versionId}`)];
  w.__toolkitProbe.afterCanvasDraw = () => {
    if (state.frameDrawn || !state.added || !models.every(shown)) return;
    const gl = w.__toolkitProbe.renderers.find((r) => r.domElement.isConnected)?.getContext();
    gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
    state.frameDrawn = performance.now();
  };
  let started = false;
  const tick = () => {
    const hook = w.__penstockViewer;
    if (state.t0 && hook?.ready && !started) {
      started = true;
      state.plantDrawn = performance.now();
      addAll(hook).catch((failure: unknown) => (state.error = String(failure)));
    }
    if (state.added && models.every(shown)) {
      requestAnimationFrame(() => {
        const renderer = w.__toolkitProbe.renderers.find((r) => r.domElement.isConnected);
        const gl = renderer?.getContext();
        gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
        state.drawn = performance.now();
      });
      return;
    }
    if (!state.error) setTimeout(tick, 2);
  };
  tick();
}

/**
 * Up to `count` points to click objects of one model of the federated view: a grid over the canvas asked
 * with viewer.pickPoint (the worker's raycast: the nearest object of every shown model), one point per
 * object, kept where the four pixels beside it name the same object (not an edge, where the rasteriser and
 * the exact ray may name either side). Untimed.
 */
export async function federatedTargets(args: {
  modelId: string;
  count: number;
  canvas: { x: number; y: number; width: number; height: number };
}): Promise<(ClientPoint & { localId: number })[]> {
  const viewer = (window as unknown as ToolkitWindow).__penstockViewer!.viewer;
  // the worker's raycast of every shown model (pickPoint), not the GPU id buffer the clicks are answered
  // from: a target is judged by an independent pick
  const raycast = async (clientX: number, clientY: number) => {
    const found = await viewer.pickPoint(clientX, clientY);
    return found ? { model: found.modelId, localId: found.localId } : null;
  };
  const { x, y, width, height } = args.canvas;
  const columns = 17;
  const rows = 11;
  // grid points in a strided order (7 is prime to 17 × 11), so the first targets spread over the canvas;
  // each new object found is checked at once, and the search stops at `count`
  const targets: (ClientPoint & { localId: number })[] = [];
  const tried = new Set<number>();
  const cells = columns * rows;
  for (let i = 0; i < cells && targets.length < args.count; i++) {
    const cell = (i * 7) % cells;
    const at = {
      clientX: Math.floor(x + width * (0.08 + (0.84 * ((cell % columns) + 0.5)) / columns)) + 0.5,
      clientY: Math.floor(y + height * (0.08 + (0.84 * (Math.floor(cell / columns) + 0.5)) / rows)) + 0.5,
    };
    const hit = await raycast(at.clientX, at.clientY);
    if (hit?.model !== args.modelId || tried.has(hit.localId)) continue;
    tried.add(hit.localId);
    let inside = true;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const beside = await raycast(at.clientX + dx, at.clientY + dy);
      inside = beside?.model === args.modelId && beside.localId === hit.localId;
      if (!inside) break;
    }
    if (inside) targets.push({ localId: hit.localId, ...at });
  }
  return targets;
}

/**
 * Before a click: time it from the pointer up to the Properties dialog showing values, both from the
 * event's own time (when the input arrived: a page busy drawing a frame handles it later) and from its
 * dispatch in the page (the criterion before 2026-11-29 evening).
 */
export function armPanelTimer(): void {
  const w = window as unknown as ToolkitWindow;
  w.__clickAt = 0;
  document.addEventListener(
    'pointerup',
    (event) => {
      w.__clickAt = performance.now();
      w.__clickInputAt = event.timeStamp;
    },
    { capture: true, once: true },
  );
  w.__panel = new Promise((resolve) => {
    const check = () => {
      const dialog = document.querySelector('[role="dialog"][aria-labelledby="props-panel-title"]');
      const text = dialog ? dialog.textContent : null;
      if (w.__clickAt! > 0 && text !== null && !text.includes('Loading properties'))
        resolve(performance.now());
      else setTimeout(check, 1);
    };
    check();
  });
}

/**
 * The section row's camera path, one step after another: each step restores the view with the next camera
 * and (with a section) the plane at its next place, then waits for the canvas draw that follows. Returns
 * the time of every canvas draw made meanwhile and of each step (restore to its frame drawn), ms.
 */
export async function walkPath(args: {
  base: ModelViewerState;
  steps: { camera: ModelViewerState['camera']; sections?: ModelViewerState['sections'] }[];
}): Promise<{ frames: number[]; steps: number[] }> {
  const w = window as unknown as ToolkitWindow;
  const probe = w.__toolkitProbe;
  const viewer = w.__penstockViewer!.viewer;
  const frames: number[] = [];
  const steps: number[] = [];
  const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  probe.record = frames;
  try {
    for (const step of args.steps) {
      const start = performance.now();
      const drawn = probe.draws;
      await viewer.restoreViewerState({ ...args.base, camera: step.camera, sections: step.sections });
      // the step's frame: the viewer asked for one, and this frame callback runs after its draw
      const until = performance.now() + 10_000;
      while (probe.draws === drawn && performance.now() < until) await frame();
      steps.push(performance.now() - start);
    }
  } finally {
    probe.record = null;
  }
  return { frames, steps };
}

/**
 * The measurement snap along pointer moves: viewer.measurements.snapAt at each point, one per frame (as
 * pointer moves come), each call timed to its answer. 'missing' when the viewer has no snapAt yet.
 */
export async function snapAlong(
  points: ClientPoint[],
): Promise<{ times: number[]; found: number; kinds: Record<string, number> } | 'missing'> {
  const viewer = (window as unknown as ToolkitWindow).__penstockViewer!.viewer;
  const tool = viewer.measurements as unknown as {
    snapAt?: (x: number, y: number) => Promise<{ kind: string } | null>;
  };
  if (typeof tool.snapAt !== 'function') return 'missing';
  const times: number[] = [];
  const kinds: Record<string, number> = {};
  let found = 0;
  for (const point of points) {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const start = performance.now();
    const snap = await tool.snapAt(point.clientX, point.clientY);
    times.push(performance.now() - start);
    if (snap) {
      found++;
      kinds[snap.kind] = (kinds[snap.kind] ?? 0) + 1;
    }
  }
  return { times, found, kinds };
}
