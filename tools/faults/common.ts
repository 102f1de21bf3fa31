/**
 * What every fault scenario shares: the server under test (a child process on one data folder and database),
 * signed-in calls to its API, reading its database directly after a kill, and the row of the results table.
 */
import { openDatabase, type Db } from '../../apps/server/src/db/database.ts';
import { BlobCollector } from '../../apps/server/src/storage/blobCollector.ts';
import { BlobCollectorRepo } from '../../apps/server/src/storage/blobCollector.repo.ts';
import { LocalBlobStore } from '../../apps/server/src/storage/blobStore.ts';
import { launchPenstock } from '../bench/penstockProcess.ts';

export const log = (message: string) => console.log(`[faults] ${message}`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One installation under test: a data folder and, for PostgreSQL, its database. */
export interface Target {
  dataDir: string;
  databaseUrl: string | undefined;
  port: number;
  database: 'SQLite' | 'PostgreSQL';
}

export type Server = Awaited<ReturnType<typeof launchPenstock>>;

/** Starts Penstock on the target's data (the demo is seeded on the first start); `env` adds settings. */
export const start = (target: Target, env: Record<string, string> = {}): Promise<Server> =>
  launchPenstock({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, port: target.port, env });

export interface Result {
  fault: string;
  database: string;
  rounds: number;
  outcome: string;
  ok: boolean;
}

export type Scenario = (target: Target) => Promise<Result>;

type Node = { id: string; text: string };
export type Api = Awaited<ReturnType<typeof session>>;

/** Signs in as a demo user; `api` calls with the session and throws on any non-2xx answer. */
export async function session(url: string, email = 'engineer@penstock.demo') {
  const signin = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'penstock-demo' }),
  });
  const cookie = /penstock_session=[^;]+/.exec(signin.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`sign-in failed: ${signin.status}`);
  const user = (await signin.json()) as { id: string; name: string; email: string };
  const api = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${url}${p}`, { ...init, headers: { ...init.headers, cookie } });
    if (!response.ok) throw new Error(`${p}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const json = <T>(method: string, p: string, body: unknown) =>
    api<T>(p, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const bytes = async (p: string): Promise<{ status: number; body: Buffer }> => {
    const response = await fetch(`${url}${p}`, { headers: { cookie } });
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  };
  const children = (id: string) => api<Node[]>(`/api/tree?id=${encodeURIComponent(id)}`);
  const project = (await children('#')).find((p) => p.text.startsWith('Riverside'))!;
  /** a folder of the demo project by its path ('WIP', 'Published/Drawings') */
  const folder = async (folderPath: string): Promise<Node> => {
    let node: Node = project;
    for (const name of folderPath.split('/')) {
      const next = (await children(node.id)).find((child) => child.text === name);
      if (!next) throw new Error(`no folder ${folderPath}`);
      node = next;
    }
    return node;
  };
  const wip = await folder('WIP');
  return { url, user, api, json, bytes, children, folder, project, wip, cookie };
}

/** Sends a call that the kill will probably cut off: resolves to 'acknowledged' or 'cut off'. */
export const outcomeOf = (call: Promise<unknown>): Promise<'acknowledged' | 'cut off'> =>
  call.then(
    () => 'acknowledged' as const,
    () => 'cut off' as const,
  );

/** How long a call takes when not killed (ms), to spread the kills over it. */
export async function timed(call: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await call();
  return performance.now() - began;
}

/** Reads the target's database and file store directly (after a kill, or beside a running server). */
export async function inspect<T>(
  target: Target,
  work: (db: Db, blobs: LocalBlobStore) => Promise<T>,
): Promise<T> {
  const { db } = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    return await work(db, new LocalBlobStore(target.dataDir));
  } finally {
    await db.destroy();
  }
}

/**
 * Stored blobs no row names, whatever their age: what the collector removes once the grace period has
 * passed (its dry run); and rows naming a blob whose file is missing (must always be none).
 */
export async function orphanCount(target: Target): Promise<{ orphans: number; missing: number }> {
  return inspect(target, async (db, blobs) => {
    const collector = new BlobCollector(db, blobs, { graceMinutes: 0 });
    const report = await collector.orphans(0);
    const referenced = await new BlobCollectorRepo(db).referencedHashes();
    let missing = 0;
    for (const hash of referenced) if (!(await blobs.exists(hash))) missing++;
    return { orphans: report.removed.length, missing };
  });
}

/** 'all', 'none' or 'n of m' */
export const kept = (found: number, total: number) =>
  found === total ? 'all' : found === 0 ? 'none' : `${found} of ${total}`;
