/**
 * Issue 36 §4's row: the generated plant checked against the shipped 'Water asset data' IDS (22
 * specifications) by a real Penstock server (its own process, SQLite), as for any model delivered into a folder
 * in scope: the upload converts, the conversion queues the check. Measured in one run:
 * - the check's time (ids_checks.started_at → finished_at) against the plant's conversion
 *   (conversions.started_at → finished_at), both the server's own clock: aim ≤ 0.5×;
 * - the server's memory (its process with its child processes: the check runs in one, RSS summed every
 *   50 ms) from the conversion's end to the check's, above its idle memory just before the upload: aim ≤ 1 GB.
 *
 *   npm run bench -- ids                                       the 100k plant (the issue's size)
 *   PENSTOCK_BENCH_IDS_ELEMENTS=5000 npm run bench -- ids      a small plant, to try the bench itself
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { writePlantIfc } from '@penstock/plantgen';
import type { IdsOverview, IdsVersionChecks } from '@penstock/shared';
import { treeRss } from '../model/compareRun.ts';
import { DEMO_PROJECT, startServer } from '../model/penstockServer.ts';

export interface BenchRow {
  benchmark: string;
  size: string;
  result: string;
  detail: string;
}

const MB = 1024 * 1024;
const CHECK_AIM = 0.5;
const MEMORY_AIM_MB = 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (from: string | null, to: string | null) =>
  from && to ? (Date.parse(to) - Date.parse(from)) / 1000 : NaN;
const n = (value: number) => value.toLocaleString('en');

export const idsBenchElements = (): number => Number(process.env.PENSTOCK_BENCH_IDS_ELEMENTS ?? 100_000);

export async function benchIdsCheck(tmp: string, log: (message: string) => void): Promise<BenchRow[]> {
  const elements = idsBenchElements();
  const file = path.join(tmp, 'ids-plant.ifc');
  log(`generating the ${n(elements)}-element plant`);
  writePlantIfc(file, { elements, seed: 7 });
  const ifcMb = fs.statSync(file).size / MB;
  const dataDir = path.join(tmp, 'ids-data');
  fs.mkdirSync(dataDir);
  log('starting Penstock');
  const server = await startServer(dataDir, path.join(tmp, 'no-web'));
  try {
    // the demo project's shipped IDS applies to WIP and Shared: the bench's upload folder (Archived) joins them
    const projects = await server.api<Array<{ id: string; text: string }>>('/api/tree?id=%23');
    const project = projects.find((p) => p.text === DEMO_PROJECT);
    if (!project) throw new Error('the demo project was not seeded');
    const base = `/api/projects/${project.id}/ids`;
    const ids = (await server.api<IdsOverview>(base)).documents.find(
      (d) => d.validation.title === 'Water asset data',
    );
    if (!ids) throw new Error("the demo project has no 'Water asset data' IDS");
    await server.api(`${base}/${ids.itemId}/scopes`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        scopes: [
          ...ids.scopes.map((s) => ({ kind: s.kind, targetId: s.targetId })),
          { kind: 'folder', targetId: server.archivedFolderId },
        ],
      }),
    });
    // the demo's conversions and checks are done, and the spare conversion process has started (15 s)
    await sleep(25_000);
    let idle = 0;
    for (let i = 0; i < 10; i++) {
      idle = Math.max(idle, treeRss(server.pid));
      await sleep(100);
    }

    log('uploading the plant: its conversion queues the check');
    const versionId = await server.upload(file);
    await server.waitConverted(versionId, 60 * 60_000);
    let peak = treeRss(server.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.pid))), 50);
    let checks: IdsVersionChecks;
    try {
      const until = Date.now() + 60 * 60_000;
      for (;;) {
        checks = await server.api<IdsVersionChecks>(`${base}/checks?versionId=${versionId}`);
        const status = checks.checks[0]?.status;
        if (status === 'done') break;
        if (status === 'failed') throw new Error(`the check failed: ${checks.checks[0]?.error}`);
        if (Date.now() > until) throw new Error('the check timed out');
        await sleep(100);
      }
    } finally {
      clearInterval(sampler);
    }
    const check = checks.checks[0]!;
    const db = new Database(path.join(dataDir, 'penstock.sqlite'), { readonly: true });
    const conversion = db
      .prepare('select started_at, finished_at from conversions where version_id = ?')
      .get(versionId) as { started_at: string | null; finished_at: string | null };
    const timing = db
      .prepare('select started_at, finished_at from ids_checks where id = ?')
      .get(check.id) as { started_at: string | null; finished_at: string | null };
    db.close();
    const conversionS = seconds(conversion.started_at, conversion.finished_at);
    const checkS = seconds(timing.started_at, timing.finished_at);
    const ratio = checkS / conversionS;
    const aboveIdleMb = (peak - idle) / MB;
    const failing = check.specifications.reduce((sum, s) => sum + s.failed, 0);
    return [
      {
        benchmark: "ids: check a model against the shipped 'Water asset data' IDS (SQLite)",
        size: `${n(elements)} elements, ${check.counts.specifications} specifications`,
        result: `${checkS.toFixed(1)} s = ${ratio.toFixed(2)}× the conversion (aim ≤ ${CHECK_AIM}×: ${ratio <= CHECK_AIM ? 'met' : 'not met'})`,
        detail:
          `conversion ${conversionS.toFixed(1)} s of the ${ifcMb.toFixed(0)} MB IFC; server memory above idle while checking ` +
          `${aboveIdleMb.toFixed(0)} MB (idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB; aim ≤ ${MEMORY_AIM_MB} MB: ` +
          `${aboveIdleMb <= MEMORY_AIM_MB ? 'met' : 'not met'}); ${check.counts.passed} of ${check.counts.specifications} specifications pass, ${n(failing)} failing objects`,
      },
    ];
  } finally {
    await server.stop();
  }
}
