/**
 * `npm run bench:model -- --sizes 500000 [--workdir <folder>] [--rows draw,index,paint]`: the
 * largest plants (more than LARGE_ONLY_ABOVE elements) run through a real Penstock server only (issue 38,
 * aims 3 and 4 and 'Also'). The plant is generated into the work folder, uploaded to Penstock (`main.ts`,
 * SQLite, the web app built by Vite) and converted there, timed from the upload's answer to the conversion
 * being done with the server's peak RSS (its process tree: the conversion child included); then:
 *  - draw: the bare .frag load (the bench page's FragmentsModels load of the .frag Penstock serves) and
 *    Penstock's own draw (click in the tree to drawn), alternating, the median of `runs` each;
 *  - clicks: the bench's own clicks to properties (penstockBench.ts clickTimes, as at 100k) in those same
 *    Penstock loads (with --rows clicks alone: Penstock loads only, no bare ones);
 *  - index: the HTTP calls the web app makes for the model tree, isolate hazards (the object index's hazard
 *    column), the schedules and the object editor (the model's records, then getdynamic) (largeIndex.ts);
 *  - paint: in Penstock's page, the model tree's first rows painted and Isolate Hazards to the isolated view
 *    (one more load of the model);
 *  - convert alone: only generate and convert (with --workdir, for the runs after).
 * Skipped at these sizes, and said so in the table: the bare IfcImporter and the in-process conversion child
 * (aims 1 and 2 are `npm run bench -- conversion-500k`'s), the in-browser IFC load (b) and the all-property-sets read (c).
 * With --workdir the generated IFC, the server's data folder (with its converted model) and the .frag are
 * kept (large-<elements>.json names them): a re-run starts the same server data again and skips the ~20
 * minutes of generating and converting. Timeouts grow with the plant's size. Writes
 * bench/results/model-<date>-<size>k.md (with the rows' names added when they are not all three).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writePlantIfc } from '@penstock/plantgen';
import { browserMemoryMethod } from './browser.ts';
import { treeRss } from './child.ts';
import {
  benchIndexCalls,
  benchTreePaint,
  renderIndex,
  type IndexCalls,
  type IndexRows,
} from './largeIndex.ts';
import {
  alternatingMedians,
  bareFragLoad,
  drawnMsOf,
  medianOf,
  startBenchPage,
  type BenchPage,
  type Measured,
} from './pageBench.ts';
import { benchPenstockBrowser, pickTag, type ObjectIndex, type PenstockTiming } from './penstockBench.ts';
import { buildWebApp, startServer, type PenstockServer } from './penstockServer.ts';
import { repoRoot } from './serverBench.ts';

/** Plants above this size run here (the whole bench's child conversions and (b)/(c) do not fit them). */
export const LARGE_ONLY_ABOVE = 200_000;

interface Saved {
  name: string;
  elements: number;
  ifcPath: string;
  ifcBytes: number;
  versionId: string;
  fragPath: string;
  fragBytes: number;
  objects: number;
  conversion: { ms: number; peakMb: number; at: string; load: number };
}

type PenstockMeasured = {
  value: PenstockTiming | 'n/a' | 'timeout' | 'error';
  peakMb: number;
  error?: string;
};

