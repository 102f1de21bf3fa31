/**
 * PDFs built in worker threads, so that a long report or a large sketch never blocks the API thread: one
 * worker per PDF, at most `maxWorkers` at a time per pool (others wait their turn); a worker running past
 * its time limit, past its heap, or whose caller gives up, is terminated. The worker side is
 * `answerWithPdf`. Used by the report engine (modules/projectData/report/renderInWorker.ts) and the sketch export.
 */
import { Worker, parentPort, workerData } from 'node:worker_threads';

export type PdfWorkerMessage =
  { type: 'done'; pdf: Uint8Array } | { type: 'failed'; error: string; badInput: boolean };

/** Why a PDF was not built; each pool words its own errors from it. */
export type PdfWorkerFailure =
  | { kind: 'timeout'; seconds: string }
  | { kind: 'memory'; heapMb: number }
  | { kind: 'failed'; message: string; badInput: boolean }
  | { kind: 'exit'; code: number };

export interface PdfWorkerPoolOptions {
  /** the worker module (TypeScript: tsx is registered in the worker first) */
  entry: URL;
  maxWorkers: number;
  /** the heap one PDF may use before its worker is stopped */
  heapMb: number;
  error: (failure: PdfWorkerFailure) => Error;
  /** the message when the caller gives up */
  cancelled: string;
}

export interface PdfRunOptions {
  /** time limit of the build itself, from the worker's start (waiting for a free slot is not counted) */
  timeoutMs: number;
  /** gives up: the queued job is dropped or the running worker terminated; the promise rejects */
  signal?: AbortSignal | undefined;
}

/** '90', '2.5', '0.05': whole seconds from 10 s up, two significant digits below. */
export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return seconds >= 10 ? String(Math.round(seconds)) : String(Number(seconds.toPrecision(2)));
}

export class PdfWorkerPool<Input> {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly options: PdfWorkerPoolOptions) {}

  /** The PDF built from `input` in a worker; rejects with the pool's wording of what went wrong. */
  async run(input: Input, options: PdfRunOptions): Promise<Buffer> {
    const release = await this.acquireSlot(options.signal);
    try {
      return await this.runWorker(input, options);
    } finally {
      release();
    }
  }

  private abortError(signal?: AbortSignal): Error {
    const reason: unknown = signal?.reason;
    return reason instanceof Error && reason.name !== 'AbortError'
      ? reason
      : new Error(this.options.cancelled);
  }

  /** Resolves when a worker slot is free; the returned function gives the slot back (once). */
  private acquireSlot(signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        this.running -= 1;
        this.waiting.shift()?.();
      };
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        this.running += 1;
        resolve(release);
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(start);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(this.abortError(signal));
      };
      if (signal?.aborted) return reject(this.abortError(signal));
      if (this.running < this.options.maxWorkers) return start();
      this.waiting.push(start);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private runWorker(input: Input, { timeoutMs, signal }: PdfRunOptions): Promise<Buffer> {
    const { entry, heapMb, error: wording } = this.options;
    const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    return new Promise<Buffer>((resolve, reject) => {
      let settled = false;
      const finish = (error: Error | null, pdf?: Buffer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        void worker.terminate();
        if (error) reject(error);
        else resolve(pdf!);
      };
      const timer = setTimeout(
        () => finish(wording({ kind: 'timeout', seconds: formatSeconds(timeoutMs) })),
        timeoutMs,
      );
      const onAbort = () => finish(this.abortError(signal));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (message: PdfWorkerMessage) => {
        if (message.type === 'done')
          finish(null, Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
        else finish(wording({ kind: 'failed', message: message.error, badInput: message.badInput }));
      });
      worker.on('error', (error: Error & { code?: string }) =>
        finish(
          wording(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? { kind: 'memory', heapMb }
              : { kind: 'failed', message: error.message, badInput: false },
          ),
        ),
      );
      worker.on('exit', (code) => finish(wording({ kind: 'exit', code })));
    });
  }
}

/**
 * In a worker started by a PdfWorkerPool: build the PDF from the worker's input and post its bytes back
 * (transferred, not copied). `isBadInput` tells the caller's mistakes from the builder's.
 */
export async function answerWithPdf<Input>(
  build: (input: Input) => Promise<Buffer>,
  isBadInput: (error: unknown) => boolean = () => false,
): Promise<void> {
  const post = (message: PdfWorkerMessage, transfer: ArrayBuffer[] = []) =>
    parentPort!.postMessage(message, transfer);
  try {
    const pdf = await build(workerData as Input);
    // a Buffer may be a view on a larger (pooled) ArrayBuffer: send exactly the PDF's bytes
    const bytes =
      pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength
        ? new Uint8Array(pdf.buffer, 0, pdf.byteLength)
        : new Uint8Array(pdf);
    post({ type: 'done', pdf: bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    post({
      type: 'failed',
      error: error instanceof Error ? error.message : String(error),
      badInput: isBadInput(error),
    });
  }
}
