/**
 * The reference loads in Chromium: the bench page (page/) built with Vite into a temporary folder and served
 * by a small static server with the .frag and .ifc files and web-ifc's wasm (nothing from a CDN).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { serveDirectory } from '../staticServer.ts';
import { measure } from './browser.ts';
import type { Timing } from './page/main.ts';
import { repoRoot } from './serverBench.ts';

export type Measured = { value: Timing | 'timeout' | 'error'; peakMb: number; error?: string };

export interface BenchPage {
  url: string;
  /** makes a file reachable at <url>/files/<name> */
  publish(file: string): string;
  close(): Promise<void>;
}

export async function startBenchPage(workDir: string): Promise<BenchPage> {
  const outDir = path.join(workDir, 'page');
  await build({
    root: path.join(import.meta.dirname, 'page'),
    configFile: false,
    logLevel: 'warn',
    cacheDir: path.join(workDir, 'vite-cache'),
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
  });
  fs.mkdirSync(path.join(outDir, 'web-ifc'));
  fs.mkdirSync(path.join(outDir, 'files'));
  const webIfc = path.join(repoRoot, 'node_modules/web-ifc');
  for (const wasm of fs.readdirSync(webIfc).filter((f) => f.endsWith('.wasm')))
    fs.copyFileSync(path.join(webIfc, wasm), path.join(outDir, 'web-ifc', wasm));

  const served = await serveDirectory(outDir);
  const url = served.url;
  return {
    url,
    publish(file) {
      const name = path.basename(file);
      const link = path.join(outDir, 'files', name);
      fs.rmSync(link, { force: true });
      fs.symlinkSync(file, link);
      return `/files/${encodeURIComponent(name)}`;
    },
    close: served.close,
  };
}

export interface PageRow {
  frag: Measured;
  ifc: Measured;
  props: Measured;
}

export async function benchPage(
  page: BenchPage,
  files: { frag: string; ifc: string },
  timeoutMs: number,
  /** loads of the .frag, the median kept (small models: one load is mostly noise) */
  fragRuns = 1,
): Promise<PageRow> {
  const fragUrl = page.publish(files.frag);
  const ifcUrl = page.publish(files.ifc);
  const run = (method: 'loadFrag' | 'loadIfc' | 'readAllProperties', url: string) =>
    measure(timeoutMs, async ({ page: tab }) => {
      await tab.goto(page.url);
      await tab.waitForFunction(() => document.title === 'bench ready');
      return tab.evaluate(([m, u]) => window.bench[m](u), [method, url] as const);
    });
  const frag = await medianOf(fragRuns, () => run('loadFrag', fragUrl), drawnMsOf);
  return {
    frag,
    ifc: await run('loadIfc', ifcUrl),
    props: await run('readAllProperties', fragUrl),
  };
}

/** The drawn time of a measurement, or null when it did not finish. */
export const drawnMsOf = (measured: { value: unknown }): number | null =>
  typeof measured.value === 'object' && measured.value !== null && 'toDrawnMs' in measured.value
    ? Number((measured.value as { toDrawnMs: number }).toDrawnMs)
    : null;

/**
 * Run a measurement `times` times and keep the run with the median figure (runs that did not finish sort
 * last, so a failure shows only when most runs failed).
 */
export async function medianOf<T>(
  times: number,
  measure: () => Promise<T>,
  figure: (run: T) => number | null,
): Promise<T> {
  const runs: T[] = [];
  for (let i = 0; i < Math.max(1, times); i++) runs.push(await measure());
  const key = (run: T) => figure(run) ?? Number.POSITIVE_INFINITY;
  runs.sort((x, y) => key(x) - key(y));
  return runs[Math.floor((runs.length - 1) / 2)]!;
}
