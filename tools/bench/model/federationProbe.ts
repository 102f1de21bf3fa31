/**
 * Where the time of a federated load goes (a diagnostic beside `bench:model -- --toolkit`, not a row of it):
 * one federated load as the toolkit row does it (the plant opened, the fixtures added once it is drawn),
 * with every request's timing (sent, first byte, done) and the page's long tasks, relative to the click.
 *   node --import tsx tools/bench/model/federationProbe.ts [--elements 20000] [--keep <dir>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writePlantIfc } from '@penstock/plantgen';
import { measure } from './browser.ts';
import { buildWebApp, startServer } from './penstockServer.ts';
import { repoRoot } from './serverBench.ts';
import { FEDERATED_FIXTURES, openModel } from './toolkitBench.ts';
import { startFederation, type ToolkitWindow } from './toolkitPage.ts';

const { values } = parseArgs({ options: { elements: { type: 'string', default: '20000' } } });
const elements = Number(values.elements);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-federation-probe-'));
const log = (m: string) => console.log(`[probe] ${m}`);
try {
  const plantFile = path.join(tmp, `plant-${elements}.ifc`);
  writePlantIfc(plantFile, { elements, seed: 7 });
  log('building the web app');
  const webDist = path.join(tmp, 'web');
  await buildWebApp(webDist, path.join(tmp, 'vite-cache-web'));
  fs.mkdirSync(path.join(tmp, 'data'));
  const server = await startServer(path.join(tmp, 'data'), webDist);
  try {
    const files = [
      plantFile,
      ...FEDERATED_FIXTURES.map((f) => path.resolve(repoRoot, '../shared/fixtures/ifc', f)),
    ];
    const ids: string[] = [];
    for (const file of files) {
      log(`converting ${path.basename(file)}`);
      const id = await server.upload(file);
      await server.waitConverted(id, 30 * 60_000);
      ids.push(id);
    }
    const [plant, ...others] = ids;
    const plantName = path.basename(plantFile);
    const result = await measure(600_000, async (session) => {
      const { page } = session;
      const requests: { url: string; start: number; firstByte: number; end: number }[] = [];
      page.on('requestfinished', (request) => {
        const t = request.timing();
        requests.push({
          url: request.url().replace(server.url, ''),
          start: t.startTime,
          firstByte: t.startTime + t.responseStart,
          end: t.startTime + t.responseEnd,
        });
      });
      await session.context.addInitScript(() => {
        const w = window as unknown as { __longTasks: { at: number; ms: number }[] };
        w.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks.push({ at: e.startTime, ms: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      const entry = await openModel(session, server, plantName, false);
      await page.evaluate(startFederation, { plant: `urn:${plant}`, others });
      const clickedAt = Date.now();
      await entry.click();
      await page.waitForFunction(
        () => {
          const s = (window as unknown as ToolkitWindow).__federation!;
          return s.drawn > 0 || s.error !== '';
        },
        undefined,
        { timeout: 590_000, polling: 50 },
      );
      const state = await page.evaluate(() => (window as unknown as ToolkitWindow).__federation!);
      const longTasks = await page.evaluate(
        () => (window as unknown as { __longTasks: { at: number; ms: number }[] }).__longTasks,
      );
      return { state, clickedAt, requests, longTasks };
    });
    if (typeof result.value !== 'object') throw new Error(`${result.value}: ${result.error}`);
    const { state, clickedAt, requests, longTasks } = result.value;
    const t0 = state.t0;
    console.log(
      `plant drawn ${(state.plantDrawn - t0).toFixed(0)} ms, added ${(state.added - t0).toFixed(0)} ms, drawn ${(state.drawn - t0).toFixed(0)} ms; adds ${JSON.stringify(state.adds)}`,
    );
    for (const r of requests.filter((r) => r.start >= clickedAt - 500).sort((a, b) => a.start - b.start))
      console.log(
        `${String(r.start - clickedAt).padStart(7)} ms  first byte +${(r.firstByte - r.start).toFixed(0).padStart(6)}  done +${(r.end - r.start).toFixed(0).padStart(6)}  ${r.url.slice(0, 90)}`,
      );
    const busy = longTasks.filter((t) => t.at >= t0);
    console.log(
      `long tasks after the click: ${busy.length}, ${busy.reduce((a, t) => a + t.ms, 0).toFixed(0)} ms in all; over 200 ms: ${busy
        .filter((t) => t.ms > 200)
        .map((t) => `${(t.at - t0).toFixed(0)}+${t.ms.toFixed(0)}`)
        .join(', ')}`,
    );
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(0);
