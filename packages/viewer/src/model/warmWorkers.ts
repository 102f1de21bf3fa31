import { FragmentsModels } from '@thatopen/fragments';

/**
 * Fragments workers started ahead of need. FragmentsModels starts its worker (fetching and compiling the
 * worker script: most of a small model's load on this machine) only when the first model loads. A spare
 * whose worker is already running, started while the user browses (the app asks for one when a project is
 * chosen and as the pointer comes to the project browser), takes that out of the model's load. None is
 * started after a model is drawn: a running worker costs memory, and the user is then working in the
 * model. Each viewer owns (and disposes) the spare it took.
 *
 * A spare's models load into one thread group of a single worker (VIEWER_THREAD_GROUP): with the group's
 * one worker started, FragmentsModels routes the load to it rather than starting another. That worker is
 * started through FragmentsModels' connection (internals of @thatopen/fragments 3.4, pinned in the stack
 * guide): if they change, startWorker does nothing and the worker starts at the load, as before.
 */
const spares = new Map<string, FragmentsModels>();

/** The thread group a viewer's model loads into (`load(…, { threadGroup })`). */
export const VIEWER_THREAD_GROUP = 'viewer';
/** The id the worker is started under before any model; let go at once (amount 0, routing kept). */
const WARM_MODEL_ID = '__penstock-warm-worker__';

/** What startWorker and stopIdleWorkers use of FragmentsModels' connection (not public API). */
interface Connection {
  setModelThreadGroup(modelId: string, group: string | undefined): void;
  setupNewThread(input: { modelId: string }): unknown;
  _data: {
    deleteModel(modelId: string): void;
    deleteThread(thread: Worker): void;
    _threadsModelAmount: Map<Worker, number>;
  };
}

function connectionOf(models: FragmentsModels): Connection | null {
  const connection = (models as unknown as { _connection?: Partial<Connection> })._connection;
  const data = connection?._data;
  return connection &&
    typeof connection.setModelThreadGroup === 'function' &&
    typeof connection.setupNewThread === 'function' &&
    data &&
    typeof data.deleteModel === 'function' &&
    typeof data.deleteThread === 'function' &&
    data._threadsModelAmount instanceof Map
    ? (connection as Connection)
    : null;
}

/** A FragmentsModels with the viewer's thread group (one worker). */
export const newFragmentsModels = (workerUrl: string): FragmentsModels =>
  new FragmentsModels(workerUrl, { threadGroups: { [VIEWER_THREAD_GROUP]: 1 } });

/** Start the viewer group's worker now, holding no model. */
function startWorker(models: FragmentsModels): void {
  const connection = connectionOf(models);
  if (!connection) return;
  try {
    connection.setModelThreadGroup(WARM_MODEL_ID, VIEWER_THREAD_GROUP);
    connection.setupNewThread({ modelId: WARM_MODEL_ID });
    connection._data.deleteModel(WARM_MODEL_ID);
  } catch {
    // started at the first load instead
  }
}

/**
 * Stop the workers that hold no model (a spare's worker whose viewer closed before loading one):
 * FragmentsModels stops a worker when its last model goes, and this one never had one.
 */
export function stopIdleWorkers(models: FragmentsModels): void {
  const connection = connectionOf(models);
  if (!connection) return;
  for (const [thread, amount] of [...connection._data._threadsModelAmount]) {
    if (amount === 0) connection._data.deleteThread(thread);
  }
}

/** Start a spare (its worker running) for this worker script unless one is waiting already. */
export function warmFragmentsWorker(workerUrl: string): void {
  if (spares.has(workerUrl)) return;
  const models = newFragmentsModels(workerUrl);
  startWorker(models);
  spares.set(workerUrl, models);
}

/** A started worker for a new viewer: the spare when there is one (see warmFragmentsWorker for the next). */
export function takeFragmentsWorker(workerUrl: string): FragmentsModels {
  const spare = spares.get(workerUrl);
  spares.delete(workerUrl);
  return spare ?? newFragmentsModels(workerUrl);
}
