import * as THREE from 'three';

/**
 * GPU picking: which object is drawn under a pixel, read from the GPU instead of raycast by the Fragments
 * worker (hundreds of milliseconds on a 50k-object plant, queued behind the worker's tile streaming).
 * Fragments gives every vertex of its tile meshes an `id` attribute: the geometry item id + 1 in four
 * bytes, big-endian (0 for geometry it does not number). The model is drawn with a material that writes
 * those bytes as the colour.
 *
 * Two ways to read it:
 * - the id buffer: once the view has settled (camera at rest, tiles in place), the whole view is drawn into
 *   an id target and read back asynchronously; clicks and hovers then read one entry of that copy, with no
 *   GPU work at all;
 * - a one-pixel pass (camera narrowed to the pixel, 1×1 target, synchronous read) while the copy is stale.
 */

/** The pixel hit no geometry (the clear colour). */
export const PICK_NOTHING = -1;
/** The pixel shows geometry without an item id (not a Fragments shell): ask the worker instead. */
export const PICK_UNKNOWN = -2;

/** How long the view must stay unchanged before the id buffer is drawn again. */
export const ID_BUFFER_SETTLE_MS = 150;

const VERTEX = /* glsl */ `
attribute vec4 id;
varying vec4 vPickId;
#include <common>
#include <clipping_planes_pars_vertex>
void main() {
  vPickId = id;
  #include <begin_vertex>
  #include <project_vertex>
  #include <clipping_planes_vertex>
}`;

const FRAGMENT = /* glsl */ `
varying vec4 vPickId;
#include <clipping_planes_pars_fragment>
void main() {
  #include <clipping_planes_fragment>
  gl_FragColor = vPickId / 255.0;
}`;

/**
 * Far away, Fragments draws small items as LOD lines whose instances carry no item id. The id pass draws
 * them in this marker colour (their own vertex shader, so they cover what they cover on screen): a click
 * there is answered by the worker's raycast, never by whatever stands behind the line.
 */
const LOD_MARKER = 254;
const LOD_FRAGMENT = /* glsl */ `
#include <clipping_planes_pars_fragment>
void main() {
  #include <clipping_planes_fragment>
  gl_FragColor = vec4(${LOD_MARKER}.0 / 255.0);
}`;

/** Decode four bytes of a pick target (pure). */
export function decodePickPixel(pixel: ArrayLike<number>, offset = 0): number {
  const b0 = pixel[offset] ?? 0;
  const b1 = pixel[offset + 1] ?? 0;
  const b2 = pixel[offset + 2] ?? 0;
  const b3 = pixel[offset + 3] ?? 0;
  if (b0 === 255 && b1 === 255 && b2 === 255 && b3 === 255) return PICK_NOTHING;
  if (b0 === LOD_MARKER && b1 === LOD_MARKER && b2 === LOD_MARKER && b3 === LOD_MARKER) return PICK_UNKNOWN;
  const encoded = b0 * 16777216 + b1 * 65536 + b2 * 256 + b3;
  return encoded === 0 ? PICK_UNKNOWN : encoded - 1;
}

/** The entry of a bottom-up RGBA buffer (as WebGL reads it) under a CSS point (pure). */
export function idBufferOffset(
  buffer: { width: number; height: number; scale: number },
  x: number,
  y: number,
): number | null {
  const px = Math.floor(x * buffer.scale);
  const py = buffer.height - 1 - Math.floor(y * buffer.scale);
  if (px < 0 || py < 0 || px >= buffer.width || py >= buffer.height) return null;
  return (py * buffer.width + px) * 4;
}

/**
 * The client point at the centre of the canvas pixel under a canvas point (pure). The canvas may sit at a
 * fractional client position, so a client point rounded to a client pixel centre can fall at a pixel's
 * edge, where the drawn pixel and an exact ray through that point name different objects.
 */
export function pixelCentreInClient(
  bounds: { left: number; top: number },
  x: number,
  y: number,
): { clientX: number; clientY: number } {
  return { clientX: bounds.left + Math.floor(x) + 0.5, clientY: bounds.top + Math.floor(y) + 0.5 };
}

export interface GpuPicker {
  /**
   * The Fragments item id drawn at a canvas point (CSS pixels from the canvas' top left), PICK_NOTHING or
   * PICK_UNKNOWN.
   */
  pickItem(x: number, y: number): number;
  /** What is drawn changed (camera, visibility, tiles, size): the id buffer is stale until redrawn. */
  invalidate(): void;
  /** The model is drawn: from now on the id buffer is kept (drawn when the view settles). */
  arm(): void;
  /** Whether clicks are answered from the id buffer now (for tests and benchmarks). */
  bufferReady(): boolean;
  /**
   * Every item id drawn somewhere in the id buffer; null while it is stale (benchmarks: Fragments does not
   * draw objects of a few pixels on screen, which the worker's raycast still finds).
   */
  drawnItems(): Set<number> | null;
  dispose(): void;
}

