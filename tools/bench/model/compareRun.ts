/**
 * `npm run bench:model -- --compare [--sizes 100000]`: issue 34 §4's model-compare row. plantgen writes the
 * plant and its second version (a known set of removed, moved, property-changed and added elements); a real
 * Penstock server (its own process, SQLite) converts the first, then the second, whose conversion queues its
 * compare against the first on the job queue, as for any upload. Measured in one run:
 * - the compare's time (model_compares.started_at → finished_at) against the second version's conversion
 *   (conversions.started_at → finished_at), both the server's own clock: aim ≤ 0.3×;
 * - the server's memory (its process with its child processes, RSS summed every 50 ms) while the compare
 *   runs, above its idle memory just before the second upload: aim ≤ 1 GB;
 * - the change list against what plantgen changed: aim exactly equal.
 * Writes bench/results/compare-<date>.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { writePlantIfc } from '@penstock/plantgen';
import type { ModelChangesPage, VersionCompareSummary } from '@penstock/shared';
import { plantRevisionMismatches } from '../../../apps/server/src/modules/modelCompare/plantRevision.testing.ts';
import { startServer } from './penstockServer.ts';
import { repoRoot } from './serverBench.ts';

/** RSS of a process and all its descendants (Linux /proc), in bytes. */
export function treeRss(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    let bytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) bytes += treeRss(Number(child));
    }
    return bytes;
  } catch {
    return 0;
  }
}

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (from: string | null, to: string | null) =>
  from && to ? (Date.parse(to) - Date.parse(from)) / 1000 : NaN;

export async function runCompareOnly(options: {
  tmp: string;
  plantElements: number;
  conversionTimeoutMs: number;
  log: (message: string) => void;
}): Promise<void> {
  const { tmp, plantElements, conversionTimeoutMs, log } = options;
  const load = [os.loadavg()[0]!];
  const size = plantElements >= 1000 ? `${plantElements / 1000}k` : String(plantElements);
  // about a thousandth of the plant of each kind of change
  const count = Math.max(2, Math.round(plantElements / 1000));
  const revision = { removed: count, moved: count, changed: count, added: Math.ceil(count / 2) };
  const first = path.join(tmp, 'v1', 'plant.ifc');
  const second = path.join(tmp, 'v2', 'plant.ifc');
  fs.mkdirSync(path.dirname(first));
  fs.mkdirSync(path.dirname(second));
  log(`generating the ${size} plant and its second version (${JSON.stringify(revision)})`);
  writePlantIfc(first, { elements: plantElements, seed: 7 });
  const expected = writePlantIfc(second, { elements: plantElements, seed: 7, revision }).changes!;

  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  log('starting Penstock');
  const server = await startServer(dataDir, path.join(tmp, 'no-web'));
  let markdown: string;
  try {
    log('uploading the first version and waiting for its conversion');
    const v1 = await server.upload(first);
    await server.waitConverted(v1, conversionTimeoutMs);
    // the demo's and the first version's jobs are done; the spare conversion process starts 15 s after a job
    await sleep(20_000);
    let idle = 0;
    for (let i = 0; i < 10; i++) {
      idle = Math.max(idle, treeRss(server.pid));
      await sleep(100);
    }

    log('uploading the second version: its conversion queues the compare');
    const v2 = await server.upload(second);
    await server.waitConverted(v2, conversionTimeoutMs);
    let peak = treeRss(server.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.pid))), 50);
    let summary: VersionCompareSummary;
    try {
      const until = Date.now() + conversionTimeoutMs;
      for (;;) {
        summary = await server.api<VersionCompareSummary>(`/api/versions/${v2}/compare-summary`);
        const status = summary.compare?.status;
        if (status === 'done') break;
        if (status === 'failed') throw new Error(`the compare failed: ${summary.compare?.error}`);
        if (!summary.compare) throw new Error(`no compare: ${summary.reason}`);
        if (Date.now() > until) throw new Error('the compare timed out');
        await sleep(100);
      }
    } finally {
      clearInterval(sampler);
    }
    const compareId = summary.compare!.id;
    const page = await server.api<ModelChangesPage>(`/api/model-compares/${compareId}/changes?limit=5000`);
    const mismatches = plantRevisionMismatches(page.changes, expected);

    const db = new Database(path.join(dataDir, 'penstock.sqlite'), { readonly: true });
    const conversion = db
      .prepare('select started_at, finished_at from conversions where version_id = ?')
      .get(v2) as { started_at: string | null; finished_at: string | null };
    const compare = db
      .prepare('select started_at, finished_at from model_compares where id = ?')
      .get(compareId) as { started_at: string | null; finished_at: string | null };
    db.close();
    const conversionS = seconds(conversion.started_at, conversion.finished_at);
    const compareS = seconds(compare.started_at, compare.finished_at);
    const ratio = compareS / conversionS;
    const aboveIdleMb = (peak - idle) / MB;
    load.push(os.loadavg()[0]!);

    const aims = [
      `- Compare within 0.3× the conversion of one version: ${ratio.toFixed(3)}× — ${ratio <= 0.3 ? 'met' : 'NOT met'}`,
      `- Server memory within 1 GB above idle while comparing: ${aboveIdleMb.toFixed(0)} MB — ${aboveIdleMb <= 1024 ? 'met' : 'NOT met'}`,
      `- Change list exactly what plantgen changed: ${mismatches.length === 0 ? 'met' : `NOT met (${mismatches.length} differences: ${mismatches.slice(0, 5).join('; ')})`}`,
    ];
    const cpus = os.cpus();
    markdown = [
      `# Model benchmark: model compare (issue 34 §4) (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
      '',
      `\`npm run bench:model -- ${process.argv.slice(2).join(' ')}\` on ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${load[0]!.toFixed(1)} at the start and ${load[1]!.toFixed(1)} at the end.`,
      '',
      `The ${size} plant (seed 7) and its second version from plantgen (${revision.removed} removed, ${revision.moved} moved by 1 m, ${revision.changed} with a property changed, ${revision.added} added), converted by a Penstock server process (SQLite); the second version's conversion queues its compare against the first. Times are the server's own (started → finished in its tables); memory is the server process with its child processes (the compare runs in the server process itself), RSS summed every 50 ms from the second conversion's end to the compare's, less the same just before the second upload.`,
      '',
      '| row | figure |',
      '| --- | --- |',
      `| conversion of the second version | ${conversionS.toFixed(1)} s |`,
      `| compare of the two versions | ${compareS.toFixed(1)} s |`,
      `| compare / conversion | ${ratio.toFixed(3)}× |`,
      `| server memory: idle, peak while comparing, above idle | ${(idle / MB).toFixed(0)} MB, ${(peak / MB).toFixed(0)} MB, ${aboveIdleMb.toFixed(0)} MB |`,
      `| changes listed (added, removed, changed; unchanged) | ${page.total} (${summary.compare!.summary!.added}, ${summary.compare!.summary!.removed}, ${summary.compare!.summary!.changed}; ${summary.compare!.summary!.unchanged}) |`,
      `| differences from what plantgen changed | ${mismatches.length} |`,
      '',
      '## Aims',
      '',
      ...aims,
      '',
    ].join('\n');
  } finally {
    await server.stop();
  }
  const outDir = path.join(repoRoot, 'bench/results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `compare-${new Date().toISOString().slice(0, 10)}.md`), markdown);
  console.log(markdown);
}
