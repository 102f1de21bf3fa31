/**
 * One seeded data folder per e2e run, copied for each journey (CI time, issue 38's house work): seeding the demo
 * project and converting its models took 15–30 s of every journey's start. The first journey that needs it builds
 * the template (Penstock started on an empty folder, as a user would, until the demo is seeded and every
 * conversion has finished, then stopped cleanly); later journeys copy the folder and start on it. The template is
 * keyed by the server's and the generator's source files, so a changed seed, migration or conversion builds a new
 * one; a journey that changes what the seed does (its own database, model sizes, no demo) starts empty instead.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Settings that change what the seed writes: a journey that sets one starts on an empty folder. */
const SEED_SETTINGS = [
  'DATABASE_URL',
  'PENSTOCK_DEMO_MODEL_SIZES',
  'PENSTOCK_SEED_DEMO',
  'PENSTOCK_S3_BUCKET',
];

export function templateApplies(env: Record<string, string>): boolean {
  if (process.env.PENSTOCK_E2E_TEMPLATE === '0') return false;
  return !Object.keys(env).some((key) => SEED_SETTINGS.includes(key) && (key !== 'DATABASE_URL' || env[key]));
}

/** Names, sizes and times of every source file the seed and the conversion depend on. */
function sourceKey(): string {
  const hash = crypto.createHash('sha256').update(repoRoot);
  const walk = (dir: string): void => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = fs.statSync(full);
        hash.update(`${full}:${stat.size}:${stat.mtimeMs}\n`);
      }
    }
  };
  for (const dir of [
    'apps/server/src',
    'apps/server/config',
    'packages/plantgen/src',
    'packages/shared/src',
  ]) {
    walk(path.join(repoRoot, dir));
  }
  return hash.digest('hex').slice(0, 16);
}

function conversionsFinished(dataDir: string): boolean {
  const file = path.join(dataDir, 'penstock.sqlite');
  if (!fs.existsSync(file)) return false;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `select count(*) as total, sum(case when state in ('done', 'failed') then 1 else 0 end) as finished
           from conversions`,
      )
      .get() as { total: number; finished: number | null };
    return row.total > 0 && row.finished === row.total;
  } catch {
    return false; // not migrated yet
  } finally {
    db.close();
  }
}

async function buildTemplate(target: string, env: Record<string, string>): Promise<void> {
  const staging = fs.mkdtempSync(`${target}.building-`);
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      PENSTOCK_DATA_DIR: staging,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + 240_000;
    while (!/open http/.test(log) || !conversionsFinished(staging)) {
      if (child.exitCode !== null) throw new Error(`Penstock exited while seeding the e2e template:\n${log}`);
      if (Date.now() > deadline) throw new Error(`The e2e template was not seeded in time:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
  try {
    fs.renameSync(staging, target);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true }); // another run built it first
  }
}

/** The seeded template folder for this source tree, built on first use. */
export async function seededTemplate(env: Record<string, string>): Promise<string> {
  const target = path.join(os.tmpdir(), `penstock-e2e-template-${sourceKey()}`);
  if (!fs.existsSync(target)) await buildTemplate(target, env);
  return target;
}
