import * as THREE from 'three';

/**
 * The id pass's shaders and how its pixels are read (pure): what the GPU picker (gpuPick.ts) draws and decodes.
 */

/** The pixel hit no geometry (the clear colour). */
export const PICK_NOTHING = -1;
/** The pixel shows geometry without an item id (not a Fragments shell): ask the worker instead. */
export const PICK_UNKNOWN = -2;

/** How long the view must stay unchanged before the id buffer is drawn again. */
export const ID_BUFFER_SETTLE_MS = 150;

/** A pick code is the model's index × PICK_MODEL_SPAN + the item id. */
export const PICK_MODEL_SPAN = 16_777_216;
/** The models one id buffer tells apart (the first byte; 254 and 255 are the markers' and the clear colour's). */
export const PICK_MAX_MODELS = 254;
/** The model index of a pick code (pure). */
export const pickModelIndex = (code: number) => Math.floor(code / PICK_MODEL_SPAN);
/** The Fragments item id of a pick code (pure). */
export const pickItemOf = (code: number) => code % PICK_MODEL_SPAN;

export const VERTEX = /* glsl */ `
attribute vec4 id;
varying vec4 vPickId;
varying float vViewDepth;
#include <common>
#include <clipping_planes_pars_vertex>
void main() {
  vPickId = id;
  #include <begin_vertex>
  #include <project_vertex>
  #include <clipping_planes_vertex>
  vViewDepth = -mvPosition.z;
}`;

/** the view depth's float bits in four bytes, big-endian (the second target) */
export const DEPTH_OUT = /* glsl */ `
layout(location = 1) out highp vec4 pickDepth;
vec4 depthBytes(highp float depth) {
  highp uint bits = floatBitsToUint(depth);
  return vec4(float(bits >> 24u), float((bits >> 16u) & 255u), float((bits >> 8u) & 255u), float(bits & 255u)) / 255.0;
}`;

export const FRAGMENT = /* glsl */ `
uniform float pickModel;
varying vec4 vPickId;
varying float vViewDepth;
${DEPTH_OUT}
#include <clipping_planes_pars_fragment>
void main() {
  #include <clipping_planes_fragment>
  // an item id past what three bytes hold is drawn as 'no id' (the worker answers there)
  gl_FragColor = vPickId.x > 0.5 ? vec4(pickModel, 0.0, 0.0, 0.0) / 255.0 : vec4(pickModel, vPickId.yzw) / 255.0;
  pickDepth = depthBytes(vViewDepth);
}`;

/**
 * Far away, Fragments draws small items as LOD lines whose instances carry no item id. The id pass draws
 * them in this marker colour (their own vertex shader, so they cover what they cover on screen): a click
 * there is answered by the worker's raycast, never by whatever stands behind the line.
 */
const LOD_MARKER = 254;
export const LOD_FRAGMENT = /* glsl */ `
${DEPTH_OUT}
#include <clipping_planes_pars_fragment>
void main() {
  #include <clipping_planes_fragment>
  gl_FragColor = vec4(${LOD_MARKER}.0 / 255.0);
  pickDepth = vec4(1.0);
}`;

/**
 * Decode four bytes of a pick target (pure): PICK_NOTHING, PICK_UNKNOWN or a pick code (the model's index ×
 * PICK_MODEL_SPAN + the item id; with one model, the item id).
 */
export function decodePickPixel(pixel: ArrayLike<number>, offset = 0): number {
  const b0 = pixel[offset] ?? 0;
  const b1 = pixel[offset + 1] ?? 0;
  const b2 = pixel[offset + 2] ?? 0;
  const b3 = pixel[offset + 3] ?? 0;
  if (b0 === 255 && b1 === 255 && b2 === 255 && b3 === 255) return PICK_NOTHING;
  if (b0 === LOD_MARKER && b1 === LOD_MARKER && b2 === LOD_MARKER && b3 === LOD_MARKER) return PICK_UNKNOWN;
  const item = b1 * 65536 + b2 * 256 + b3;
  return item === 0 ? PICK_UNKNOWN : b0 * PICK_MODEL_SPAN + item - 1;
}

/** The view depth in four bytes of the depth target (pure): null where nothing was drawn (the clear colour). */
export function decodeDepthPixel(pixel: ArrayLike<number>, offset = 0): number | null {
  const view = new DataView(new ArrayBuffer(4));
  for (let i = 0; i < 4; i++) view.setUint8(i, pixel[offset + i] ?? 0);
  const depth = view.getFloat32(0);
  return Number.isFinite(depth) && depth > 0 ? depth : null;
}

/**
 * The point at a view depth on the ray through a canvas point (pure): `ndc` the point in normalised device
 * coordinates, `depth` the distance in front of the camera along its view axis. Perspective and orthographic.
 */
export function pointAtDepth(
  camera: THREE.PerspectiveCamera | THREE.OrthographicCamera,
  ndc: { x: number; y: number },
  depth: number,
): THREE.Vector3 {
  // the pixel's line between the near and the far plane, in view space: a straight line in both projections
  const near = new THREE.Vector3(ndc.x, ndc.y, -1).applyMatrix4(camera.projectionMatrixInverse);
  const far = new THREE.Vector3(ndc.x, ndc.y, 1).applyMatrix4(camera.projectionMatrixInverse);
  const t = (-depth - near.z) / (far.z - near.z);
  return near.lerp(far, t).applyMatrix4(camera.matrixWorld);
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
