/**
 * Builds report PDFs in worker threads so that a long report (thousands of asset rows) never blocks the
 * API thread. One worker per report, at most MAX_REPORT_WORKERS at a time (others wait their turn); a
 * worker running past its time limit, or one whose caller gives up, is terminated.
 */
import { Worker } from 'node:worker_threads';
import type { ReportModel } from './reportModel.ts';
import type { ReportWorkerMessage } from './reportWorker.ts';

/** reports built at the same time; more wait in a queue (each worker holds a whole report in memory) */
export const MAX_REPORT_WORKERS = 2;
/** the heap one report may use before its worker is stopped */
const WORKER_HEAP_MB = 1024;

export interface RenderReportOptions {
  /** time limit of the build itself, from the worker's start (waiting for a free slot is not counted) */
  timeoutMs: number;
  /** gives up: the queued job is dropped or the running worker terminated; the promise rejects */
  signal?: AbortSignal;
}

/** '90', '2.5', '0.05': whole seconds from 10 s up, two significant digits below. */
export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return seconds >= 10 ? String(Math.round(seconds)) : String(Number(seconds.toPrecision(2)));
}

let running = 0;
const waiting: Array<() => void> = [];

/** Resolves when a worker slot is free; the returned function gives the slot back (once). */
function acquireSlot(signal?: AbortSignal): Promise<() => void> {
  return new Promise((resolve, reject) => {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      running -= 1;
      waiting.shift()?.();
    };
    const start = () => {
      signal?.removeEventListener('abort', onAbort);
      running += 1;
      resolve(release);
    };
    const onAbort = () => {
      const index = waiting.indexOf(start);
      if (index >= 0) waiting.splice(index, 1);
      reject(abortError(signal));
    };
    if (signal?.aborted) return reject(abortError(signal));
    if (running < MAX_REPORT_WORKERS) return start();
    waiting.push(start);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error && reason.name !== 'AbortError'
    ? reason
    : new Error('The report was cancelled');
}

/**
 * Builds the report's PDF in a worker thread. Rejects with 'The report took longer than N s' past
 * `timeoutMs`, with the builder's error when the report cannot be built, and when `signal` aborts.
 */
export async function renderReportInWorker(
  model: ReportModel,
  options: RenderReportOptions,
): Promise<Buffer> {
  const release = await acquireSlot(options.signal);
  try {
    return await runWorker(model, options);
  } finally {
    release();
  }
}

function runWorker(model: ReportModel, options: RenderReportOptions): Promise<Buffer> {
  // the worker is TypeScript too: register tsx in it first, whatever started this process
  const entry = new URL('./reportWorker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(bootstrap, {
    eval: true,
    workerData: model,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, pdf?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (error) reject(error);
      else resolve(pdf!);
    };
    const timer = setTimeout(
      () => finish(new Error(`The report took longer than ${formatSeconds(options.timeoutMs)} s`)),
      options.timeoutMs,
    );
    const onAbort = () => finish(abortError(options.signal));
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: ReportWorkerMessage) => {
      if (message.type === 'done')
        finish(null, Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
      else finish(new Error(`The report could not be built: ${message.error}`));
    });
    worker.on('error', (error: Error & { code?: string }) =>
      finish(
        new Error(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `The report needed more than ${WORKER_HEAP_MB} MB of memory`
            : `The report could not be built: ${error.message}`,
        ),
      ),
    );
    worker.on('exit', (code) =>
      finish(new Error(`The report worker stopped unexpectedly (exit code ${code})`)),
    );
  });
}
