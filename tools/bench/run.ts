/**
 * Benchmarks of the foundation and of the schedules, written as a Markdown table to tools/bench/RESULTS.md:
 *   npm run bench                  everything
 *   npm run bench -- schedule      only the schedule benchmarks (schedule/); the other rows are kept
 *   npm run bench -- schedule-export   only the schedule's export on the server (no browser; see
 *                                  schedule/serverBench.ts to reuse its converted plant between runs)
 *   npm run bench -- foundation    only the foundation's
 *   npm run bench -- sketch        only the sketch editor's (sketch/)
 *   npm run bench -- drawing       only the drawing compare's (drawing/: A1 P&ID at 150 dpi, a 50-page set)
 *   npm run bench -- ids           only the IDS check's (ids/: the 100k plant against the shipped IDS;
 *                                  PENSTOCK_BENCH_IDS_ELEMENTS=5000 for a small plant)
 *   npm run bench -- conversion-100k   the conversion's memory and time against the bare importer
 *                                  (conversion/: also conversion-500k, conversion-1m; `conversion` runs all
 *                                  three), with a table of its own in bench/results/conversion-<date>.md
 * Figures are wall-clock on this machine; compare runs on the same machine only.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writePlantIfc } from '@penstock/plantgen';
import { createTestPenstock, multipartFile } from '../../apps/server/src/test/harness.ts';
import { benchScheduleExportRows, benchSchedulesInBrowser, isScheduleExportRow } from './schedule/index.ts';
import { benchSketchEditor } from './sketch/index.ts';
import { benchDrawingCompare } from './drawing/index.ts';
import { benchIdsCheck } from './ids/index.ts';
import { benchConversionSizes, CONVERSION_SIZES, type ConversionPart } from './conversion/index.ts';

const PARTS = [
  'foundation',
  'schedule',
  'schedule-export',
  'sketch',
  'drawing',
  'ids',
  'conversion',
  'conversion-100k',
  'conversion-500k',
  'conversion-1m',
] as const;
type Part = (typeof PARTS)[number];
/**
 * what asking for a part runs: `schedule` is its browser benches and `schedule-export` (the server's export);
 * `conversion` every size of the conversion bench
 */
const covered = (part: Part): Part[] =>
  part === 'schedule'
    ? ['schedule', 'schedule-export']
    : part === 'conversion'
      ? (Object.keys(CONVERSION_SIZES) as ConversionPart[])
      : [part];
const asked = [...new Set(process.argv.slice(2))];
for (const name of asked)
  if (!PARTS.includes(name as Part))
    throw new Error(`unknown bench part '${name}' (parts: ${PARTS.join(', ')})`);
/** what `npm run bench` alone runs: not the conversion sizes (the 1M plant alone takes about an hour) */
const DEFAULT_PARTS = PARTS.filter((part) => !part.startsWith('conversion'));
const parts = new Set<Part>((asked.length ? (asked as Part[]) : DEFAULT_PARTS).flatMap(covered));
/** the part a row of the table belongs to */
const partOf = (benchmark: string): Part =>
  isScheduleExportRow(benchmark)
    ? 'schedule-export'
    : benchmark.startsWith('schedule:')
      ? 'schedule'
      : benchmark.startsWith('sketch:')
        ? 'sketch'
        : benchmark.startsWith('drawing:')
          ? 'drawing'
          : benchmark.startsWith('ids:')
            ? 'ids'
            : /^conversion-[a-z0-9]+:/.test(benchmark)
              ? (benchmark.slice(0, benchmark.indexOf(':')) as Part)
              : 'foundation';
const resultsFile = path.join(import.meta.dirname, 'RESULTS.md');

interface Row {
  benchmark: string;
  size: string;
  result: string;
  detail: string;
}
const rows: Row[] = [];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function benchPlantgen(tmp: string) {
  for (const elements of [10_000, 100_000]) {
    const file = path.join(tmp, `plant-${elements}.ifc`);
    const heapBefore = process.memoryUsage().rss;
    const start = performance.now();
    const stats = writePlantIfc(file, { elements, seed: 7 });
    const seconds = (performance.now() - start) / 1000;
    const rssGrowth = (process.memoryUsage().rss - heapBefore) / 1024 / 1024;
    rows.push({
      benchmark: 'plantgen: write IFC4 model',
      size: `${stats.elements.toLocaleString('en')} elements`,
      result: `${seconds.toFixed(2)} s`,
      detail: `${(fs.statSync(file).size / 1024 / 1024).toFixed(0)} MB file, RSS growth ${rssGrowth.toFixed(0)} MB`,
    });
    fs.rmSync(file);
  }
}

