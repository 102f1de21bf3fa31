import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describeChildEnd, forkWorkChild, type WorkChild } from '../workers/childProcess.ts';
import type { ExtractedViewable } from './ifcExtract.ts';
import type { WorkerInput, WorkerMessage } from './conversion.messages.ts';
import type { ModelGeoreference } from '@penstock/shared';

const require = createRequire(import.meta.url);
/** web-ifc's folder (its .wasm files sit next to its entry point): nothing is fetched from a CDN. */
export const WEB_IFC_DIR = `${path.dirname(require.resolve('web-ifc'))}/`;

/**
 * A conversion process started ahead of need: loading tsx, web-ifc and That Open in a new process takes about
 * a second, which small models would otherwise pay on every job. One waits, unreferenced (it never keeps the
 * server alive), and takes its job by message; each job still gets a fresh process (a crash, an abort or
 * running out of memory only fails that job) and the next spare starts when a job ends.
 */
let spare: WorkChild | null = null;
/** resolves when the spare process has loaded its libraries (or is gone) */
let spareReady: Promise<void> = Promise.resolve();
/** The conversion process's semi-space (V8's default young generation is about 16 MB on this machine). */
const CONVERSION_SEMI_SPACE_MB = 32;
/** How long after a job the next spare process is started. */
const SPARE_DELAY_MS = 15_000;

/**
 * The JavaScript heap a conversion process may use (PENSTOCK_CONVERSION_MEMORY_MB): by default half the
 * machine's memory, between 2 and 16 GB. Past it the process dies (V8's fatal heap error) and the job fails
 * with the reason; the server goes on.
 */
export const defaultConversionMemoryMb = (): number =>
  Math.min(16_384, Math.max(2_048, Math.floor(os.totalmem() / 2 / 1024 / 1024)));
let conversionMemoryMb = defaultConversionMemoryMb();

/** Sets the heap limit of the conversion processes started from now on (the job queue calls this first). */
export function setConversionMemoryMb(mb: number): void {
  if (mb === conversionMemoryMb) return;
  conversionMemoryMb = mb;
  // a spare started with the old limit is replaced
  const old = spare;
  spare = null;
  old?.kill();
}

const CHILD = new URL('./conversion.child.ts', import.meta.url);

/**
 * The scratch files a failed conversion process left (its index file and .frag, named with its process id):
 * one that died or was killed while writing them could not remove them itself. A file already handed over
 * ('index' came) is removed by whoever took it.
 */
function removeScratchOf(scratchDir: string, pid: number | undefined, handedOver: string | null): void {
  if (pid === undefined) return;
  try {
    for (const name of fs.readdirSync(scratchDir))
      if ((name.startsWith(`index-${pid}-`) && name !== handedOver) || name.startsWith(`frag-${pid}-`))
        fs.rmSync(path.join(scratchDir, name), { force: true });
  } catch {
    // a scratch folder that cannot be listed holds nothing of ours to remove
  }
}

function startChild(): WorkChild {
  const work = forkWorkChild(CHILD, {
    heapMb: conversionMemoryMb,
    // a conversion allocates millions of short-lived line objects: a larger young generation lets most of
    // them die there instead of being promoted and swept by full collections (about 8% off a 50k plant)
    semiSpaceMb: CONVERSION_SEMI_SPACE_MB,
    typescript: true,
  });
  work.ref(false);
  return work;
}

/** Start the spare conversion process unless one is waiting (the job queue calls this when it starts). */
export function warmConversionWorker(): void {
  if (spare && !spare.ended()) return;
  const work = startChild();
  spare = work;
  spareReady = new Promise<void>((resolve) => {
    const ready = (message: WorkerMessage) => {
      if (message.type !== 'ready') return;
      work.child.off('message', ready);
      resolve();
    };
    work.child.on('message', ready);
    // a spare that dies while waiting is simply replaced by the next job
    work.child.once('exit', () => {
      if (spare === work) spare = null;
      resolve();
    });
  });
}

/** Stops the spare process (a server closing, or tests ending). */
export function stopConversionWorker(): void {
  const old = spare;
  spare = null;
  old?.kill();
}

/**
 * Resolves once the spare process, if one is starting, has loaded its libraries: what a job started now
 * pays is the conversion itself (the model bench waits for this, as a server does between uploads).
 */
export const conversionWorkerReady = (): Promise<void> => spareReady;

/**
 * The conversion process died (a signal, an abort, out of memory): the job is worth one more try, in a fresh
 * process, unlike a file the conversion refused.
 */
export class ConversionCrash extends Error {}

export interface ConversionIndex {
  /** the scratch SQLite file of its rows (indexStaging.repo.ts): whoever takes the index removes it */
  stagingPath: string;
  rowCount: number;
  /** the rows that are objects (not the spatial structure) */
  objectCount: number;
  viewables: ExtractedViewable[];
  /** where the model sits in the world (ifcGeoreference.ts), null when its IFC says nothing */
  georeference: ModelGeoreference | null;
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
 * Converts one IFC file in a child process. The process is killed when it fails, when it runs past the time
 * limit, or when it is cancelled; its death (even out of memory, even glibc aborting) only fails this job,
 * with a ConversionCrash the caller may retry.
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
  const work = spare && !spare.ended() ? spare : startChild();
  spare = null;
  work.ref(true);
  const { child } = work;
  child.send(input);
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
      child.removeAllListeners('message');
      work.kill();
      // the next job's process starts a little later, while this server waits for work (not during this job
      // nor in the busy moment right after it); a job queued meanwhile starts its own
      setTimeout(warmConversionWorker, SPARE_DELAY_MS).unref();
      if (error) {
        removeScratchOf(options.scratchDir, child.pid, handedOver);
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
    let delivered = false;
    /** the index file's name once the process named it: the job's to remove from then on */
    let handedOver: string | null = null;
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') return;
      if (message.type === 'progress') options.onProgress?.(message.value);
      else if (message.type === 'index') {
        handedOver = path.basename(message.stagingPath);
        indexed({
          stagingPath: message.stagingPath,
          rowCount: message.rowCount,
          objectCount: message.objectCount,
          viewables: message.viewables,
          georeference: message.georeference ?? null,
        });
      } else if (message.type === 'done') {
        // read without blocking the server's thread: a large model's .frag is tens of megabytes
        const { fragPath } = message;
        delivered = true;
        fs.promises
          .readFile(fragPath)
          .then(
            (bytes) => finish(null, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
            (error: Error) => finish(new Error(`The conversion's .frag could not be read: ${error.message}`)),
          )
          .finally(() => fs.rmSync(fragPath, { force: true }));
      } else finish(new Error(message.error));
    });
    child.once('exit', (code, signal) => {
      // the .frag is written: a process ending now has done its job
      if (delivered) return;
      // the exit can come before the last of the process's output: give stderr a moment
      setImmediate(() => {
        const end = describeChildEnd(code, signal, work.stderrTail());
        finish(
          new ConversionCrash(
            end.kind === 'memory'
              ? `The model needs more memory than a conversion may use (${conversionMemoryMb} MB): an administrator can raise PENSTOCK_CONVERSION_MEMORY_MB`
              : `The conversion process crashed (${end.how}${end.detail ? `: ${end.detail}` : ''})`,
          ),
        );
      });
    });
  });
  // likewise, whoever stops at a failed index never waits for the result
  result.catch(() => {});
  return { index, result, cancel: (reason) => cancel(reason) };
}
