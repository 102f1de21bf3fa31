import { createContext, useContext, type ReactNode } from 'react';
import type { ModelViewer, PdfViewer } from '@penstock/viewer';
import { preloadModelView } from './components/lazyModelView.ts';

/**
 * How the React parts get their viewers. The real engine loads the viewer package (three, That Open,
 * pdf.js) on first use and serves the workers from Penstock itself; tests give a fake (jsdom has no WebGL).
 */
export interface ViewerEngine {
  createModelViewer(container: HTMLElement): Promise<ModelViewer>;
  createPdfViewer(container: HTMLElement): Promise<PdfViewer>;
  /** fetch and compile the viewer code and start a worker ahead of the next model, while the user browses */
  preload?(): void;
}

export const browserEngine: ViewerEngine = {
  async createModelViewer(container) {
    const [{ createModelViewer }, { default: workerUrl }] = await Promise.all([
      import('@penstock/viewer'),
      import('@thatopen/fragments/worker?url'),
    ]);
    return createModelViewer(container, { workerUrl });
  },
  async createPdfViewer(container) {
    const [{ createPdfViewer }, { default: workerSrc }] = await Promise.all([
      import('@penstock/viewer'),
      import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
    ]);
    // the standard fonts are copied into the app by vite.config.ts (pdfStandardFonts)
    return createPdfViewer(container, { workerSrc, standardFontDataUrl: '/pdfjs/standard_fonts/' });
  },
  preload() {
    // the same dynamic imports as above: the browser keeps the modules, so the first model skips this wait;
    // a running Fragments worker is started too (unless one waits), so the next model does not wait for one
    void Promise.all([import('@penstock/viewer'), import('@thatopen/fragments/worker?url')])
      .then(([{ warmFragmentsWorker }, { default: workerUrl }]) => warmFragmentsWorker(workerUrl))
      .catch(() => {});
    void preloadModelView().catch(() => {});
  },
};

const ViewerEngineContext = createContext<ViewerEngine>(browserEngine);

export function ViewerEngineProvider({ engine, children }: { engine: ViewerEngine; children: ReactNode }) {
  return <ViewerEngineContext.Provider value={engine}>{children}</ViewerEngineContext.Provider>;
}

export const useViewerEngine = (): ViewerEngine => useContext(ViewerEngineContext);
