import { describeChildEnd, forkWorkChild, type WorkChild } from '../../workers/childProcess.ts';
import type { CheckJobInput, CheckJobMessage, CheckJobResult } from './idsCheck.messages.ts';

const CHILD = new URL('./idsCheck.child.ts', import.meta.url);
/** How long after a job the next spare check process is started. */
const SPARE_DELAY_MS = 15_000;

/**
 * A check process started ahead of need (as the conversion keeps one): loading tsx, web-ifc and the IFC
 * schemas takes a few seconds, which every check would otherwise pay. It waits unreferenced (it never keeps
 * the server alive) and takes its job by message; each job still gets a fresh process.
 */
let spare: { work: WorkChild; heapMb: number; ready: boolean } | null = null;

function startChild(heapMb: number): { work: WorkChild; heapMb: number; ready: boolean } {
  const work = forkWorkChild(CHILD, { heapMb, typescript: true });
  const started = { work, heapMb, ready: false };
  const ready = (message: CheckJobMessage) => {
    if (message.type !== 'ready') return;
    started.ready = true;
    work.child.off('message', ready);
  };
  work.child.on('message', ready);
  return started;
}

/** Starts the spare check process unless one is waiting (the check jobs call it when they start). */
export function warmIdsCheckProcess(heapMb: number): void {
  if (spare && !spare.work.ended() && spare.heapMb === heapMb) return;
  spare?.work.kill();
  spare = startChild(heapMb);
  spare.work.ref(false);
}

/** Stops the spare process (a server closing). */
export function stopIdsCheckProcess(): void {
  spare?.work.kill();
  spare = null;
}

export interface CheckRunEvents {
  progress(checkId: string, fraction: number): void;
  /** one check's rows, to store (awaited before the next message is handled) */
  result(result: CheckJobResult): Promise<void>;
  /** one IDS could not be used */
  checkFailed(checkId: string, error: string): Promise<void>;
}

export interface CheckRunOptions {
  heapMb: number;
  timeoutMs: number;
}

/**
 * Checks one model against its IDS files in a child process (web-ifc's wasm on an untrusted file: a crash, an
 * abort or running out of memory ends that process only). Resolves when every check has its result or its own
 * failure; rejects with the reason when the model cannot be read or the process dies or runs too long (the
 * checks without a result then fail with it).
 */
export function runIdsChecks(
  input: CheckJobInput,
  events: CheckRunEvents,
  options: CheckRunOptions,
): { done: Promise<void>; cancel(reason: string): void } {
  const taken =
    spare && !spare.work.ended() && spare.heapMb === options.heapMb ? spare : startChild(options.heapMb);
  spare = null;
  const { work } = taken;
  work.ref(true);
  const { child } = work;
  let cancel: (reason: string) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.removeAllListeners('message');
      work.kill();
      // the next job's process starts a little later, while this server waits for work
      setTimeout(() => warmIdsCheckProcess(options.heapMb), SPARE_DELAY_MS).unref();
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(
      () => finish(new Error(`The check took longer than ${Math.round(options.timeoutMs / 60_000)} minutes`)),
      options.timeoutMs,
    );
    cancel = (reason) => finish(new Error(reason));
    // results are stored one at a time, in the order they came
    let chain = Promise.resolve();
    const then = (step: () => Promise<void>) => {
      chain = chain.then(step).catch((error: unknown) => finish(error as Error));
    };
    // a spare process that is ready is sent its job now; one still loading, when it says it is ready
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      child.send(input);
    };
    if (taken.ready) send();
    child.on('message', (message: CheckJobMessage) => {
      switch (message.type) {
        case 'ready':
          send();
          return;
        case 'progress':
          events.progress(message.checkId, message.value);
          return;
        case 'result':
          then(() => events.result(message.result));
          return;
        case 'checkFailed':
          then(() => events.checkFailed(message.checkId, message.error));
          return;
        case 'failed':
          finish(new Error(message.error));
          return;
        case 'done':
          then(async () => finish(null));
      }
    });
    child.once('exit', (code, signal) => {
      setImmediate(() => {
        const end = describeChildEnd(code, signal, work.stderrTail());
        finish(
          new Error(
            end.kind === 'memory'
              ? `The model needs more memory than a check may use (${options.heapMb} MB)`
              : `The check process crashed (${end.how}${end.detail ? `: ${end.detail}` : ''})`,
          ),
        );
      });
    });
  });
  done.catch(() => {});
  return { done, cancel: (reason) => cancel(reason) };
}