interface IdBuffer {
  pixels: Uint8Array;
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
  /** what may be picked: the model's object (its tile meshes) */
  root: () => THREE.Object3D | null,
  camera: () => THREE.PerspectiveCamera | THREE.OrthographicCamera,
): GpuPicker {
  const material = new THREE.ShaderMaterial({
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
    side: THREE.DoubleSide,
    clipping: true,
  });
  const pixelTarget = new THREE.WebGLRenderTarget(1, 1, { depthBuffer: true });
  const viewTarget = new THREE.WebGLRenderTarget(1, 1, { depthBuffer: true });
  const pixel = new Uint8Array(4);
  const white = new THREE.Color(0xffffff);
  const previousClear = new THREE.Color();
  let buffer: IdBuffer | null = null;
  let version = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

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
  const offsetMaterials = new WeakMap<THREE.Material, THREE.ShaderMaterial>();
  const created: THREE.ShaderMaterial[] = [];
  const idMaterialFor = (original: THREE.Material | undefined): THREE.ShaderMaterial => {
    if (!original?.polygonOffset) return material;
    let offset = offsetMaterials.get(original);
    if (!offset) {
      offset = material.clone();
      offset.polygonOffset = true;
      offset.polygonOffsetFactor = original.polygonOffsetFactor;
      offset.polygonOffsetUnits = original.polygonOffsetUnits;
      offsetMaterials.set(original, offset);
      created.push(offset);
    }
    return offset;
  };

  /** Draw the pickable meshes with the id materials into a target (everything else hidden meanwhile). */
  const drawIds = (
    model: THREE.Object3D,
    view: THREE.PerspectiveCamera | THREE.OrthographicCamera,
    target: THREE.WebGLRenderTarget,
  ) => {
    const hidden: THREE.Object3D[] = [];
    const swapped: [THREE.Mesh, THREE.Mesh['material']][] = [];
    for (const child of scene.children) {
      if (child !== model && child.visible) {
        child.visible = false;
        hidden.push(child);
      }
    }
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
        ids ? idMaterialFor(original) : lodPickMaterial(first!);
      swapped.push([mesh, mesh.material]);
      // an array keeps the geometry groups Fragments hides items with
      mesh.material = Array.isArray(mesh.material)
        ? mesh.material.map((original) => pickWith(original))
        : pickWith(mesh.material);
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

  const drawBuffer = async () => {
    timer = null;
    const model = root();
    if (!model || disposed) return;
    const started = version;
    const size = renderer.getDrawingBufferSize(new THREE.Vector2());
    const width = Math.max(1, Math.floor(size.x));
    const height = Math.max(1, Math.floor(size.y));
    const canvasWidth = renderer.domElement.clientWidth || width;
    const canvasHeight = renderer.domElement.clientHeight || height;
    if (viewTarget.width !== width || viewTarget.height !== height) viewTarget.setSize(width, height);
    drawIds(model, camera(), viewTarget);
    const pixels = new Uint8Array(width * height * 4);
    // read back without stalling the page on the GPU (a fence, then the copy)
    await renderer.readRenderTargetPixelsAsync(viewTarget, 0, 0, width, height, pixels);
    if (disposed || started !== version) return;
    buffer = {
      pixels,
      width,
      height,
      scale: width / canvasWidth,
      cssWidth: canvasWidth,
      cssHeight: canvasHeight,
    };
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
        drawBuffer().catch(() => {
          // the one-pixel pass answers meanwhile
        });
      });
    }, ID_BUFFER_SETTLE_MS);
  };

  const pickPixel = (model: THREE.Object3D, x: number, y: number, width: number, height: number) => {
    const view = camera();
    view.setViewOffset(width, height, Math.floor(x), Math.floor(y), 1, 1);
    try {
      drawIds(model, view, pixelTarget);
    } finally {
      view.clearViewOffset();
    }
    renderer.readRenderTargetPixels(pixelTarget, 0, 0, 1, 1, pixel);
    return decodePickPixel(pixel);
  };

  return {
    pickItem(x, y) {
      const model = root();
      if (!model) return PICK_NOTHING;
      const width = renderer.domElement.clientWidth;
      const height = renderer.domElement.clientHeight;
      if (x < 0 || y < 0 || x >= width || y >= height) return PICK_NOTHING;
      if (buffer && buffer.cssWidth === width && buffer.cssHeight === height) {
        const offset = idBufferOffset(buffer, x, y);
        if (offset !== null) return decodePickPixel(buffer.pixels, offset);
      }
      return pickPixel(model, x, y, width, height);
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
    dispose() {
      disposed = true;
      if (timer !== null) clearTimeout(timer);
      buffer = null;
      pixelTarget.dispose();
      viewTarget.dispose();
      material.dispose();
      for (const offset of created) offset.dispose();
      lodMaterial?.dispose();
    },
  };
}
