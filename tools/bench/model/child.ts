import fs from 'node:fs';
/**
 * What the two conversion children share: a peak-RSS sampler and the one line of JSON they print.
 * The parent (childRun.ts) also reads the kernel's maximum RSS through /usr/bin/time -v when present.
 */
export interface ChildResult {
  ms: number;
  /** peak RSS sampled every 50 ms inside the child, with its own child processes (worker threads: same process) */
  sampledPeakMb: number;
  bytes: number;
  objects?: number;
  error?: string;
}

export const RESULT_MARK = 'BENCH_RESULT ';

/** RSS of a process and all its descendants (Linux /proc), in bytes; the process's own elsewhere. */
export function treeRss(pid = process.pid): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    let bytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) bytes += treeRss(Number(child));
    }
    return bytes;
  } catch {
    return pid === process.pid ? process.memoryUsage().rss : 0;
  }
}

/**
 * Peak RSS sampled every 50 ms: the process and its child processes together (Penstock converts in a child
 * process of the server since issue 31; the kernel's maximum RSS counts each process alone).
 */
export function sampleRss(): { stop(): number } {
  let peak = treeRss();
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss());
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRss()) / 1024 / 1024;
    },
  };
}

export function report(result: ChildResult): void {
  process.stdout.write(`\n${RESULT_MARK}${JSON.stringify(result)}\n`);
}
