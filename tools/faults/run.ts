/**
 * Fault tests (issue 16, item 4):  npm run test:faults
 * A real Penstock server (a child process) is killed with SIGKILL in the middle of work, then started again
 * on the same data; what was acknowledged must be there, what was not must be all or nothing. One module per
 * scenario: a bulk savedynamic, a model conversion, a kill inside a conversion's index transaction, an upload, a report save, a P&ID sketch save, a
 * workflow approval, a transmittal issue, a bulk upload with a register, a resumable upload's final assembly
 * and the demo seed of a first start; then the orphan files those kills left and the collector that removes them.
 * On SQLite, and on PostgreSQL when it is reachable (PENSTOCK_TEST_PG_URL or the local default). The results
 * table is written to docs/reliability.md. `npm run test:faults -- report sketch` runs only those scenarios
 * (the table is then printed, not written).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, postgresReachable } from '../../apps/server/src/test/harness.ts';
import { freePort, repoRoot } from '../bench/penstockProcess.ts';
import { approvalFault } from './approval.ts';
import { bulkUploadFault } from './bulkUpload.ts';
import { log, type Result, type Scenario } from './common.ts';
import { conversionFault } from './conversion.ts';
import { indexKillFault } from './indexKill.ts';
import { orphanFault } from './orphans.ts';
import { reportFault } from './report.ts';
import { resumableFault } from './resumable.ts';
import { savedynamicFault } from './savedynamic.ts';
import { seedFault } from './seed.ts';
import { sketchFault } from './sketch.ts';
import { transmittalFault } from './transmittal.ts';
import { uploadFault } from './upload.ts';

const SCENARIOS: Record<string, Scenario> = {
  savedynamic: savedynamicFault,
  conversion: conversionFault,
  indexKill: indexKillFault,
  upload: uploadFault,
  report: reportFault,
  sketch: sketchFault,
  approval: approvalFault,
  transmittal: transmittalFault,
  bulkUpload: bulkUploadFault,
  resumable: resumableFault,
  seed: seedFault,
  orphans: orphanFault,
};
const chosen = process.argv.slice(2).filter((name) => !name.startsWith('-'));
for (const name of chosen)
  if (!SCENARIOS[name]) throw new Error(`No scenario '${name}': ${Object.keys(SCENARIOS).join(', ')}`);
const scenarios = Object.entries(SCENARIOS).filter(([name]) => !chosen.length || chosen.includes(name));

const results: Result[] = [];
const pgDb = (await postgresReachable()) ? await createPostgresDatabase() : null;
if (!pgDb) log('PostgreSQL is not reachable: SQLite only');
const began = Date.now();
try {
  for (const databaseUrl of pgDb ? [undefined, pgDb.url] : [undefined]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-faults-'));
    const target = {
      dataDir,
      databaseUrl,
      port: await freePort(),
      database: databaseUrl ? 'PostgreSQL' : 'SQLite',
    } as const;
    try {
      for (const [name, scenario] of scenarios) {
        const scenarioBegan = Date.now();
        log(`${name} on ${target.database}`);
        results.push(await scenario(target));
        log(`${JSON.stringify(results.at(-1))} (${((Date.now() - scenarioBegan) / 1000).toFixed(0)} s)`);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await pgDb?.drop();
}

const table = [
  '| fault | database | rounds | what was found after the restart | all or nothing |',
  '|---|---|---|---|---|',
  ...results.map(
    (r) => `| ${r.fault} | ${r.database} | ${r.rounds} | ${r.outcome} | ${r.ok ? 'yes' : '**no**'} |`,
  ),
].join('\n');
const minutes = ((Date.now() - began) / 60_000).toFixed(0);
const doc = path.join(repoRoot, 'docs/reliability.md');
const text = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '';
const startMark = text.indexOf('<!-- faults:start -->');
const endMark = text.indexOf('<!-- faults:end -->');
if (!chosen.length && startMark >= 0 && endMark >= 0)
  fs.writeFileSync(
    doc,
    `${text.slice(0, startMark)}<!-- faults:start -->\nLast run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${minutes} minutes.\n\n${table}\n${text.slice(endMark)}`,
  );
console.log(table);
if (!results.every((r) => r.ok)) process.exitCode = 1;
