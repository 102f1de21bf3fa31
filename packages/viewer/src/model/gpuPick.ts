import * as THREE from 'three';

/**
 * GPU picking: which object of which model is drawn under a pixel, read from the GPU instead of raycast by
 * the Fragments worker (hundreds of milliseconds on a 50k-object plant, queued behind the worker's tile
 * streaming). Fragments gives every vertex of its tile meshes an `id` attribute: the geometry item id + 1 in
 * four bytes, big-endian (0 for geometry it does not number). Every shown model of the view is drawn with a
 * material that writes, as the colour, the model's index in the list of pickable models (a uniform) in the
 * first byte and the low three bytes of the item id + 1 in the others (items past 2^24 - 2 are drawn as
 * 'unknown' and left to the worker). A second colour target holds each pixel's view depth (the float's
 * bits in four bytes), so the point under the pointer is known without a worker round trip too.
 *
 * Two ways to read it:
 * - the id buffer: once the view has settled (camera at rest, tiles in place), the whole view is drawn into
 *   an id target and read back asynchronously; clicks and hovers then read one entry of that copy, with no
 *   GPU work at all;
 * - a one-pixel pass (camera narrowed to the pixel, 1×1 target, synchronous read) while the copy is stale.
 */

import {
  decodeDepthPixel,
  decodePickPixel,
  FRAGMENT,
  ID_BUFFER_SETTLE_MS,
  idBufferOffset,
  LOD_FRAGMENT,
  PICK_MAX_MODELS,
  PICK_NOTHING,
  PICK_UNKNOWN,
  pickItemOf,
  pickModelIndex,
  VERTEX,
} from './pickCodes.ts';

export {
  decodeDepthPixel,
  decodePickPixel,
  ID_BUFFER_SETTLE_MS,
  idBufferOffset,
  PICK_MAX_MODELS,
  PICK_MODEL_SPAN,
  PICK_NOTHING,
  PICK_UNKNOWN,
  pickItemOf,
  pickModelIndex,
  pixelCentreInClient,
  pointAtDepth,
} from './pickCodes.ts';

/** What is drawn at a pixel: a model's object (the root it was drawn under) and its item id. */
export interface PickHit {
  root: THREE.Object3D;
  item: number;
}

export interface GpuPicker {
  /**
   * The pick code drawn at a canvas point (CSS pixels from the canvas' top left): the model's index among
   * the roots × PICK_MODEL_SPAN + the Fragments item id; or PICK_NOTHING, PICK_UNKNOWN.
   */
  pickItem(x: number, y: number): number;
  /** The model (its root) and item drawn at a canvas point, PICK_NOTHING or PICK_UNKNOWN. */
  pickAt(x: number, y: number): PickHit | typeof PICK_NOTHING | typeof PICK_UNKNOWN;
  /**
   * The view depth drawn at a canvas point from the settled id buffer (no GPU work); null over nothing, for
   * geometry without ids, or while the buffer is stale.
   */
  depthAt(x: number, y: number): number | null;
  /** What is drawn changed (camera, visibility, tiles, size): the id buffer is stale until redrawn. */
  invalidate(): void;
  /** The model is drawn: from now on the id buffer is kept (drawn when the view settles). */
  arm(): void;
  /** Whether clicks are answered from the id buffer now (for tests and benchmarks). */
  bufferReady(): boolean;
  /** Called each time a fresh id buffer is ready (the view settled); returns the unsubscribe. */
  onReady(callback: () => void): () => void;
  /**
   * Every pick code drawn somewhere in the id buffer; null while it is stale (benchmarks: Fragments does not
   * draw objects of a few pixels on screen, which the worker's raycast still finds).
   */
  drawnItems(): Set<number> | null;
  /** The roots the id buffer was drawn with (a pick code's model index is a position in it); null while stale. */
  drawnRoots(): readonly THREE.Object3D[] | null;
  dispose(): void;
}

