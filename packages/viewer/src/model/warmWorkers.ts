import { FragmentsModels, type FragmentsModel } from '@thatopen/fragments';

/**
 * Fragments instances started ahead of need, and the model a user is about to open loaded into one.
 *
 * That Open's FragmentsModels spawns its worker thread on the first request for a model, so a spare
 * instance alone saves little; what costs is fetching and compiling the worker and parsing the model. The
 * project browser waits out the spec's 300 ms double-click window before it opens a tab: the model is
 * preloaded into the spare meanwhile (`preloadFragmentsModel`), and the tab's viewer takes the spare with
 * the model already parsed. The next spare starts once a model is drawn and the page is idle. Each viewer
 * owns (and disposes) the instance it took.
 */
export interface FragmentsSpare {
  models: FragmentsModels;
  /** a model loaded ahead of its viewer, by its model id */
  preloaded: {
    modelId: string;
    model: Promise<FragmentsModel>;
    /** its items with geometry (asked right after the load, before any tile is streamed) */
    withGeometry: Promise<number[]>;
  } | null;
}

const spares = new Map<string, FragmentsSpare>();

/** Start a spare Fragments instance for this worker script unless one is waiting already. */
export function warmFragmentsWorker(workerUrl: string): void {
  if (!spares.has(workerUrl))
    spares.set(workerUrl, { models: new FragmentsModels(workerUrl), preloaded: null });
}

/**
 * Load a model into the spare before its viewer exists (the bytes are handed to the worker). One model per
 * spare: a second preload before a viewer takes the first is ignored.
 */
export function preloadFragmentsModel(workerUrl: string, modelId: string, bytes: ArrayBuffer): void {
  warmFragmentsWorker(workerUrl);
  const spare = spares.get(workerUrl)!;
  if (spare.preloaded) return;
  const model = spare.models.load(bytes, { modelId });
  const withGeometry = model.then((loaded) => loaded.getItemsIdsWithGeometry());
  // a failed preload is loaded again by the viewer, which reports its own failure
  withGeometry.catch(() => undefined);
  spare.preloaded = { modelId, model, withGeometry };
}

/** A started instance for a new viewer: the spare (with its preloaded model) when there is one. */
export function takeFragmentsWorker(workerUrl: string): FragmentsSpare {
  const spare = spares.get(workerUrl);
  spares.delete(workerUrl);
  return spare ?? { models: new FragmentsModels(workerUrl), preloaded: null };
}

/**
 * Start the next spare once the page is idle: after a model is drawn, so compiling the worker never
 * competes with a load.
 */
export function warmFragmentsWorkerWhenIdle(workerUrl: string): void {
  const start = () => warmFragmentsWorker(workerUrl);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 10_000 });
  else setTimeout(start, 2000);
}