export async function runLargeOnly(options: {
  workDir: string;
  keep: boolean;
  elements: number;
  rows: Set<string>;
  runs: number;
  /** the browser measurement limit at 100k elements: scaled by size */
  timeoutMs: number;
  log: (message: string) => void;
}): Promise<void> {
  const { workDir, keep, elements, rows, runs, log } = options;
  const scale = Math.max(1, elements / 100_000);
  const timeoutMs = options.timeoutMs * scale;
  // 524 s at 500k on this machine in November; more than 36 minutes on 29 November with a load average
  // of 20 (the server's own 30-minute limit stopped it): 18 minutes per 100k, for the server too
  const conversionTimeoutMs = Math.max(30 * 60_000, 18 * 60_000 * scale);
  fs.mkdirSync(workDir, { recursive: true });
  const load = [os.loadavg()[0]!];
  const name = `plant-${elements / 1000}k.ifc`;
  const savedFile = path.join(workDir, `large-${elements}.json`);
  const dataDir = path.join(workDir, `data-${elements}`);
  const ifcPath = path.join(workDir, name);
  let saved =
    keep && fs.existsSync(savedFile) ? (JSON.parse(fs.readFileSync(savedFile, 'utf8')) as Saved) : null;
  if (saved && !fs.existsSync(saved.fragPath)) saved = null;

  if (!saved) {
    if (!(keep && fs.existsSync(ifcPath))) {
      log(`generating ${name} into ${workDir}`);
      writePlantIfc(ifcPath, { elements, seed: 7 });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.mkdirSync(dataDir, { recursive: true });

  log('building the web app and starting Penstock');
  const webDist = path.join(workDir, 'web');
  await buildWebApp(webDist, path.join(workDir, 'vite-cache-web'));
  const server = await startServer(dataDir, webDist, {
    PENSTOCK_CONVERSION_TIMEOUT_MINUTES: String(Math.ceil(conversionTimeoutMs / 60_000)),
  });
  const notes: string[] = [];
  let draw: { frag: Measured; penstock: PenstockMeasured } | null = null;
  let clicksOnly: PenstockMeasured | null = null;
  let index: IndexRows | null = null;
  let benchPage: BenchPage | null = null;
  const page = () => benchPage!;
  /** each browser load's figure and how long it took in all (clicks and waits included) */
  const logged =
    <T extends Measured | PenstockMeasured>(label: string, run: () => Promise<T>) =>
    async (): Promise<T> => {
      const start = performance.now();
      const result = await run();
      const drawn = drawnMsOf(result);
      const clicks =
        typeof result.value === 'object' && result.value !== null && 'clicks' in result.value
          ? (result.value as PenstockTiming).clicks
          : null;
      const parts = breakdownText(result as PenstockMeasured);
      log(
        `${parts ? `${parts}; ` : ''}${label}: ${drawn === null ? String(result.value) : `drawn ${s(drawn)}`}, peak ${mb(result.peakMb)}${clicks ? `, clicks p95 ${s(clicks.p95Ms)} p50 ${s(clicks.p50Ms)} (${clicks.misses} missed, ${clicks.timeouts} timed out)` : ''}; ${s(performance.now() - start)} in all${result.error ? ` (${result.error.split('\n')[0]})` : ''}`,
      );
      return result;
    };
  try {
    if (saved) log(`using the model converted before (${savedFile}, version ${saved.versionId})`);
    else saved = await convert(server, { name, elements, ifcPath, workDir, conversionTimeoutMs, log });
    if (keep) fs.writeFileSync(savedFile, JSON.stringify(saved, null, 2));
    const model = saved;
    const objects = await server.api<ObjectIndex>(`/api/models/${model.versionId}/objects`);
    const inPenstock = logged('Penstock', () =>
      benchPenstockBrowser(server, { fileName: model.name, tag: pickTag(objects) }, timeoutMs, {
        settleTimeoutMs: 30_000 * scale,
        progress: (message) => log(`  Penstock: ${message}`),
      }),
    );
    const bare = logged('bare .frag', () => bareFragLoad(page(), model.fragPath, timeoutMs));

    // the calls before the draws: their pages leave the server reading records for a while after they close
    let calls: IndexCalls | null = null;
    if (rows.has('index')) {
      log('object index rows: the HTTP calls of the model tree, hazards, schedules and object editor');
      calls = await benchIndexCalls(server, model);
      index = { calls, paint: 'not run (--rows paint)' };
    }
    if (rows.has('draw')) {
      benchPage = await startBenchPage(workDir);
      try {
        log(`bare .frag load and Penstock in Chromium, alternating, ${runs} each: ${model.name}`);
        const [frag, penstock] = await alternatingMedians(
          runs,
          { measure: bare, figure: drawnMsOf },
          { measure: inPenstock, figure: drawnMsOf },
        );
        draw = { frag, penstock };
      } finally {
        await benchPage.close();
      }
    } else if (rows.has('clicks')) {
      log(`Penstock in Chromium with the clicks, ${runs} loads: ${model.name}`);
      clicksOnly = await medianOf(runs, inPenstock, drawnMsOf);
    }
    if (rows.has('paint')) {
      log('object index rows: the model tree and isolate hazards in the page');
      const paint = await benchTreePaint(server, model.name, timeoutMs).catch((e: unknown) => String(e));
      index = { calls: calls ?? (await benchIndexCalls(server, model)), paint };
    }
  } finally {
    // what the server wrote (warnings and errors): kept beside the data, read when a run breaks
    fs.writeFileSync(path.join(workDir, `server-${elements}.log`), server.log());
    await server.stop();
  }
  load.push(os.loadavg()[0]!);
  for (const m of [draw?.frag, draw?.penstock, clicksOnly]) if (m?.error) notes.push(m.error.split('\n')[0]!);

  const markdown = renderLarge({
    model: saved,
    args: process.argv.slice(2).join(' '),
    load,
    runs,
    timeoutMs,
    draw,
    clicksOnly,
    index,
    notes,
  });
  const outDir = path.join(repoRoot, 'bench/results');
  fs.mkdirSync(outDir, { recursive: true });
  const chosen = [...rows].sort().join('-');
  const suffix = chosen === 'draw-index-paint' ? '' : `-${chosen}`;
  const out = path.join(
    outDir,
    `model-${new Date().toISOString().slice(0, 10)}-${elements / 1000}k${suffix}.md`,
  );
  fs.writeFileSync(out, markdown);
  console.log(markdown);
  log(`wrote ${path.relative(repoRoot, out)}`);
}

/** Upload to the real server and wait for its conversion: time and the server tree's peak RSS. */
async function convert(
  server: PenstockServer,
  options: {
    name: string;
    elements: number;
    ifcPath: string;
    workDir: string;
    conversionTimeoutMs: number;
    log: (message: string) => void;
  },
): Promise<Saved> {
  const { name, elements, ifcPath, workDir, conversionTimeoutMs, log } = options;
  log(`uploading ${name} (${(fs.statSync(ifcPath).size / 1024 / 1024).toFixed(0)} MB) to Penstock`);
  let peak = treeRss(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.pid))), 100);
  try {
    const versionId = await server.upload(ifcPath);
    const start = performance.now();
    const startLoad = os.loadavg()[0]!;
    log(`converting in Penstock (version ${versionId}, limit ${conversionTimeoutMs / 60_000} min)`);
    await server.waitConverted(versionId, conversionTimeoutMs);
    const ms = performance.now() - start;
    clearInterval(sampler);
    peak = Math.max(peak, treeRss(server.pid));
    log(`converted in ${(ms / 1000).toFixed(0)} s, server peak ${(peak / 1024 / 1024).toFixed(0)} MB`);
    const response = await fetch(`${server.url}/api/models/${versionId}/fragments`, {
      headers: { cookie: server.cookie },
    });
    if (!response.ok) throw new Error(`fragments: ${response.status}`);
    const fragPath = path.join(workDir, `${path.basename(name, '.ifc')}.frag`);
    fs.writeFileSync(fragPath, Buffer.from(await response.arrayBuffer()));
    const info = await server.api<{ objectCount: number }>(`/api/models/${versionId}`);
    return {
      name,
      elements,
      ifcPath,
      ifcBytes: fs.statSync(ifcPath).size,
      versionId,
      fragPath,
      fragBytes: fs.statSync(fragPath).size,
      objects: info.objectCount,
      conversion: {
        ms,
        peakMb: peak / 1024 / 1024,
        at: new Date().toISOString().slice(0, 16).replace('T', ' '),
        load: startLoad,
      },
    };
  } finally {
    clearInterval(sampler);
  }
}

