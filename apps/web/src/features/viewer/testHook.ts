import type { ModelViewer, ModelViewerState } from '@penstock/viewer';

/** The handle end-to-end tests use to drive the selected tab's 3D viewer (set once a model is drawn). */
export interface PenstockViewerHook {
  ready: boolean;
  /** the viewer itself: its tools (federation, sections, measurements, appearance) for tests and benches */
  viewer: ModelViewer;
  /** Select (and frame) the objects with this tag, open their properties; resolves to how many matched. */
  selectByTag(tag: string): Promise<number>;
  visibleCount(): number;
  objectCount: number;
  /** every distinct tag in the model's object index */
  tags(): string[];
  /** the camera and the selected objects (to see what a click selected and framed) */
  viewerState(): ModelViewerState;
  /** whether a click is answered from the GPU id buffer now (the view has settled) */
  pickReady(): boolean;
  /** nothing under way in the viewer: no frame to draw, no click being answered, the id buffer ready */
  settled(): boolean;
  /** the object a click at this client point would select (what the GPU pick, or the worker, finds) */
  pick(clientX: number, clientY: number): Promise<number | null>;
  /**
   * Up to `count` objects spread over those drawn (once the view has settled: Fragments leaves out objects
   * of a few pixels on screen) with a point to click each (client coordinates: the centre of the pixel
   * where the object's centre is drawn, or of a pixel beside it), kept only where the engine's own raycast
   * (the Fragments worker) finds that object at that point and at the four pixels beside it: the centre of
   * a hollow or hidden object is not a place to click, nor an object's edge, where the GPU's rasteriser and
   * an exact ray may name either side. For benchmarks and tests.
   */
  clickTargets(count: number): Promise<{ localId: number; tag: string; clientX: number; clientY: number }[]>;
}

/** The handle end-to-end tests use on the selected tab's PDF viewer. */
export interface PenstockPdfHook {
  /** the client point where a text run (a P&ID tag) is drawn on the shown page */
  locateText(text: string): Promise<{ clientX: number; clientY: number } | null>;
}

declare global {
  interface Window {
    __penstockViewer?: PenstockViewerHook;
    __penstockPdf?: PenstockPdfHook;
  }
}

export function setPdfHook(hook: PenstockPdfHook): () => void {
  window.__penstockPdf = hook;
  return () => {
    if (window.__penstockPdf === hook) delete window.__penstockPdf;
  };
}

export function setViewerHook(hook: PenstockViewerHook): () => void {
  window.__penstockViewer = hook;
  return () => {
    if (window.__penstockViewer === hook) delete window.__penstockViewer;
  };
}
