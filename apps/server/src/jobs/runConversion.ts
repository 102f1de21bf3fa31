import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ExtractedViewable } from './ifcExtract.ts';
import type { ObjectRow } from './objectRows.ts';
import type { WorkerInput, WorkerMessage } from './conversion.messages.ts';

const require = createRequire(import.meta.url);
/** web-ifc's folder (its .wasm files sit next to its entry point): nothing is fetched from a CDN. */
export const WEB_IFC_DIR = `${path.dirname(require.resolve('web-ifc'))}/`;

/**
 * A conversion worker started ahead of need: loading tsx, web-ifc and That Open in a new thread takes about
 * a second, which small models would otherwise pay on every job. One waits, unreferenced (it never keeps
 * the process alive), and takes its job by message; each job still gets a fresh worker (a crash, even out
 * of memory, only fails that job) and the next spare starts when a job ends.
 */
let spare: Worker | null = null;
/** resolves when the spare worker has loaded its libraries (or is gone) */
let spareReady: Promise<void> = Promise.resolve();
/** The conversion worker's young generation (V8's default is about 16 MB on this machine). */
const CONVERSION_YOUNG_GENERATION_MB = 64;
/** How long after a job the next spare worker is started. */
const SPARE_DELAY_MS = 15_000;

/**
 * The JavaScript heap a conversion worker may use (PENSTOCK_CONVERSION_MEMORY_MB): by default half the
 * machine's memory, between 2 and 16 GB. With no limit of its own, a worker out of memory aborts the whole
 * server (V8's fatal heap error); with one, only the job fails, with the reason.
 */
export const defaultConversionMemoryMb = (): number =>
  Math.min(16_384, Math.max(2_048, Math.floor(os.totalmem() / 2 / 1024 / 1024)));
let conversionMemoryMb = defaultConversionMemoryMb();

/** Sets the heap limit of the conversion workers started from now on (the job queue calls this first). */
export function setConversionMemoryMb(mb: number): void {
  if (mb === conversionMemoryMb) return;
  conversionMemoryMb = mb;
  // a spare started with the old limit is replaced
  const old = spare;
  spare = null;
  if (old) void old.terminate();
}

function startWorker(): Worker {
  // the worker is TypeScript too: register tsx in it first, whatever started this process
  const entry = new URL('./conversion.worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(bootstrap, {
    eval: true,
    workerData: null,
    // a conversion allocates millions of short-lived line objects: a larger young generation lets most of
    // them die there instead of being promoted and swept by full collections (about 8% off a 50k plant)
    resourceLimits: {
      maxYoungGenerationSizeMb: CONVERSION_YOUNG_GENERATION_MB,
      maxOldGenerationSizeMb: conversionMemoryMb,
    },
    stdout: true,
    stderr: true,
  });
  // web-ifc logs parser complaints to the console: keep them out of the server's output
  worker.stdout.resume();
  worker.stderr.resume();
  worker.unref();
  return worker;
}

/** Start the spare conversion worker unless one is waiting (the job queue calls this when it starts). */
export function warmConversionWorker(): void {
  if (spare) return;
  const worker = startWorker();
  spare = worker;
  spareReady = new Promise<void>((resolve) => {
    const ready = (message: WorkerMessage) => {
      if (message.type !== 'ready') return;
      worker.off('message', ready);
      resolve();
    };
    worker.on('message', ready);
    // a spare that dies while waiting is simply replaced by the next job
    worker.once('exit', () => {
      if (spare === worker) spare = null;
      resolve();
    });
  });
  worker.once('error', () => undefined);
}

/**
 * Resolves once the spare worker, if one is starting, has loaded its libraries: what a job started now
 * pays is the conversion itself (the model bench waits for this, as a server does between uploads).
 */
export const conversionWorkerReady = (): Promise<void> => spareReady;

export interface ConversionIndex {
  rows: ObjectRow[];
  viewables: ExtractedViewable[];
}

export interface ConversionHandle {
  /** the object index: sent by the worker before it writes and compresses the .frag */
  index: Promise<ConversionIndex>;
  /** the .frag: the job is done (rejects when the job fails, even after its index came) */
  result: Promise<Uint8Array>;
  /** stop the worker now; the result rejects */
  cancel(reason: string): void;
}

/**
 * Converts one IFC file in a worker thread. The worker is terminated when it fails, when it runs past
 * the time limit, or when it is cancelled; a crash of the worker (even out of memory) only fails this job.
 */
export function runConversion(
  ifcPath: string,
  options: Omit<WorkerInput, 'ifcPath' | 'wasmDir'> & {
    timeoutMs: number;
    onProgress?: (fraction: number) => void;
  },
): ConversionHandle {
  const { timeoutMs: _timeout, onProgress: _progress, ...rest } = options;
  const input: WorkerInput = { ...rest, ifcPath, wasmDir: WEB_IFC_DIR };
  const worker = spare ?? startWorker();
  spare = null;
  worker.ref();
  worker.postMessage(input);
  let cancel: (reason: string) => void = () => {};
  let indexed: (index: ConversionIndex) => void = () => {};
  let indexFailed: (error: Error) => void = () => {};
  const index = new Promise<ConversionIndex>((resolve, reject) => {
    indexed = resolve;
    indexFailed = reject;
  });
  // a job that fails before its index is sent fails both; whoever waits for the result alone is told there
  index.catch(() => {});
  const result = new Promise<Uint8Array>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, frag?: Uint8Array) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      // the next job's worker starts a little later, while this server waits for work (not during this job
      // nor in the busy moment right after it); a job queued meanwhile starts its own
      setTimeout(warmConversionWorker, SPARE_DELAY_MS).unref();
      if (error) {
        indexFailed(error);
        reject(error);
      } else {
        // (a no-op once the index came, as it always does before the .frag)
        indexFailed(new Error('The conversion sent no object index'));
        resolve(frag!);
      }
    };
    const timer = setTimeout(
      () =>
        finish(
          new Error(`The conversion took longer than ${Math.round(options.timeoutMs / 60_000)} minutes`),
        ),
      options.timeoutMs,
    );
    cancel = (reason) => finish(new Error(reason));
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') return;
      if (message.type === 'progress') options.onProgress?.(message.value);
      else if (message.type === 'index') indexed({ rows: message.rows, viewables: message.viewables });
      else if (message.type === 'done') finish(null, message.frag);
      else finish(new Error(message.error));
    });
    worker.on('error', (error: Error & { code?: string }) =>
      finish(
        new Error(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `The model needs more memory than a conversion may use (${conversionMemoryMb} MB): an administrator can raise PENSTOCK_CONVERSION_MEMORY_MB`
            : `The conversion failed: ${error.message}`,
        ),
      ),
    );
    worker.on('exit', (code) => finish(new Error(`The conversion stopped unexpectedly (exit code ${code})`)));
  });
  // likewise, whoever stops at a failed index never waits for the result
  result.catch(() => {});
  return { index, result, cancel: (reason) => cancel(reason) };
}
