/**
 * Work on untrusted files that loads wasm or native code (IFC conversion with web-ifc, PDF reading with
 * pdf.js) runs in a child process, never in a thread of the server (issue 31, item 0): a crash there (glibc's
 * `corrupted size vs. prev_size` and `Aborted`, a segmentation fault, V8 out of memory) ends that process
 * only; the server is told how it ended and fails or retries the job with the reason.
 *
 * The child is `node` with tsx (the server's own TypeScript), its own heap limit, an IPC channel with V8's
 * structured serialisation (typed arrays and Maps go through as they are), and its output kept: the last
 * few kilobytes tell what killed it.
 */
import { fork, type ChildProcess } from 'node:child_process';

export interface ForkOptions {
  /** the JavaScript heap the child may use (--max-old-space-size) */
  heapMb: number;
  /** V8's semi-space (young generation) size, when not the default */
  semiSpaceMb?: number;
  /** the entry is TypeScript: run it with tsx */
  typescript: boolean;
}

/** A child process and what it wrote last: the end of its stderr says why it died. */
export interface WorkChild {
  child: ChildProcess;
  /** the last 8,000 characters the child wrote to stderr */
  stderrTail(): string;
  /** SIGKILL, unless it has ended */
  kill(): void;
  /** whether the process has ended */
  ended(): boolean;
  /** keep the server alive for this child (a job runs in it) or not (it waits as a spare) */
  ref(on: boolean): void;
}

const TAIL = 8_000;

export function forkWorkChild(entry: URL, options: ForkOptions): WorkChild {
  const execArgv = [
    `--max-old-space-size=${options.heapMb}`,
    ...(options.semiSpaceMb ? [`--max-semi-space-size=${options.semiSpaceMb}`] : []),
    ...(options.typescript ? ['--import', 'tsx'] : []),
  ];
  const child = fork(entry, [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: process.env,
  });
  let tail = '';
  // web-ifc logs parser complaints to the console: kept out of the server's output, the end kept
  child.stdout!.resume();
  child.stderr!.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-TAIL);
  });
  // a child that cannot be reached any more (it died) must not throw in the server
  child.on('error', () => undefined);
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const ref = (on: boolean) => {
    const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
    if (on) {
      child.ref();
      channel?.ref();
    } else {
      child.unref();
      channel?.unref();
    }
  };
  return {
    child,
    stderrTail: () => tail,
    kill: () => {
      if (!ended()) child.kill('SIGKILL');
    },
    ended,
    ref,
  };
}

/** How a child ended, for the user: out of memory, a signal (with glibc's or V8's last line), or a code. */
export type ChildEnd = { kind: 'memory' } | { kind: 'crash'; how: string; detail: string | null };

const MEMORY = /JavaScript heap out of memory|Reached heap limit|Allocation failed|ERR_WORKER_OUT_OF_MEMORY/;

export function describeChildEnd(
  code: number | null,
  signal: NodeJS.Signals | null,
  stderrTail: string,
): ChildEnd {
  if (MEMORY.test(stderrTail)) return { kind: 'memory' };
  const lines = stderrTail
    .split('\n')
    .map((line) => line.trim())
    // node's own noise and stack lines say nothing to a user
    .filter((line) => line && !/^(at |node:|\(Use `node|Node\.js v|\^|-+$|\d+: 0x)/.test(line));
  // glibc's reason (corrupted size vs. prev_size, double free ...) or the last line the child wrote
  const detail =
    lines.find((line) => /corrupted|double free|free\(\)|malloc|Segmentation|Aborted|FATAL/i.test(line)) ??
    lines.at(-1) ??
    null;
  return {
    kind: 'crash',
    how: signal ? `signal ${signal}` : `exit code ${code}`,
    detail: detail ? detail.slice(0, 200) : null,
  };
}
