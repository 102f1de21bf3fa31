/**
 * Issue 38, aims 1 and 2: the generated plant converted by Penstock (a server with its conversion process,
 * SQLite: the .frag and the object index stored) and by the bare IfcImporter, each in a fresh child process,
 * alternating, at 100k, 500k and 1M elements. Peak memory: the server with its conversion process (RSS
 * summed every 50 ms, and the kernel's maximum RSS of the server process), against the bare importer's.
 *   npm run bench -- conversion-100k        one size (the 500k and 1M rows take long: run them alone)
 *   npm run bench -- conversion             every size
 * The table (bench/results/conversion-<date>.md) keeps the rows of the sizes not run now, with the aims.
 * PENSTOCK_BENCH_PLANT_DIR: a folder where the generated plants are kept between runs (plant-<n>.ifc).
 * PENSTOCK_BENCH_BARE=0: Penstock only (the bare importer at 1M takes about as long as Penstock's conversion).
 * PENSTOCK_BENCH_PENSTOCK=0: no Penstock run. PENSTOCK_BENCH_PARTS=1: also the model converted in parts as far as
 * it goes today (model/partsImport.ts: the IFC split, each part through the IfcImporter in turn; not merged into
 * one model nor indexed), with PENSTOCK_CONVERSION_PART_MB (default 100).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writePlantIfc } from '@penstock/plantgen';
import { fastestOf, memoryMethod, repoRoot, runChild, type ChildRun } from '../model/serverBench.ts';

export interface BenchRow {
  benchmark: string;
  size: string;
  result: string;
  detail: string;
}

export const CONVERSION_SIZES = {
  'conversion-100k': 100_000,
  'conversion-500k': 500_000,
  'conversion-1m': 1_000_000,
};
export type ConversionPart = keyof typeof CONVERSION_SIZES;

const PEAK_AIM_MB = 4096;
const TIME_AIM = 1.15;
/** a conversion of the 1M plant takes tens of minutes on this machine, more under load */
const TIMEOUT_MS = 3 * 60 * 60 * 1000;
/** the bare importer gets the heap Penstock's conversion process gets by default (half the machine) */
const BARE_HEAP_MB = Math.min(16_384, Math.max(2_048, Math.floor(os.totalmem() / 2 / 1024 / 1024)));
const n = (value: number) => value.toLocaleString('en');
const gb = (mb: number) => `${(mb / 1024).toFixed(2)} GB`;
const time = (ms: number) => (ms >= 100_000 ? `${(ms / 1000).toFixed(0)} s` : `${(ms / 1000).toFixed(1)} s`);
const load = () => os.loadavg()[0]!.toFixed(1);

/** The parts run (model/partsImport.ts): the split, then the importer on each part. */
interface PartsRun extends ChildRun {
  splitMs?: number;
  parts?: number;
  partMs?: number[];
}

interface Measured {
  elements: number;
  fileMb: number;
  bare: ChildRun;
  penstock: ChildRun;
  parts?: PartsRun;
  loadBefore: string;
  loadAfter: string;
}

function plantFile(elements: number, tmp: string, log: (m: string) => void): string {
  const dir = process.env.PENSTOCK_BENCH_PLANT_DIR ?? tmp;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `plant-${elements}.ifc`);
  if (!fs.existsSync(file)) {
    log(`writing the ${n(elements)}-element plant (seed 7)`);
    writePlantIfc(file, { elements, seed: 7 });
  }
  return file;
}

