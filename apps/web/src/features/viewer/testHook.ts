import type { ModelViewerState } from '@penstock/viewer';

/** The handle end-to-end tests use to drive the selected tab's 3D viewer (set once a model is drawn). */
export interface PenstockViewerHook {
  ready: boolean;
  /** Select (and frame) the objects with this tag, open their properties; resolves to how many matched. */
  selectByTag(tag: string): Promise<number>;
  visibleCount(): number;
  objectCount: number;
  /** every distinct tag in the model's object index */
  tags(): string[];
  /** the camera and the selected objects (to see what a click selected and framed) */
  viewerState(): ModelViewerState;
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
