import { FragmentsModels } from '@thatopen/fragments';

/**
 * Fragments workers started ahead of need. Starting one (fetching and compiling the worker script) is a
 * fixed cost of a few hundred milliseconds on every model opened; a spare started while the user browses
 * takes it out of the first model's load, and the next spare starts once a model is drawn and the page is
 * idle, so a second tab finds a warm worker too. Each viewer owns (and disposes) the worker it took.
 */
const spares = new Map<string, FragmentsModels>();

/** Start a spare worker for this worker script unless one is waiting already. */
export function warmFragmentsWorker(workerUrl: string): void {
  if (!spares.has(workerUrl)) spares.set(workerUrl, new FragmentsModels(workerUrl));
}

/** A started worker for a new viewer: the spare when there is one (see warmFragmentsWorker for the next). */
export function takeFragmentsWorker(workerUrl: string): FragmentsModels {
  const spare = spares.get(workerUrl);
  spares.delete(workerUrl);
  return spare ?? new FragmentsModels(workerUrl);
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