async function measure(elements: number, tmp: string, log: (m: string) => void): Promise<Measured> {
  const file = plantFile(elements, tmp, log);
  const fileMb = fs.statSync(file).size / 1024 / 1024;
  const loadBefore = load();
  // bare first, then Penstock (one run each at these sizes: each is minutes long)
  log(`bare IfcImporter on ${path.basename(file)} (${fileMb.toFixed(0)} MB), load ${loadBefore}`);
  const bare: ChildRun =
    process.env.PENSTOCK_BENCH_BARE === '0'
      ? { ms: 0, sampledPeakMb: 0, peakMb: 0, bytes: 0, error: 'not run (PENSTOCK_BENCH_BARE=0)' }
      : await runChild('bareImport.ts', [file, path.join(tmp, 'bare.frag')], TIMEOUT_MS, [
          `--max-old-space-size=${BARE_HEAP_MB}`,
        ]);
  log(`bare: ${bare.error ?? `${time(bare.ms)}, peak ${gb(bare.peakMb)}`}; Penstock, load ${load()}`);
  const penstock: ChildRun =
    process.env.PENSTOCK_BENCH_PENSTOCK === '0'
      ? { ms: 0, sampledPeakMb: 0, peakMb: 0, bytes: 0, error: 'not run (PENSTOCK_BENCH_PENSTOCK=0)' }
      : await runChild('penstockConvert.ts', [file, path.join(tmp, 'penstock.frag')], TIMEOUT_MS);
  log(`Penstock: ${penstock.error ?? `${time(penstock.ms)}, peak ${gb(penstock.peakMb)}`}`);
  let parts: PartsRun | undefined;
  if (process.env.PENSTOCK_BENCH_PARTS === '1') {
    log(`in parts (split, then the IfcImporter on each part), load ${load()}`);
    const partsDir = path.join(tmp, 'parts');
    parts = await runChild('partsImport.ts', [file, partsDir], TIMEOUT_MS, [
      `--max-old-space-size=${BARE_HEAP_MB}`,
      '--expose-gc',
    ]);
    fs.rmSync(partsDir, { recursive: true, force: true });
    log(`parts: ${parts.error ?? `${time(parts.ms)}, peak ${gb(parts.peakMb)}, ${parts.parts} parts`}`);
  }
  fs.rmSync(path.join(tmp, 'bare.frag'), { force: true });
  fs.rmSync(path.join(tmp, 'penstock.frag'), { force: true });
  return {
    elements,
    fileMb,
    bare: fastestOf([bare]),
    penstock: fastestOf([penstock]),
    ...(parts ? { parts } : {}),
    loadBefore,
    loadAfter: load(),
  };
}

const resultsFile = () =>
  path.join(repoRoot, 'bench', 'results', `conversion-${new Date().toISOString().slice(0, 10)}.md`);
const ROW_MARK = '<!-- row ';

/** The rows of the sizes, as JSON in the table file (a run of one size keeps the others). */
function keptRows(file: string): Map<number, Measured> {
  const kept = new Map<number, Measured>();
  if (!fs.existsSync(file)) return kept;
  for (const line of fs.readFileSync(file, 'utf8').split('\n'))
    if (line.startsWith(ROW_MARK)) {
      const row = JSON.parse(line.slice(ROW_MARK.length, -' -->'.length)) as Measured;
      kept.set(row.elements, row);
    }
  return kept;
}

const ok = (run: ChildRun) => !run.error && run.ms > 0;
const notRun = (run: ChildRun) => run.error?.startsWith('not run') ?? false;

function partsCells(parts: PartsRun | undefined): string {
  if (!parts) return 'not run | – | –';
  if (!ok(parts)) return `failed: ${parts.error?.slice(0, 160)} | ${gb(parts.peakMb)} | –`;
  return `${time(parts.ms)} (${time(parts.splitMs ?? 0)}) | ${gb(parts.peakMb)} | ${parts.parts ?? '–'}`;
}

