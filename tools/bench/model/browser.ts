/**
 * Chromium for the bench: Debian's build, headless, offline flags (the stack guide), a fresh profile per
 * measurement, and the peak memory of its whole process tree (browser, renderer, GPU/SwiftShader, workers
 * inside the renderer): the sum of PSS from /proc/<pid>/smaps_rollup, sampled every 100 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../../e2e/support/browser.ts';

export const browserMemoryMethod =
  'peak of the summed PSS of every Chromium process of the run (/proc/<pid>/smaps_rollup, 100 ms samples; renderer, workers, wasm and GPU process included)';

function children(): Map<number, number[]> {
  const tree = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      tree.set(ppid, [...(tree.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  return tree;
}

/** PSS in MB of the Chromium processes descending from this process */
export function chromiumPssMb(): number {
  const tree = children();
  const stack = [...(tree.get(process.pid) ?? [])];
  let kb = 0;
  while (stack.length) {
    const pid = stack.pop()!;
    stack.push(...(tree.get(pid) ?? []));
    try {
      if (!/chrom/i.test(fs.readFileSync(`/proc/${pid}/comm`, 'utf8'))) continue;
      const match = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      kb += match ? Number(match[1]) : 0;
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** peak MB seen since the session started */
  peakMb(): number;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Session> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.PENSTOCK_CHROMIUM ?? '/usr/bin/chromium',
    viewport: { width: 1440, height: 900 },
    args: [...CHROMIUM_ARGS],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  let peak = chromiumPssMb();
  const timer = setInterval(() => (peak = Math.max(peak, chromiumPssMb())), 100);
  return {
    context,
    page,
    peakMb: () => Math.max(peak, chromiumPssMb()),
    close: async () => {
      clearInterval(timer);
      await context.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export class Timeout extends Error {}

/** runs a measurement in a fresh browser; past the limit it is 'timeout' and the browser is closed */
export async function measure<T>(
  timeoutMs: number,
  run: (session: Session) => Promise<T>,
): Promise<{ value: T | 'timeout' | 'error'; peakMb: number; error?: string }> {
  const session = await openBrowser();
  let timer: NodeJS.Timeout | undefined;
  try {
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout()), timeoutMs);
    });
    const value = await Promise.race([run(session), limit]);
    return { value, peakMb: session.peakMb() };
  } catch (error) {
    const timedOut = error instanceof Timeout;
    return {
      value: timedOut ? 'timeout' : 'error',
      peakMb: session.peakMb(),
      ...(timedOut ? {} : { error: error instanceof Error ? error.message : String(error) }),
    };
  } finally {
    clearTimeout(timer);
    await session.close();
  }
}
