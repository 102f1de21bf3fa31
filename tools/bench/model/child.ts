/**
 * What the two conversion children share: a peak-RSS sampler and the one line of JSON they print.
 * The parent (childRun.ts) also reads the kernel's maximum RSS through /usr/bin/time -v when present.
 */
export interface ChildResult {
  ms: number;
  /** peak RSS sampled every 50 ms inside the child (worker threads included: same process) */
  sampledPeakMb: number;
  bytes: number;
  objects?: number;
  error?: string;
}

export const RESULT_MARK = 'BENCH_RESULT ';

export function sampleRss(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss) / 1024 / 1024;
    },
  };
}

export function report(result: ChildResult): void {
  process.stdout.write(`\n${RESULT_MARK}${JSON.stringify(result)}\n`);
}