function table(rows: Measured[]): string {
  const lines = [
    '| plant | IFC | bare time | bare peak RSS | Penstock time | Penstock peak RSS | time ratio | objects | in parts: time (split) | in parts: peak RSS | parts | load (1 min) before → after |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const ratio = ok(r.bare) && ok(r.penstock) ? `${(r.penstock.ms / r.bare.ms).toFixed(2)}×` : '–';
    lines.push(
      `| ${n(r.elements)} | ${r.fileMb.toFixed(0)} MB | ${ok(r.bare) ? time(r.bare.ms) : notRun(r.bare) ? 'not run' : `failed: ${r.bare.error?.slice(0, 160)}`} | ${notRun(r.bare) ? '–' : gb(r.bare.peakMb)} | ${ok(r.penstock) ? time(r.penstock.ms) : notRun(r.penstock) ? 'not run' : `failed: ${r.penstock.error?.slice(0, 160)}`} | ${notRun(r.penstock) ? '–' : gb(r.penstock.peakMb)} | ${ratio} | ${r.penstock.objects !== undefined ? n(r.penstock.objects) : '–'} | ${partsCells(r.parts)} | ${r.loadBefore} → ${r.loadAfter} |`.replaceAll(
        '\n',
        ' ',
      ),
    );
  }
  return lines.join('\n');
}

function aims(rows: Map<number, Measured>): string[] {
  const out: string[] = [];
  const at = (elements: number) => rows.get(elements);
  const r500 = at(500_000);
  out.push(
    r500
      ? notRun(r500.penstock)
        ? '- 1a. 500k peak ≤ 4 GB: Penstock not run in the latest run'
        : `- 1a. The 500k plant converts with a server peak RSS ≤ 4 GB (PENSTOCK_CONVERSION_MEMORY_MB default): **${ok(r500.penstock) && r500.penstock.peakMb <= PEAK_AIM_MB ? 'met' : 'not met'}** (${ok(r500.penstock) ? gb(r500.penstock.peakMb) : `failed: ${r500.penstock.error}`})`
      : '- 1a. 500k peak ≤ 4 GB: not measured in these runs',
  );
  for (const r of [...rows.values()].sort((a, b) => a.elements - b.elements)) {
    if (!r.parts) continue;
    out.push(
      ok(r.parts)
        ? `- 1a (in parts, the importer's side only: not yet merged into one model nor indexed). ${n(r.elements)}: peak ≤ 4 GB **${r.parts.peakMb <= PEAK_AIM_MB ? 'met' : 'not met'}** (${gb(r.parts.peakMb)}, ${r.parts.parts} parts, ${time(r.parts.ms)}${ok(r.bare) ? `, ${(r.parts.ms / r.bare.ms).toFixed(2)}× the bare importer in the same run` : ', no bare importer in this run'})`
        : `- 1a (in parts). ${n(r.elements)}: failed (${r.parts.error?.slice(0, 200)})`,
    );
  }
  const r1m = at(1_000_000);
  out.push(
    r1m
      ? notRun(r1m.penstock)
        ? "- 1b. The 1M plant converts: Penstock's conversion not run in the latest run"
        : `- 1b. The 1,000,000-element plant converts on this machine: **${ok(r1m.penstock) ? 'met' : 'not met'}** (${ok(r1m.penstock) ? `${time(r1m.penstock.ms)}, peak ${gb(r1m.penstock.peakMb)}` : r1m.penstock.error})`
      : '- 1b. The 1M plant converts: not measured in these runs',
  );
  const peaks = [...rows.values()].filter((r) => ok(r.penstock)).sort((a, b) => a.elements - b.elements);
  if (peaks.length >= 2) {
    const steps = peaks.slice(1).map((r, i) => {
      const before = peaks[i]!;
      return {
        r,
        before,
        growth: r.penstock.peakMb / before.penstock.peakMb,
        size: r.elements / before.elements,
      };
    });
    const sublinear = steps.every((s) => s.growth < s.size);
    out.push(
      `- 1c. Peak memory grows sublinearly with the model: **${sublinear ? 'met' : 'not met'}** (${steps.map((s) => `${n(s.before.elements)} → ${n(s.r.elements)}: ${s.size.toFixed(0)}× the elements, ${s.growth.toFixed(2)}× the peak`).join('; ')})`,
    );
  } else out.push('- 1c. Sublinear growth: needs two sizes');
  for (const r of [...rows.values()].sort((a, b) => a.elements - b.elements)) {
    if (notRun(r.bare)) continue;
    if (!ok(r.bare)) {
      out.push(
        `- 2. ${n(r.elements)}: no bare importer time (${r.bare.error?.slice(0, 200)})${ok(r.penstock) ? '; Penstock converts it' : ''}`,
      );
      continue;
    }
    if (!ok(r.penstock)) continue;
    const ratio = r.penstock.ms / r.bare.ms;
    out.push(
      `- 2. Conversion time at ${n(r.elements)} within ${TIME_AIM}× the bare importer: **${ratio <= TIME_AIM ? 'met' : 'not met'}** (${ratio.toFixed(2)}×)`,
    );
  }
  return out;
}

