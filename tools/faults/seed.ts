/**
 * SIGKILL during the demo seed, on a new installation's first start: the files are stored first, then every
 * row in one transaction. At the kill the database holds no row or the whole demo, never part of it; the
 * next start seeds (or keeps) the whole demo, and the files a cut-off seed stored are orphans the collector
 * removes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../../apps/server/src/test/harness.ts';
import { repoRoot } from '../bench/penstockProcess.ts';
import { inspect, orphanCount, session, sleep, start, timed, type Result, type Target } from './common.ts';

const FRACTIONS = [0.15, 0.35, 0.55, 0.75, 0.95];
const TABLES = [
  'users',
  'projects',
  'project_members',
  'folders',
  'items',
  'versions',
  'form_values',
  'feedback',
  'training_courses',
  'sdc_submissions',
  'supplier_zone_settings',
  'dsear_entries',
] as const;

/** A new, empty installation beside the target (its own data folder and, for PostgreSQL, database). */
async function fresh(target: Target): Promise<Target & { drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-faults-seed-'));
  const database = target.databaseUrl ? await createPostgresDatabase() : null;
  return {
    ...target,
    dataDir,
    databaseUrl: database?.url,
    drop: async () => {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Rows of the seeded tables. */
const counts = (target: Target) =>
  inspect(target, async (db) => {
    const found: Record<string, number> = {};
    for (const table of TABLES)
      found[table] = (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n as number;
    return Object.fromEntries(Object.entries(found).map(([table, n]) => [table, Number(n)]));
  });

/** Starts the server on `target` and SIGKILLs it `ms` later; whether it had started listening by then. */
async function killAfter(target: Target, ms: number): Promise<boolean> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(target.port),
      HOST: '127.0.0.1',
      PENSTOCK_DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl ?? '',
      PENSTOCK_DEMO_MODEL_SIZES: '50,50',
      PENSTOCK_WEB_DIST: path.join(target.dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', () => {});
  await sleep(ms);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return /open http/.test(output);
}

const same = (a: Record<string, number>, b: Record<string, number>) =>
  TABLES.every((table) => a[table] === b[table]);

export async function seedFault(target: Target): Promise<Result> {
  // how long a first start (with the seed) and a later start take
  const calibration = await fresh(target);
  let whole: Record<string, number>;
  let seeded = 0;
  let plain = 0;
  try {
    let server!: Awaited<ReturnType<typeof start>>;
    seeded = await timed(async () => (server = await start(calibration)));
    await server.kill();
    plain = await timed(async () => (server = await start(calibration)));
    await server.kill();
    whole = await counts(calibration);
  } finally {
    await calibration.drop();
  }
  const from = plain * 0.8;
  const outcomes: string[] = [];
  let ok = true;
  for (const fraction of FRACTIONS) {
    const installation = await fresh(target);
    try {
      const delay = Math.round(from + (seeded - from) * fraction);
      const listening = await killAfter(installation, delay);
      const atKill = await counts(installation).catch(() => null);
      const orphans = atKill ? (await orphanCount(installation)).orphans : 0;
      const none = !atKill || TABLES.every((table) => atKill[table] === 0);
      const all = !!atKill && same(atKill, whole);
      const server = await start(installation);
      const api = await session(server.url);
      const projects = (await api.children('#')).length;
      await server.kill();
      const after = await counts(installation);
      const round = (none || all) && same(after, whole) && projects === 1;
      ok &&= round;
      const found = none
        ? `no row${orphans ? ` (${orphans} stored files, no row naming them)` : ''}`
        : all
          ? 'the whole demo'
          : `PART OF THE DEMO ${JSON.stringify(atKill)}`;
      outcomes.push(
        `after ${delay} ms${listening ? ' (already listening)' : ''}: ${found}; after the restart: ${same(after, whole) ? 'the whole demo' : `INCOMPLETE ${JSON.stringify(after)}`}`,
      );
    } finally {
      await installation.drop();
    }
  }
  return {
    fault: `SIGKILL during the demo seed on a first start (${Math.round(seeded)} ms to listen with the seed, ${Math.round(plain)} ms without)`,
    database: target.database,
    rounds: FRACTIONS.length,
    outcome: outcomes.join('; '),
    ok,
  };
}
