/**
 * The schedule in Chromium: the bench page (page/) built with Vite into a temporary folder, served by a
 * small static server, and driven in a fresh headless Chromium (../model/browser.ts): open the valve
 * schedule of N valves, scroll it from top to bottom, then bulk-edit one category through the side panel.
 */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { serveDirectory } from '../staticServer.ts';
import { openBrowser } from '../model/browser.ts';
import type { ApplyResult, OpenResult, ScrollResult, SelectResult } from './page/main.tsx';

export interface SchedulePage {
  url: string;
  close(): Promise<void>;
}

/** builds page/ (the web app's schedule modal and its imports) and serves it on a free port */
export async function startSchedulePage(workDir: string): Promise<SchedulePage> {
  const outDir = path.join(workDir, 'schedule-page');
  await build({
    root: path.join(import.meta.dirname, 'page'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    cacheDir: path.join(workDir, 'schedule-vite-cache'),
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
  });
  const served = await serveDirectory(outDir);
  return {
    url: served.url,
    close: served.close,
  };
}

export interface BrowserScheduleResult {
  open: OpenResult;
  /** one per scroll step size; empty when only the open was measured */
  scrolls: ScrollResult[];
  select?: SelectResult;
  apply?: ApplyResult;
  peakMb: number;
}

export const BULK = { category: 'Gate Valve', property: 'Valve Orientation', value: 'Horizontal' } as const;

/**
 * One fresh browser: open the schedule of `valves` valves; unless openOnly, then scroll it from top to
 * bottom once for each of `scrollSteps` (in screens per frame) and bulk-edit one category.
 */
export async function benchScheduleBrowser(
  page: SchedulePage,
  valves: number,
  options: { scrollSteps: readonly number[]; openOnly?: boolean },
): Promise<BrowserScheduleResult> {
  const session = await openBrowser();
  try {
    const tab = session.page;
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(page.url);
    await tab.waitForFunction(() => document.title === 'bench ready');
    const open = await tab.evaluate((count) => window.bench.open(count), valves);
    if (options.openOnly) {
      if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
      return { open, scrolls: [], peakMb: session.peakMb() };
    }
    const scrolls: ScrollResult[] = [];
    for (const step of options.scrollSteps) {
      scrolls.push(await tab.evaluate((fraction) => window.bench.scroll(fraction), step));
      await tab.evaluate(() => window.bench.scrollToTop());
    }
    const select = await tab.evaluate((category) => window.bench.select(category), BULK.category);
    // 'Select Properties' is a react-select: chosen as a user does, by typing and Enter
    const properties = tab.locator('#schedule-properties');
    await properties.fill(BULK.property);
    await properties.press('Enter');
    await tab.getByLabel(`Value for ${BULK.property}`).waitFor();
    const apply = await tab.evaluate(
      ([category, property, value]) => window.bench.apply(category, property, value),
      [BULK.category, BULK.property, BULK.value] as const,
    );
    if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
    return { open, scrolls, select, apply, peakMb: session.peakMb() };
  } finally {
    await session.close();
  }
}