async function benchServer() {
  const penstock = await createTestPenstock('sqlite', { PENSTOCK_MAX_UPLOAD_MB: '1024' });
  try {
    const user = await penstock.createUser();
    // a manager: the big upload goes into Archived, where only project managers upload by hand
    const project = await penstock.createProject('Bench', [{ userId: user.id, role: 'manager' }]);
    const folderId = project.folders['WIP/Process']!;

    const signIns: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await penstock.signIn(user.email);
      signIns.push(performance.now() - start);
    }
    rows.push({
      benchmark: 'sign in (argon2id verify + session)',
      size: '20 sign-ins',
      result: `p50 ${ms(percentile(signIns, 50))}`,
      detail: `p95 ${ms(percentile(signIns, 95))}`,
    });
    const cookie = await penstock.signIn(user.email);

    const items = 2000;
    const blob = await penstock.blobs.putBuffer(Buffer.from('x'));
    for (let i = 0; i < items; i++) {
      await penstock.files.addFile(
        user,
        { projectId: project.id, folderId },
        `doc-${String(i).padStart(4, '0')}.pdf`,
        blob,
      );
    }
    const listings: number[] = [];
    for (let i = 0; i < 100; i++) {
      const start = performance.now();
      const response = await penstock.app.inject({
        method: 'GET',
        url: `/api/tree?id=${folderId}`,
        headers: { cookie },
      });
      if (response.json().length !== items + 0) throw new Error('unexpected listing');
      listings.push(performance.now() - start);
    }
    rows.push({
      benchmark: 'GET /api/tree (folder listing, SQLite)',
      size: `${items} files`,
      result: `p50 ${ms(percentile(listings, 50))}`,
      detail: `p95 ${ms(percentile(listings, 95))}`,
    });

    const bytes = crypto.randomBytes(200 * 1024 * 1024);
    const { payload, headers } = multipartFile('big.ifc', bytes);
    const start = performance.now();
    const response = await penstock.app.inject({
      method: 'POST',
      url: `/api/folders/${project.folders.Archived}/files`,
      payload,
      headers: { ...headers, cookie },
    });
    const seconds = (performance.now() - start) / 1000;
    if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
    rows.push({
      benchmark: 'upload (stream, SHA-256, store)',
      size: '200 MB',
      result: `${(200 / seconds).toFixed(0)} MB/s`,
      detail: `${seconds.toFixed(2)} s`,
    });

    // over a real socket: inject() buffers the answer and would measure itself, not the server
    const address = await penstock.app.listen({ port: 0, host: '127.0.0.1' });
    const downloadStart = performance.now();
    const download = await fetch(`${address}${response.json().item.hrefbim360}`, { headers: { cookie } });
    let received = 0;
    for await (const chunk of download.body!) received += (chunk as Uint8Array).byteLength;
    const downloadSeconds = (performance.now() - downloadStart) / 1000;
    if (received !== bytes.length) throw new Error('download size differs');
    rows.push({
      benchmark: 'download over HTTP (stream from store)',
      size: '200 MB',
      result: `${(200 / downloadSeconds).toFixed(0)} MB/s`,
      detail: `${downloadSeconds.toFixed(2)} s`,
    });
  } finally {
    await penstock.destroy();
  }
}