interface IdBuffer {
  pixels: Uint8Array;
  depths: Uint8Array;
  roots: readonly THREE.Object3D[];
  width: number;
  height: number;
  /** drawing-buffer pixels per CSS pixel */
  scale: number;
  /** the canvas size it was drawn for: a resized canvas makes it stale */
  cssWidth: number;
  cssHeight: number;
}

export function createGpuPicker(
  renderer: THREE.WebGLRenderer,
  scene: THREE.Scene,
  /**
   * what may be picked: each shown model's object (its tile meshes), the tab's own first; a pick names the
   * model by its position in this list
   */
  roots: () => readonly THREE.Object3D[],
  camera: () => THREE.PerspectiveCamera | THREE.OrthographicCamera,
  /** while true the id buffer is not drawn (the viewer holds its frames): it is drawn once it is false */
  held: () => boolean = () => false,
): GpuPicker {
  const material = new THREE.ShaderMaterial({
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
    uniforms: { pickModel: { value: 0 } },
    side: THREE.DoubleSide,
    clipping: true,
  });
  // the meshes of models past PICK_MAX_MODELS: the marker (the worker answers there)
  const unknownMaterial = new THREE.ShaderMaterial({
    vertexShader: VERTEX,
    fragmentShader: LOD_FRAGMENT,
    side: THREE.DoubleSide,
    clipping: true,
  });
  const pixelTarget = new THREE.WebGLRenderTarget(1, 1, { depthBuffer: true });
  // the ids and, in the second texture, each pixel's view depth
  const viewTarget = new THREE.WebGLRenderTarget(1, 1, { depthBuffer: true, count: 2 });
  const pixel = new Uint8Array(4);
  const white = new THREE.Color(0xffffff);
  const previousClear = new THREE.Color();
  let buffer: IdBuffer | null = null;
  let version = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;
  const readyListeners = new Set<() => void>();

  // the LOD lines' pick material: That Open's own LOD vertex shader (read from its material), the marker
  // as colour; `lodSize` is the uniform Fragments' onBeforeRender fills on whatever material the mesh has
  let lodMaterial: (THREE.ShaderMaterial & { lodSize?: THREE.Vector2 }) | null = null;
  const lodPickMaterial = (original: THREE.ShaderMaterial) => {
    if (!lodMaterial) {
      const lodSize = new THREE.Vector2();
      lodMaterial = new THREE.ShaderMaterial({
        vertexShader: original.vertexShader,
        fragmentShader: LOD_FRAGMENT,
        uniforms: { lodSize: { value: lodSize } },
        side: THREE.DoubleSide,
        clipping: true,
      });
      lodMaterial.lodSize = lodSize;
    }
    return lodMaterial;
  };

  // The model's materials offset their faces by a polygon offset of their own (ModelViewer), which decides
  // which of two coplanar faces is drawn: the id pass uses the same offsets, so it names what is on screen.
  // One id material per model index (its uniform) and per offset; they share one shader program.
  const plainMaterials = new Map<number, THREE.ShaderMaterial>([[0, material]]);
  const offsetMaterials = new Map<number, WeakMap<THREE.Material, THREE.ShaderMaterial>>();
  const created: THREE.ShaderMaterial[] = [];
  const withModel = (index: number) => {
    let plain = plainMaterials.get(index);
    if (!plain) {
      plain = material.clone();
      plain.uniforms.pickModel!.value = index;
      plainMaterials.set(index, plain);
      created.push(plain);
    }
    return plain;
  };
  const idMaterialFor = (original: THREE.Material | undefined, index: number): THREE.ShaderMaterial => {
    if (!original?.polygonOffset) return withModel(index);
    let offsets = offsetMaterials.get(index);
    if (!offsets) offsetMaterials.set(index, (offsets = new WeakMap()));
    let offset = offsets.get(original);
    if (!offset) {
      offset = withModel(index).clone();
      offset.uniforms.pickModel!.value = index;
      offset.polygonOffset = true;
      offset.polygonOffsetFactor = original.polygonOffsetFactor;
      offset.polygonOffsetUnits = original.polygonOffsetUnits;
      offsets.set(original, offset);
      created.push(offset);
    }
    return offset;
  };

  /** Draw the pickable meshes with the id materials into a target (everything else hidden meanwhile). */
  const drawIds = (
    models: readonly THREE.Object3D[],
    view: THREE.PerspectiveCamera | THREE.OrthographicCamera,
    target: THREE.WebGLRenderTarget,
  ) => {
    const hidden: THREE.Object3D[] = [];
    const swapped: [THREE.Mesh, THREE.Mesh['material']][] = [];
    for (const child of scene.children) {
      if (!models.includes(child) && child.visible) {
        child.visible = false;
        hidden.push(child);
      }
    }
    models.forEach((model, index) => {
      // past the models an id buffer tells apart: drawn as 'no id' (the worker answers there)
      const known = index < PICK_MAX_MODELS;
      model.traverse((object) => {
        const mesh = object as THREE.Mesh;
        if (object === model || !mesh.geometry || !object.visible) return;
        const first = (Array.isArray(mesh.material) ? mesh.material[0] : mesh.material) as
          THREE.ShaderMaterial | undefined;
        const ids = Boolean(mesh.geometry.getAttribute('id'));
        const lod = !ids && Boolean(mesh.geometry.getAttribute('itemFirst') && first?.vertexShader);
        if (!ids && !lod) {
          object.visible = false;
          hidden.push(object);
          return;
        }
        const pickWith = (original: THREE.Material | undefined): THREE.Material =>
          ids ? (known ? idMaterialFor(original, index) : unknownMaterial) : lodPickMaterial(first!);
        swapped.push([mesh, mesh.material]);
        // an array keeps the geometry groups Fragments hides items with
        mesh.material = Array.isArray(mesh.material)
          ? mesh.material.map((original) => pickWith(original))
          : pickWith(mesh.material);
      });
    });
    const background = scene.background;
    const previousTarget = renderer.getRenderTarget();
    const previousAlpha = renderer.getClearAlpha();
    renderer.getClearColor(previousClear);
    try {
      scene.background = null;
      renderer.setRenderTarget(target);
      renderer.setClearColor(white, 1);
      renderer.clear();
      renderer.render(scene, view);
    } finally {
      renderer.setRenderTarget(previousTarget);
      renderer.setClearColor(previousClear, previousAlpha);
      scene.background = background;
      for (const [mesh, original] of swapped) mesh.material = original;
      for (const object of hidden) object.visible = true;
    }
  };

  const shownRoots = () => roots().filter((root) => root.visible);

  const drawBuffer = async () => {
    timer = null;
    const models = shownRoots();
    if (!models.length || disposed) return;
    const started = version;
    const size = renderer.getDrawingBufferSize(new THREE.Vector2());
    const width = Math.max(1, Math.floor(size.x));
    const height = Math.max(1, Math.floor(size.y));
    const canvasWidth = renderer.domElement.clientWidth || width;
    const canvasHeight = renderer.domElement.clientHeight || height;
    if (viewTarget.width !== width || viewTarget.height !== height) viewTarget.setSize(width, height);
    drawIds(models, camera(), viewTarget);
    const pixels = new Uint8Array(width * height * 4);
    const depths = new Uint8Array(width * height * 4);
    // read back without stalling the page on the GPU (a fence, then the copy)
    await Promise.all([
      renderer.readRenderTargetPixelsAsync(viewTarget, 0, 0, width, height, pixels, undefined, 0),
      renderer.readRenderTargetPixelsAsync(viewTarget, 0, 0, width, height, depths, undefined, 1),
    ]);
    if (disposed || started !== version) return;
    buffer = {
      pixels,
      depths,
      roots: models,
      width,
      height,
      scale: width / canvasWidth,
      cssWidth: canvasWidth,
      cssHeight: canvasHeight,
    };
    for (const listener of [...readyListeners]) listener();
  };

  // the id buffer is drawn when the page is idle after the view settled, never while the model loads
  let armed = false;
  const idle = (run: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : run();
  const schedule = () => {
    if (timer !== null) clearTimeout(timer);
    if (!armed) return;
    timer = setTimeout(() => {
      const scheduled = version;
      idle(() => {
        if (scheduled !== version || buffer) return;
        // frames held: asked again after the settling time
        if (held()) return schedule();
        drawBuffer().catch(() => {
          // the one-pixel pass answers meanwhile
        });
      });
    }, ID_BUFFER_SETTLE_MS);
  };

  const pickPixel = (
    models: readonly THREE.Object3D[],
    x: number,
    y: number,
    width: number,
    height: number,
  ) => {
    const view = camera();
    view.setViewOffset(width, height, Math.floor(x), Math.floor(y), 1, 1);
    try {
      drawIds(models, view, pixelTarget);
    } finally {
      view.clearViewOffset();
    }
    renderer.readRenderTargetPixels(pixelTarget, 0, 0, 1, 1, pixel);
    return decodePickPixel(pixel);
  };

  /** The settled buffer's entry under a canvas point, when the buffer is there and fits the canvas. */
  const bufferEntry = (x: number, y: number): { source: IdBuffer; offset: number } | null => {
    const width = renderer.domElement.clientWidth;
    const height = renderer.domElement.clientHeight;
    if (!buffer || buffer.cssWidth !== width || buffer.cssHeight !== height) return null;
    const offset = idBufferOffset(buffer, x, y);
    return offset === null ? null : { source: buffer, offset };
  };

  /** The pick code at a point and the roots its model index counts in. */
  const codeAt = (x: number, y: number): { code: number; models: readonly THREE.Object3D[] } => {
    const width = renderer.domElement.clientWidth;
    const height = renderer.domElement.clientHeight;
    const models = shownRoots();
    if (!models.length || x < 0 || y < 0 || x >= width || y >= height) return { code: PICK_NOTHING, models };
    const entry = bufferEntry(x, y);
    if (entry)
      return { code: decodePickPixel(entry.source.pixels, entry.offset), models: entry.source.roots };
    return { code: pickPixel(models, x, y, width, height), models };
  };

  return {
    pickItem: (x, y) => codeAt(x, y).code,
    pickAt(x, y) {
      const { code, models } = codeAt(x, y);
      if (code < 0) return code as typeof PICK_NOTHING | typeof PICK_UNKNOWN;
      const root = models[pickModelIndex(code)];
      return root ? { root, item: pickItemOf(code) } : PICK_UNKNOWN;
    },
    depthAt(x, y) {
      const entry = bufferEntry(x, y);
      if (!entry || decodePickPixel(entry.source.pixels, entry.offset) < 0) return null;
      return decodeDepthPixel(entry.source.depths, entry.offset);
    },
    invalidate() {
      version++;
      buffer = null;
      schedule();
    },
    arm() {
      armed = true;
      schedule();
    },
    bufferReady: () => buffer !== null,
    onReady(callback) {
      readyListeners.add(callback);
      return () => readyListeners.delete(callback);
    },
    drawnItems() {
      if (!buffer) return null;
      const items = new Set<number>();
      const { pixels } = buffer;
      for (let offset = 0; offset < pixels.length; offset += 4) {
        const item = decodePickPixel(pixels, offset);
        if (item >= 0) items.add(item);
      }
      return items;
    },
    drawnRoots: () => buffer?.roots ?? null,
    dispose() {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      buffer = null;
      readyListeners.clear();
      pixelTarget.dispose();
      viewTarget.dispose();
      material.dispose();
      unknownMaterial.dispose();
      for (const made of created) made.dispose();
      lodMaterial?.dispose();
    },
  };
}