const s = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
const mb = (value: number) => `${Math.round(value)} MB`;

function drawnCell(m: Measured | PenstockMeasured | null | undefined, field: 'toDrawnMs' | 'toReadyMs') {
  if (!m) return 'not run';
  if (typeof m.value === 'string') return `${m.value} · ${mb(m.peakMb)}`;
  return `${s((m.value as unknown as Record<string, number>)[field]!)} · ${mb(m.peakMb)}`;
}

function clickCell(p: PenstockMeasured | null | undefined): string {
  if (!p) return 'not run';
  if (typeof p.value !== 'object') return p.value;
  const c = p.value.clicks;
  if (!c) return 'no object on screen';
  return `p95 ${s(c.p95Ms)} · p50 ${s(c.p50Ms)} (${c.clicks} clicks, ${c.misses} missed, ${c.timeouts} timed out)`;
}

/** where an answered click's time goes: p50 / p95 of each part */
function breakdownText(p: PenstockMeasured | null | undefined): string | null {
  const b = p && typeof p.value === 'object' ? p.value.clicks?.breakdown : undefined;
  if (!b) return null;
  const q = ([p50, p95]: [number, number]) => `${s(p50)} / ${s(p95)}`;
  return `pointer up to the object's detail call starting ${q(b.toCall)}, the call (\`GET /api/models/<v>/objects/<localId>\`) ${q(b.call)}, its end to the values shown ${q(b.after)} (p50 / p95 of ${b.calls} answered clicks, the page's resource timing)`;
}

