/**
 * The sketch editor's benchmark (issue 13 point 7): a sketch of 1,000 elements loaded and drawn in Chromium
 * (aim: under 1 s), then panned by dragging and zoomed with the mouse wheel (aim: no long frames, > 50 ms).
 * The bench page (page/) is the web app's real SketchCanvas, built with Vite and served with the symbols.
 * Run alone with `npm run bench -- sketch`, or with everything by `npm run bench`.
 */
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { serveDirectory } from '../staticServer.ts';
import { openBrowser } from '../model/browser.ts';
import type { LoadResult } from './page/main.tsx';

export interface BenchRow {
  benchmark: string;
  size: string;
  result: string;
  detail: string;
}

const ELEMENTS = 1000;
const RUNS = 3;
const LONG_FRAME_MS = 50;
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const unique = (run: Run) => run.load.symbols;

async function buildPage(workDir: string) {
  const outDir = path.join(workDir, 'sketch-page');
  await build({
    root: path.join(import.meta.dirname, 'page'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    publicDir: path.resolve(import.meta.dirname, '../../../apps/web/public'),
    cacheDir: path.join(workDir, 'sketch-vite-cache'),
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
  });
  return serveDirectory(outDir);
}

interface Run {
  load: LoadResult;
  again: LoadResult;
  pan: number[];
  zoom: number[];
}

async function oneRun(url: string): Promise<Run> {
  const session = await openBrowser();
  try {
    const tab = session.page;
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.setViewportSize({ width: 1280, height: 800 });
    await tab.goto(url);
    await tab.waitForFunction(() => document.body.dataset.ready === 'yes');
    const load = await tab.evaluate((n) => window.sketchBench.load(n), ELEMENTS);
    // the same sketch again: the symbol images are in the page already, so this is the drawing alone
    const again = await tab.evaluate((n) => window.sketchBench.load(n), ELEMENTS);
    const box = (await tab.locator('[data-testid="sketch-canvas"]').boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

    // pan: drag the empty stage (no tool) across 60 mouse moves
    await tab.evaluate(() => window.sketchBench.startFrames());
    await tab.mouse.move(centre.x, centre.y);
    await tab.mouse.down();
    for (let i = 1; i <= 60; i++) await tab.mouse.move(centre.x + i * 4, centre.y + i * 2);
    await tab.mouse.up();
    const pan = await tab.evaluate(() => window.sketchBench.stopFrames());

    // zoom: 40 wheel notches in then 40 out around the pointer
    await tab.evaluate(() => window.sketchBench.startFrames());
    for (let i = 0; i < 80; i++) {
      await tab.mouse.wheel(0, i < 40 ? -100 : 100);
      await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    const zoom = await tab.evaluate(() => window.sketchBench.stopFrames());
    if (errors.length) throw new Error(`the bench page failed: ${errors.join('; ')}`);
    if (load.konvaNodes !== ELEMENTS) throw new Error(`drew ${load.konvaNodes} of ${ELEMENTS} elements`);
    return { load, again, pan: pan.slice(1), zoom: zoom.slice(1) };
  } finally {
    await session.close();
  }
}

export async function benchSketchEditor(tmp: string, log: (message: string) => void): Promise<BenchRow[]> {
  log('building the sketch bench page');
  const served = await buildPage(tmp);
  try {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      log(`loading a ${ELEMENTS}-element sketch (${i + 1}/${RUNS})`);
      runs.push(await oneRun(`${served.url}/index.html`));
    }
    const loads = runs.map((run) => run.load.toDrawnMs);
    const pan = runs.flatMap((run) => run.pan);
    const zoom = runs.flatMap((run) => run.zoom);
    const long = (deltas: number[]) => deltas.filter((delta) => delta > LONG_FRAME_MS).length;
    const p50 = percentile(loads, 50);
    return [
      {
        benchmark: 'sketch: load and draw a sketch in Chromium (SketchCanvas, Konva)',
        size: `${ELEMENTS.toLocaleString('en')} elements`,
        result: `p50 ${ms(p50)} to drawn (aim < 1000 ms: ${p50 < 1000 ? 'met' : 'not met'})`,
        detail: `${RUNS} fresh browsers (${loads.map(ms).join(', ')}); fetching and decoding the symbol images ${runs.map((run) => ms(run.load.imagesMs)).join(', ')} of that; loaded again with the images in the page ${runs.map((run) => ms(run.again.toDrawnMs)).join(', ')}; ${unique(runs[0]!)} different symbols among 300, 200 texts, 200 lines, 100 arrows, 100 boxes, 100 pen strokes`,
      },
      {
        benchmark: 'sketch: pan by dragging the stage',
        size: `${ELEMENTS.toLocaleString('en')} elements, 60 moves`,
        result: `frame p50 ${ms(percentile(pan, 50))}, p95 ${ms(percentile(pan, 95))}`,
        detail: `${long(pan)} long frames (> ${LONG_FRAME_MS} ms) of ${pan.length} (aim 0: ${long(pan) === 0 ? 'met' : 'not met'}); max ${ms(Math.max(...pan))}`,
      },
      {
        benchmark: 'sketch: zoom with the mouse wheel around the pointer',
        size: `${ELEMENTS.toLocaleString('en')} elements, 80 notches`,
        result: `frame p50 ${ms(percentile(zoom, 50))}, p95 ${ms(percentile(zoom, 95))}`,
        detail: `${long(zoom)} long frames (> ${LONG_FRAME_MS} ms) of ${zoom.length} (aim 0: ${long(zoom) === 0 ? 'met' : 'not met'}); max ${ms(Math.max(...zoom))}`,
      },
    ];
  } finally {
    await served.close();
  }
}
