import * as THREE from 'three';
import CameraControls from 'camera-controls';
import { browserFrameHost, createFrameScheduler } from './frameScheduler.ts';
import { drawsOnCpu } from './renderQuality.ts';

CameraControls.install({ THREE });

/** Renderer, scene, camera, lights and orbit/pan/zoom controls on a canvas filling the container. */
export interface ViewerScene {
  renderer: THREE.WebGLRenderer;
  scene: THREE.Scene;
  /** the camera drawing now: the perspective one, or the orthographic one of a plan view */
  readonly camera: THREE.PerspectiveCamera | THREE.OrthographicCamera;
  perspective: THREE.PerspectiveCamera;
  orthographic: THREE.OrthographicCamera;
  /** switch the drawing (and controlled) camera */
  useCamera(kind: 'perspective' | 'orthographic'): void;
  /** half the height the orthographic camera sees at zoom 1 (its width follows the aspect) */
  setOrthographicHalfHeight(halfHeight: number): void;
  controls: CameraControls;
  canvas: HTMLCanvasElement;
  /** ask for a frame in the next animation frame (rendering is on demand) */
  requestRender(): void;
  /**
   * ask for a frame for tiles that arrived (the view did not change): drawn no sooner than the last
   * frame's cost after it, so such frames never run back to back (frameScheduler.ts)
   */
  requestTileRender(): void;
  /**
   * Draw no frame until this settles (frames asked for meanwhile are drawn after). A frame of a big model
   * keeps the page busy for a long time on a slow GPU; the properties of a clicked object show first, and a
   * model added to the view is drawn with its first tiles in one frame.
   */
  holdFrames(until: Promise<unknown>): void;
  /** holdFrames while `work` runs, but no longer than `maxMs` nor past the next camera move */
  holdFramesWhileStill(work: Promise<unknown>, maxMs: number): void;
  /** no frame asked for, held or being drawn */
  idle(): boolean;
  /** frames are held now (holdFrames) */
  held(): boolean;
  resize(): void;
  dispose(): void;
}

export function createScene(container: HTMLElement, background: number): ViewerScene {
  const canvas = document.createElement('canvas');
  canvas.className = 'penstock-viewer-canvas';
  canvas.style.display = 'block';
  canvas.style.width = '100%';
  canvas.style.height = '100%';
  canvas.style.touchAction = 'none';
  container.appendChild(canvas);

  let renderer: THREE.WebGLRenderer;
  try {
    // multisampling only on a GPU (renderQuality.ts); the drawing buffer is not kept between frames, as
    // screenshot() draws a frame and reads it in the same task
    renderer = new THREE.WebGLRenderer({ canvas, antialias: !drawsOnCpu() });
  } catch (failure) {
    canvas.remove();
    throw new Error(
      `WebGL is not available in this browser: ${failure instanceof Error ? failure.message : String(failure)}`,
      { cause: failure },
    );
  }
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(background, 1);

  const scene = new THREE.Scene();
  scene.background = new THREE.Color(background);
  // soft sky light plus a low sun so faces of white equipment read apart on the light background
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8d939c, 1.1));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(60, 100, 30);
  scene.add(sun);
  const fill = new THREE.DirectionalLight(0xdfe8f5, 0.5);
  fill.position.set(-50, 20, -60);
  scene.add(fill);

  const perspective = new THREE.PerspectiveCamera(50, 1, 0.05, 5000);
  perspective.position.set(20, 20, 20);
  const orthographic = new THREE.OrthographicCamera(-1, 1, 1, -1, 0.05, 5000);
  let camera: THREE.PerspectiveCamera | THREE.OrthographicCamera = perspective;
  let halfHeight = 10;
  let aspect = 1;
  const shapeOrthographic = () => {
    orthographic.left = -halfHeight * aspect;
    orthographic.right = halfHeight * aspect;
    orthographic.top = halfHeight;
    orthographic.bottom = -halfHeight;
    orthographic.updateProjectionMatrix();
  };
  const controls = new CameraControls(perspective, canvas);
  controls.dollyToCursor = true;
  controls.infinityDolly = false;

  const clock = new THREE.Timer();
  let disposed = false;
  // frames held back while the page shows what a click selected (see holdFrames)
  let holds = 0;
  let heldFrame = false;
  // only the controls' step was held (no frame asked for): run it after, drawing only if the camera moves
  let heldTick = false;
  // a frame was asked for (requestRender); otherwise an animation frame only runs the controls (a press on
  // the canvas, a drag step) and draws when they moved the camera
  let renderWanted = false;
  const draw = (tilesDue: boolean) => {
    if (disposed) return false;
    if (holds > 0) {
      if (renderWanted || tilesDue) heldFrame = true;
      else heldTick = true;
      return false;
    }
    clock.update();
    const wanted = renderWanted || tilesDue;
    renderWanted = false;
    // a moving camera tells its 'update' listeners (the depth range, the tiles) before the frame
    const moving = controls.update(clock.getDelta());
    if (!moving && !wanted) return false;
    renderer.render(scene, camera);
    // drawn with the camera as it is now; a moving camera asks for its next step
    renderWanted = false;
    if (moving) frames.request();
    return true;
  };
  const frames = createFrameScheduler(browserFrameHost(draw));
  const requestRender = () => {
    if (disposed) return;
    renderWanted = true;
    frames.request();
  };
  /** the controls' next step: a frame only if the camera moves (a click's press draws nothing) */
  const tick = () => {
    if (!disposed) frames.request();
  };
  controls.addEventListener('update', requestRender);
  controls.addEventListener('controlstart', () => {
    clock.update();
    tick();
  });
  controls.addEventListener('control', tick);
  controls.addEventListener('transitionstart', tick);

  const holdFrames = (until: Promise<unknown>) => {
    holds++;
    void until
      .catch(() => undefined)
      .then(() => {
        holds--;
        if (holds > 0) return;
        if (heldFrame) requestRender();
        else if (heldTick) tick();
        heldFrame = heldTick = false;
      });
  };

  const resize = () => {
    const width = Math.max(1, container.clientWidth);
    const height = Math.max(1, container.clientHeight);
    renderer.setSize(width, height, false);
    aspect = width / height;
    perspective.aspect = aspect;
    perspective.updateProjectionMatrix();
    shapeOrthographic();
    requestRender();
  };
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
  observer?.observe(container);
  resize();

  return {
    renderer,
    scene,
    get camera() {
      return camera;
    },
    perspective,
    orthographic,
    useCamera(kind) {
      const next = kind === 'perspective' ? perspective : orthographic;
      if (next === camera) return;
      camera = next;
      controls.camera = next;
      requestRender();
    },
    setOrthographicHalfHeight(value) {
      halfHeight = Math.max(value, 0.1);
      orthographic.zoom = 1;
      shapeOrthographic();
      requestRender();
    },
    controls,
    canvas,
    requestRender,
    requestTileRender() {
      if (!disposed) frames.requestBackground();
    },
    idle: () => frames.idle() && holds === 0 && !heldFrame,
    held: () => holds > 0,
    holdFrames,
    holdFramesWhileStill(work, maxMs) {
      holdFrames(
        new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            controls.removeEventListener('update', done);
            resolve();
          };
          const timer = setTimeout(done, maxMs);
          controls.addEventListener('update', done);
          void work.then(done, done);
        }),
      );
    },
    resize,
    dispose() {
      disposed = true;
      frames.dispose();
      observer?.disconnect();
      controls.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
      canvas.remove();
    },
  };
}
