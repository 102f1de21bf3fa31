/**
 * Drawing compare (issue 34 §4): an A1 P&ID at 150 dpi compared page by page as the browser does it
 * (pdf.js renders both pages, pixelmatch compares, the differing pixels are grouped into clouds), here in
 * Node (pdf.js' legacy build on @napi-rs/canvas, Skia like Chromium's canvas). Aim: change clouds within
 * 3 s per page; a 50-page set compared holding no more than two pages' images at once (peak memory flat
 * from page 1 to page 50).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { compareNodePage, openPdf } from '../../../packages/viewer/src/pdfCompare/nodeCompare.ts';
import { drawingPdf } from '../../../packages/viewer/src/pdfCompare/testDrawings.ts';

export interface DrawingRow {
  benchmark: string;
  size: string;
  result: string;
  detail: string;
}

const DPI = 150;
const AIM_SECONDS = 3;
const SYMBOLS = 400;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** the process's peak resident memory so far (getrusage maxrss, KiB) */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

export async function benchDrawingCompare(log: (message: string) => void): Promise<DrawingRow[]> {
  const rows: DrawingRow[] = [];
  const line = (page: number) => ({ page, x1: 400, y1: 1500, x2: 900, y2: 1500 });

  // one sheet, five runs: the time a reviewer waits for the clouds of a page
  const base = await openPdf(await drawingPdf({ sheet: 'A1', symbols: SYMBOLS, seed: 3 }));
  const head = await openPdf(
    await drawingPdf({ sheet: 'A1', symbols: SYMBOLS, seed: 3, extraLine: line(0) }),
  );
  const runs: { total: number; cpu: number; render: number; diff: number; clouds: number; size: string }[] =
    [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const result = await compareNodePage(base, head, 0, { dpi: DPI });
    runs.push({
      total: (performance.now() - start) / 1000,
      cpu: result.cpuMs / 1000,
      render: result.renderMs / 1000,
      diff: result.diffMs / 1000,
      clouds: result.regions.length,
      size: `${result.width}×${result.height} px`,
    });
    log(
      `A1 page run ${run + 1}: ${runs.at(-1)!.total.toFixed(2)} s (CPU ${runs.at(-1)!.cpu.toFixed(2)} s), ${result.regions.length} cloud(s)`,
    );
  }
  await Promise.all([base.destroy(), head.destroy()]);
  const median = [...runs].sort((a, b) => a.total - b.total)[2]!;
  const cpuMedian = [...runs].sort((a, b) => a.cpu - b.cpu)[2]!.cpu;
  const load = os.loadavg()[0]!.toFixed(1);
  rows.push({
    benchmark: 'drawing: change clouds of one A1 P&ID page at 150 dpi (render both, pixelmatch, group)',
    size: `A1, ${SYMBOLS} symbols, ${median.size}`,
    result: `${median.total.toFixed(2)} s wall, ${cpuMedian.toFixed(2)} s CPU, median of 5 (aim ≤ ${AIM_SECONDS} s: wall ${median.total <= AIM_SECONDS ? 'met' : 'not met'}, CPU ${cpuMedian <= AIM_SECONDS ? 'met' : 'not met'})`,
    detail: `render both ${median.render.toFixed(2)} s, diff and grouping ${median.diff.toFixed(2)} s (wall); load average ${load} on ${os.cpus().length} cores while measuring (CPU time is the wall time of an idle machine: one thread); ${median.clouds} cloud(s) for 1 added line (expected 1)`,
  });

  // a 50-page set, page by page: peak memory after the first page and after the last
  const pages = 50;
  const setBase = await openPdf(await drawingPdf({ sheet: 'A1', symbols: 150, seed: 5, pages }));
  const setHead = await openPdf(
    await drawingPdf({ sheet: 'A1', symbols: 150, seed: 5, pages, extraLine: line(pages - 1) }),
  );
  const rssBefore = process.memoryUsage().rss;
  const start = performance.now();
  let changed = 0;
  let afterFirst = 0;
  let slowest = 0;
  let cpu = 0;
  for (let index = 0; index < pages; index++) {
    const pageStart = performance.now();
    const result = await compareNodePage(setBase, setHead, index, { dpi: DPI });
    slowest = Math.max(slowest, (performance.now() - pageStart) / 1000);
    if (result.regions.length > 0) changed++;
    cpu += result.cpuMs / 1000;
    if (index === 0) afterFirst = peakRss();
    if ((index + 1) % 10 === 0) log(`50-page set: ${index + 1} pages, RSS ${mb(process.memoryUsage().rss)}`);
  }
  const seconds = (performance.now() - start) / 1000;
  const afterLast = peakRss();
  await Promise.all([setBase.destroy(), setHead.destroy()]);
  rows.push({
    benchmark: 'drawing: 50-page A1 set compared page by page at 150 dpi',
    size: `${pages} pages, 1 changed`,
    result: `${seconds.toFixed(1)} s wall (${(seconds / pages).toFixed(2)} s a page, slowest ${slowest.toFixed(2)} s); CPU ${(cpu / pages).toFixed(2)} s a page`,
    detail: `peak RSS ${mb(afterFirst)} after page 1, ${mb(afterLast)} after page 50 (RSS ${mb(rssBefore)} before; one page's image is ${mb(4 * 4967 * 3508)}); ${changed} page(s) found changed (expected 1)`,
  });
  return rows;
}