const loadAtStart = os.loadavg()[0]!;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-bench-'));
try {
  if (parts.has('foundation')) {
    await benchPlantgen(tmp);
    await benchServer();
  }
  if (parts.has('schedule'))
    rows.push(...(await benchSchedulesInBrowser(tmp, (m) => console.log(`[bench:schedule] ${m}`))));
  if (parts.has('schedule-export'))
    rows.push(...(await benchScheduleExportRows(tmp, (m) => console.log(`[bench:schedule] ${m}`))));
  if (parts.has('sketch'))
    rows.push(...(await benchSketchEditor(tmp, (m) => console.log(`[bench:sketch] ${m}`))));
  if (parts.has('drawing'))
    rows.push(...(await benchDrawingCompare((m) => console.log(`[bench:drawing] ${m}`))));
  if (parts.has('ids')) rows.push(...(await benchIdsCheck(tmp, (m) => console.log(`[bench:ids] ${m}`))));
  const conversions = (Object.keys(CONVERSION_SIZES) as ConversionPart[]).filter((p) => parts.has(p));
  if (conversions.length)
    rows.push(
      ...(await benchConversionSizes(conversions, tmp, (m) => console.log(`[bench:conversion] ${m}`))),
    );
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

/** the rows of the previous results of the parts not run now, so a partial run keeps them */
function keptRows(): Row[] {
  if (!fs.existsSync(resultsFile)) return [];
  const kept: Row[] = [];
  for (const line of fs.readFileSync(resultsFile, 'utf8').split('\n')) {
    const cells = /^\| (.*) \|$/.exec(line)?.[1]?.split(' | ');
    if (cells?.length !== 4 || cells[0] === 'benchmark' || cells[0]!.startsWith('---')) continue;
    const [benchmark, size, result, detail] = cells as [string, string, string, string];
    if (!parts.has(partOf(benchmark))) kept.push({ benchmark, size, result, detail });
  }
  return kept;
}
const kept = keptRows();
const all = [...kept, ...rows].sort(
  (a, b) => PARTS.indexOf(partOf(a.benchmark)) - PARTS.indexOf(partOf(b.benchmark)),
);
const cell = (text: string) => text.replaceAll('|', '\\|');
const table = [
  '| benchmark | size | result | detail |',
  '|---|---|---|---|',
  ...all.map((r) => `| ${cell(r.benchmark)} | ${cell(r.size)} | ${cell(r.result)} | ${cell(r.detail)} |`),
].join('\n');
/** the parts a run's line (`npm run bench -- a b` or `npm run bench`) measured */
const partsOfRun = (line: string): Part[] =>
  (
    (/^`npm run bench -- ([a-z0-9 -]+)`/.exec(line)?.[1]?.split(' ') as Part[] | undefined) ?? DEFAULT_PARTS
  ).flatMap(covered);
/**
 * Where the kept rows came from, one 'Kept rows: ' line per run: the previous run's line for the rows it
 * measured, else the first of its own 'Kept rows: ' lines whose run measured them.
 */
function keptFrom(): string {
  if (!kept.length) return '';
  const lines = fs.readFileSync(resultsFile, 'utf8').split('\n');
  const runs = [
    lines.find((l) => l.startsWith('`npm run bench')),
    ...lines.filter((l) => l.startsWith('Kept rows: ')).map((l) => l.slice('Kept rows: '.length)),
  ].filter((l): l is string => !!l);
  const sources = new Set<string>();
  for (const row of kept) {
    const source = runs.find((line) => partsOfRun(line).includes(partOf(row.benchmark)));
    if (source) sources.add(source);
  }
  return [...sources].map((line) => `Kept rows: ${line}\n\n`).join('');
}
const run = !asked.length ? '`npm run bench`' : `\`npm run bench -- ${asked.join(' ')}\``;
const header =
  `# Benchmark results\n\n${run} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ` +
  `${new Date().toISOString().slice(0, 10)}, load average ${loadAtStart.toFixed(1)} at the start and ` +
  `${os.loadavg()[0]!.toFixed(1)} at the end (figures taken under other load are slower). ` +
  `Browser figures: headless Chromium, software rendering.\n\n${keptFrom()}`;
/** hand-written sections after the table (from the first '## ' heading on), kept as they are */
const trailing = (() => {
  if (!fs.existsSync(resultsFile)) return '';
  const text = fs.readFileSync(resultsFile, 'utf8');
  const at = text.search(/^## /m);
  return at < 0 ? '' : `\n${text.slice(at)}`;
})();
fs.writeFileSync(resultsFile, `${header}${table}\n${trailing}`);
console.log(table);
