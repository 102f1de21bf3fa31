import { vi } from 'vitest';
import type { ModelViewer, PdfViewer } from '@penstock/viewer';
import type { ViewerEngine } from '../engine.tsx';
import { fakeAppearance } from './fakeAppearance.ts';
import { fakeSections } from './fakeSections.ts';
import { fakeMeasure } from './fakeMeasure.ts';

/** A stand-in for the WebGL viewer (jsdom has none): records calls, lets tests fire selections. */
export function fakeModelViewer() {
  let listener: ((localId: number | null) => void) | null = null;
  let isolated = 10;
  const hidden = new Set<number>();
  let plan: string | null = null;
  const viewer = {
    load: vi.fn(async (_bytes: ArrayBuffer, _modelId: string) => undefined),
    fit: vi.fn(async () => undefined),
    onSelect: vi.fn((callback: (localId: number | null) => void) => {
      listener = callback;
      return () => {
        listener = null;
      };
    }),
    select: vi.fn(async (_ids: readonly number[]) => undefined),
    selected: vi.fn(() => []),
    isolate: vi.fn(async (ids: readonly number[] | null) => {
      isolated = ids === null ? 10 : ids.length;
    }),
    hide: vi.fn(async (ids: readonly number[], hide: boolean) => {
      for (const id of ids) {
        if (hide) hidden.add(id);
        else hidden.delete(id);
      }
    }),
    hidden: vi.fn((): readonly number[] => [...hidden]),
    visibleCount: vi.fn(() => Math.max(0, isolated - hidden.size)),
    pick: vi.fn(async (): Promise<number | null> => null),
    storeys: vi.fn(async () => [
      { name: 'Ground Floor', elevation: 0 },
      { name: 'First Floor', elevation: 4.5 },
    ]),
    showPlan: vi.fn(async (storeyName: string | null) => {
      plan = storeyName;
    }),
    plan: vi.fn(() => plan),
    federation: {
      list: vi.fn(() => []),
      look: vi.fn(() => ({ colour: null, opacity: 1 })),
      add: vi.fn(async () => undefined),
      remove: vi.fn(async () => undefined),
      update: vi.fn(async () => undefined),
      restore: vi.fn(async () => undefined),
      onChange: vi.fn(() => () => undefined),
      alignedBy: vi.fn(() => null),
      onLoading: vi.fn(() => () => undefined),
      setGeoreferenceSource: vi.fn(),
    },
    setModelSource: vi.fn(),
    setItemIndexSource: vi.fn(),
    setObjectIdSource: vi.fn(),
    fitModel: vi.fn(async () => undefined),
    fitObjects: vi.fn(async () => undefined),
    pickObject: vi.fn(async () => null),
    takeClicks: vi.fn(),
    selectedObjects: vi.fn(() => []),
    selectObjects: vi.fn(async () => undefined),
    sections: fakeSections(),
    measurements: fakeMeasure().tool,
    appearance: fakeAppearance(),
    screenshot: vi.fn(() => 'data:image/png;base64,'),
    viewerState: vi.fn(() => ({
      version: 1 as const,
      kind: '3d' as const,
      camera: { position: { x: 10, y: 10, z: 10 }, target: { x: 0, y: 0, z: 0 } },
      plan,
      selection: [],
    })),
    storedViewerState: vi.fn(async () => ({
      version: 3 as const,
      kind: '3d' as const,
      camera: { position: { x: 10, y: 10, z: 10 }, target: { x: 0, y: 0, z: 0 } },
      plan,
      selection: [],
    })),
    restoreViewerState: vi.fn(async () => undefined),
    pickPoint: vi.fn(async () => null),
    toScreen: vi.fn(() => ({ x: 100, y: 100 })),
    setItemIndex: vi.fn(),
    pickReady: vi.fn(() => true),
    drawnObjects: vi.fn(() => null),
    settled: vi.fn(() => true),
    screenPoints: vi.fn(async (ids: readonly number[]) => ids.map(() => null)),
    onViewChange: vi.fn(() => () => undefined),
    resize: vi.fn(),
    dispose: vi.fn(),
  } satisfies ModelViewer;
  return { viewer, click: (localId: number | null) => listener?.(localId) };
}

export function fakePdfViewer(pageCount: number) {
  let pageIndex = 0;
  let zoom = 1;
  const viewer = {
    open: vi.fn(async () => undefined),
    get pageCount() {
      return pageCount;
    },
    get pageIndex() {
      return pageIndex;
    },
    showPage: vi.fn(async (index: number) => {
      pageIndex = index;
    }),
    next: vi.fn(async () => undefined),
    previous: vi.fn(async () => undefined),
    get zoom() {
      return zoom;
    },
    setZoom: vi.fn(async (value: number) => {
      zoom = value;
    }),
    onChange: vi.fn(() => () => undefined),
    pageElement: vi.fn(() => document.createElement('canvas')),
    toPagePoint: vi.fn(() => ({ x: 0.5, y: 0.5 })),
    textAt: vi.fn(async (): Promise<string | null> => null),
    locateText: vi.fn(async (): Promise<{ clientX: number; clientY: number } | null> => null),
    viewerState: vi.fn(() => ({
      version: 1 as const,
      kind: 'pdf' as const,
      page: pageIndex,
      zoom,
      scroll: { left: 0, top: 0 },
    })),
    restoreViewerState: vi.fn(async () => undefined),
    dispose: vi.fn(),
  } satisfies PdfViewer;
  return viewer;
}

export function fakeEngine(model = fakeModelViewer(), pdf = fakePdfViewer(3)): ViewerEngine {
  return {
    createModelViewer: vi.fn(async () => model.viewer),
    createPdfViewer: vi.fn(async () => pdf),
  };
}
