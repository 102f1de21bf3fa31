/**
 * The page's end-to-end handles (apps/web/src/features/viewer/testHook.ts), as the tests see them: the
 * selected tab's 3D viewer and PDF viewer.
 */
export interface ViewerHook {
  ready: boolean;
  objectCount: number;
  visibleCount(): number;
  selectByTag(tag: string): Promise<number>;
  tags(): string[];
  viewerState(): {
    camera: { position: { x: number; y: number; z: number }; target: { x: number; y: number; z: number } };
    selection: number[];
  };
  pickReady(): boolean;
  settled(): boolean;
  clickTargets(count: number): Promise<{ localId: number; tag: string; clientX: number; clientY: number }[]>;
}

export interface PdfHook {
  locateText(text: string): Promise<{ clientX: number; clientY: number } | null>;
}

declare global {
  interface Window {
    __penstockViewer?: ViewerHook;
    __penstockPdf?: PdfHook;
  }
}