/** The table of `rows` (with the aims and the rows' JSON) to `file`. */
export function writeResults(file: string, rows: Map<number, Measured>): void {
  const sorted = [...rows.values()].sort((a, b) => a.elements - b.elements);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    [
      `# Conversion memory and time (issue 38, aims 1 and 2), ${new Date().toISOString().slice(0, 10)}`,
      '',
      `\`npm run bench -- conversion-100k | conversion-500k | conversion-1m\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${gb(os.totalmem() / 1024 / 1024)} of memory, Node ${process.version}; shared with other work (the load average beside each row: 2 cores).`,
      '',
      `- Plants: plantgen, seed 7. Bare: That Open's IfcImporter alone on the file's bytes, as its docs show it (heap limit ${BARE_HEAP_MB} MB, as Penstock's conversion process gets by default). Penstock: a server (SQLite) storing the file as a version, its conversion process converting it and the .frag and object index stored, timed from the version being added to the queue being idle.`,
      `- In parts (issue 38, not yet Penstock's conversion): the IFC split by apps/server/src/jobs/ifcSplit (parts of about PENSTOCK_CONVERSION_PART_MB, default 100), then each part through the IfcImporter in turn in the same process (the file read piece by piece), its .frag written and let go before the next; the parts are not merged into one model nor indexed yet.`,
      `- Peak memory: ${memoryMethod}.`,
      `- One run of each, bare first; the time ratio is within the one run.`,
      '',
      table(sorted),
      '',
      '## Aims',
      '',
      ...aims(rows),
      '',
      ...sorted.map((r) => `${ROW_MARK}${JSON.stringify(r)} -->`),
      '',
    ].join('\n'),
  );
}

/** The table written again from its own rows (after a change to how it is written): no measuring. */
export function rewriteResults(): void {
  writeResults(resultsFile(), keptRows(resultsFile()));
}

export async function benchConversionSizes(
  parts: ConversionPart[],
  tmp: string,
  log: (m: string) => void,
): Promise<BenchRow[]> {
  const file = resultsFile();
  const fresh: BenchRow[] = [];
  for (const part of parts) {
    const measured = await measure(CONVERSION_SIZES[part], tmp, log);
    const { bare, penstock } = measured;
    fresh.push({
      benchmark: `${part}: convert the generated plant (Penstock, SQLite) against the bare IfcImporter`,
      size: `${n(measured.elements)} elements, ${measured.fileMb.toFixed(0)} MB`,
      result: ok(penstock)
        ? `${time(penstock.ms)}, peak ${gb(penstock.peakMb)}`
        : `failed: ${penstock.error?.slice(0, 200)}`,
      detail:
        `bare ${ok(bare) ? `${time(bare.ms)}, peak ${gb(bare.peakMb)}` : `failed: ${bare.error?.slice(0, 200)}`}; load ${measured.loadBefore} → ${measured.loadAfter}`.replaceAll(
          '\n',
          ' ',
        ),
    });
    // written after each size: a long run that stops later keeps what it measured (the rows read again
    // first: another run of another size may have written meanwhile)
    const latest = keptRows(file);
    latest.set(measured.elements, measured);
    writeResults(file, latest);
    log(`wrote ${path.relative(repoRoot, file)}`);
  }
  return fresh;
}
