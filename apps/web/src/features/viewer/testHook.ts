/** The handle end-to-end tests use to drive the selected tab's 3D viewer (set once a model is drawn). */
export interface PenstockViewerHook {
  ready: boolean;
  /** Select (and frame) the objects with this tag, open their properties; resolves to how many matched. */
  selectByTag(tag: string): Promise<number>;
  visibleCount(): number;
  objectCount: number;
  /** every distinct tag in the model's object index */
  tags(): string[];
}

declare global {
  interface Window {
    __penstockViewer?: PenstockViewerHook;
  }
}

export function setViewerHook(hook: PenstockViewerHook): () => void {
  window.__penstockViewer = hook;
  return () => {
    if (window.__penstockViewer === hook) delete window.__penstockViewer;
  };
}
