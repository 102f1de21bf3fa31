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

function runOnPage(
  page: BenchPage,
  method: 'loadFrag' | 'loadIfc' | 'readAllProperties',
  file: string,
  timeoutMs: number,
): Promise<Measured> {
  const url = page.publish(file);
  return measure(timeoutMs, async ({ page: tab }) => {
    await tab.goto(page.url);
    await tab.waitForFunction(() => document.title === 'bench ready');
    return tab.evaluate(([m, u]) => window.modelBench[m](u), [method, url] as const);
  });
}

/** (b) the in-browser IFC load and (c) the .frag with every object's property sets read, once each */
export async function benchReferences(
  page: BenchPage,
  files: { frag: string; ifc: string },
  timeoutMs: number,
): Promise<Omit<PageRow, 'frag'>> {
  return {
    ifc: await runOnPage(page, 'loadIfc', files.ifc, timeoutMs),
    props: await runOnPage(page, 'readAllProperties', files.frag, timeoutMs),
  };
}

/** (a) one bare FragmentsModels load of the .frag */
export const bareFragLoad = (page: BenchPage, frag: string, timeoutMs: number): Promise<Measured> =>
  runOnPage(page, 'loadFrag', frag, timeoutMs);

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
  return medianRun(runs, figure);
}

/** The run with the median figure (runs without one sort last). */
export function medianRun<T>(runs: T[], figure: (run: T) => number | null): T {
  const key = (run: T) => figure(run) ?? Number.POSITIVE_INFINITY;
  const sorted = [...runs].sort((x, y) => key(x) - key(y));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Two measurements run `times` times each, alternating (a, b, a, b, ...), so a stretch of load on the
 * machine falls on both sides; each side keeps its median run.
 */
export async function alternatingMedians<A, B>(
  times: number,
  first: { measure: () => Promise<A>; figure: (run: A) => number | null },
  second: { measure: () => Promise<B>; figure: (run: B) => number | null },
): Promise<[A, B]> {
  const as: A[] = [];
  const bs: B[] = [];
  for (let i = 0; i < Math.max(1, times); i++) {
    as.push(await first.measure());
    bs.push(await second.measure());
  }
  return [medianRun(as, first.figure), medianRun(bs, second.figure)];
}
