/**
 * How the 3D view is drawn on this machine. A browser without a GPU (a virtual desktop, a locked-down
 * laptop, headless test machines) draws WebGL on the CPU with SwiftShader or llvmpipe, where multisampling
 * multiplies the cost of every frame: on the 100k-object plant the page froze 3.1–3.4 s after its first
 * frame with it, 2.2 s without (docs/viewer-speed.md). There the edges are left unsmoothed; a real GPU keeps
 * them smooth.
 */

/** Renderer names of WebGL drawn on the CPU. */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render driver|mesa offscreen/i;

/** Whether a WebGL renderer's name is a CPU rasteriser (pure). */
export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERERS.test(name);
}

let probed: boolean | null = null;

/** The name of the browser's WebGL renderer, read once from a throwaway context ('' when unknown). */
function rendererName(): string {
  if (typeof document === 'undefined') return '';
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
  if (!gl) return '';
  try {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
    return typeof name === 'string' ? name : '';
  } finally {
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}

/** Whether this browser draws WebGL on the CPU (asked once per page). */
export function drawsOnCpu(): boolean {
  probed ??= isSoftwareRenderer(rendererName());
  return probed;
}