function renderLarge(r: {
  model: Saved;
  args: string;
  load: number[];
  runs: number;
  timeoutMs: number;
  draw: { frag: Measured; penstock: PenstockMeasured } | null;
  clicksOnly: PenstockMeasured | null;
  index: IndexRows | null;
  notes: string[];
}): string {
  const { model } = r;
  const cpus = os.cpus();
  const aims: string[] = [];
  const mark = (met: boolean | null) => (met === null ? '**not measured**' : met ? '**met**' : '**not met**');
  const penstock = r.draw?.penstock ?? r.clicksOnly;
  const a = r.draw ? drawnMsOf(r.draw.frag) : null;
  const p = r.draw ? drawnMsOf(r.draw.penstock) : null;
  const drawRatio = a && p ? p / a : null;
  const memRatio =
    r.draw && r.draw.frag.peakMb > 0 && typeof r.draw.penstock.value === 'object'
      ? r.draw.penstock.peakMb / r.draw.frag.peakMb
      : null;
  const clicks = penstock && typeof penstock.value === 'object' ? penstock.value.clicks : null;
  aims.push(
    `- 3. Click to properties within 50 ms p95 at ${model.elements / 1000}k, no misses, no time-outs: ${mark(
      penstock ? (clicks ? clicks.p95Ms <= 50 && clicks.misses + clicks.timeouts === 0 : false) : null,
    )} (${clickCell(penstock)})`,
    `- 4a. Drawn within 1.0× the bare .frag load: ${mark(drawRatio === null ? (r.draw ? false : null) : drawRatio <= 1.0)} (${drawRatio === null ? '–' : `${drawRatio.toFixed(2)}×`})`,
    `- 4b. Browser peak within 1.2× the bare load: ${mark(memRatio === null ? (r.draw ? false : null) : memRatio <= 1.2)} (${memRatio === null ? '–' : `${memRatio.toFixed(2)}×`})`,
  );
  if (r.index) aims.push(...renderIndex(r.index).aims);
  return [
    `# Model benchmark, ${model.elements / 1000}k plant through Penstock (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `\`npm run bench:model -- ${r.args}\` on ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}, load average (1 min) ${r.load[0]!.toFixed(1)} at the start and ${r.load[1]!.toFixed(1)} at the end (the machine is shared with other work: compare figures as ratios within this run), headless Chromium (SwiftShader).`,
    '',
    `- The plant (plantgen, seed 7) is converted by a real Penstock server (\`apps/server/src/main.ts\`, SQLite, default settings but uploads up to 2 GB). Conversion time: from the upload's answer to the version's conversion being done; peak memory: the server's process tree RSS (its conversion child process included) sampled every 100 ms. Converted ${model.conversion.at} UTC, load average ${model.conversion.load.toFixed(1)} when it started${r.args.includes('--workdir') ? ' (a run with --workdir reuses it)' : ''}.`,
    `- Not run at this size: the bare IfcImporter and the in-process conversion child (aims 1 and 2: \`npm run bench -- conversion-500k\`), the in-browser IFC load (b) and the all-property-sets read (c).`,
    `- Browser: bare (a) is the bench page's FragmentsModels load of the .frag Penstock serves, drawn when the first tiles are on the canvas and rasterised; Penstock is the click on the model in the project tree to \`window.__penstockViewer.ready\` (drawn) and to the object index being set (properties ready). ${r.runs} loads each, bare and Penstock alternating, the median kept (its memory and clicks with it). Peak memory: ${browserMemoryMethod}; a fresh browser per load. Measurement limit ${s(r.timeoutMs)} (scaled with size).`,
    '- Clicks: the same method as the whole bench at 100k (`clickTimes` in penstockBench.ts: 20 pixel-centre targets the engine raycast agrees on, each on a settled view, pointer up to the Properties dialog showing values; 5 s without values is a time-out; a click selecting another object is a miss). Settle waits scaled with size.',
    ...r.notes.map((n) => `- Note: ${n}`),
    '',
    '## Conversion',
    '',
    '| model | IFC | objects | Penstock conversion | server peak RSS | .frag |',
    '|---|---|---|---|---|---|',
    `| ${model.name} | ${(model.ifcBytes / 1024 / 1024).toFixed(1)} MB | ${model.objects.toLocaleString('en')} | ${s(model.conversion.ms)} | ${mb(model.conversion.peakMb)} | ${(model.fragBytes / 1024 / 1024).toFixed(1)} MB |`,
    '',
    '## Browser load (time · peak browser memory)',
    '',
    '| model | (a) bare .frag drawn | Penstock drawn | Penstock properties ready | ratio to (a) | memory ratio | panel click→values |',
    '|---|---|---|---|---|---|---|',
    `| ${model.name} | ${drawnCell(r.draw?.frag, 'toDrawnMs')} | ${drawnCell(penstock, 'toDrawnMs')} | ${drawnCell(penstock, 'toReadyMs').replace(/ · .*/, '')} | ${drawRatio === null ? '–' : `${drawRatio.toFixed(2)}×`} | ${memRatio === null ? '–' : `${memRatio.toFixed(2)}×`} | ${clickCell(penstock)} |`,
    '',
    ...(breakdownText(penstock) ? [`Where the clicks' time goes: ${breakdownText(penstock)}.`, ''] : []),
    ...(r.index ? [renderIndex(r.index).markdown, ''] : []),
    '## Aims',
    '',
    ...aims,
    '',
  ].join('\n');
}
