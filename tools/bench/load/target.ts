/**
 * What the load benches measure against: a Penstock server as a child process (SQLite, or PostgreSQL in a new
 * database), signed in as the demo engineer, with the requests of the mix; and how to read the CPU the server
 * (and, on PostgreSQL, the database's own processes) spent.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Request } from 'autocannon';
import { createPostgresDatabase } from '../../../apps/server/src/test/harness.ts';
import { launchPenstock } from '../penstockProcess.ts';

export type DatabaseKind = 'sqlite' | 'postgres';
export const DATABASE_NAMES: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** PostgreSQL's Unix socket folder on Debian and Ubuntu, when PostgreSQL runs on this machine. */
export const POSTGRES_SOCKET_DIR = '/var/run/postgresql';

/**
 * The address of a PostgreSQL database through the server's Unix socket instead of TCP (same database, same
 * user): what a server on the same machine as PostgreSQL can use; undefined when there is no socket here.
 */
export function overUnixSocket(url: string): string | undefined {
  const parsed = new URL(url);
  if (!['127.0.0.1', 'localhost'].includes(parsed.hostname)) return undefined;
  if (!fs.existsSync(path.join(POSTGRES_SOCKET_DIR, `.s.PGSQL.${parsed.port || 5432}`))) return undefined;
  parsed.hostname = 'localhost';
  parsed.searchParams.set('host', POSTGRES_SOCKET_DIR);
  return parsed.toString();
}

export const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** CPU time a process has used, all threads, user and system, in ms (Linux clock ticks of 10 ms); 0 once gone. */
export const cpuMs = (pid: number) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return 0;
  }
};

function multipart(field: string, value: string) {
  const boundary = `----load${crypto.randomBytes(6).toString('hex')}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n--${boundary}--\r\n`,
  };
}

type Node = { id: string; text: string; type?: string; children?: boolean };

export interface Target {
  kind: DatabaseKind;
  url: string;
  pid: number;
  cookie: string;
  /** the tree read first: GET /api/tree of the Process folder */
  mix: Request[];
  /**
   * CPU (ms) used so far by the database's own processes (PostgreSQL's backends serving this database;
   * SQLite runs inside the server, so 0). Sampled before and after a row: the backends of a pool stay open
   * while it is busy.
   */
  databaseCpuMs(): Promise<number>;
  /** the last 20,000 characters the server wrote */
  log(): string;
  stop(): Promise<void>;
}

/** Sign in as the demo engineer: the session cookie and the user's id. */
export async function signIn(url: string): Promise<{ cookie: string; userId: string }> {
  const signin = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'engineer@penstock.demo', password: 'penstock-demo' }),
  });
  const cookie = /penstock_session=[^;]+/.exec(signin.headers.get('set-cookie') ?? '')![0];
  return { cookie, userId: ((await signin.json()) as { id: string }).id };
}

/** The CPU of the PostgreSQL backends connected to one database (their pids from pg_stat_activity). */
export async function postgresBackendCpu(adminUrl: string, database: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const seen = new Map<number, number>();
  return {
    async cpuMs(): Promise<number> {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [database],
      );
      for (const { pid } of rows) seen.set(pid, cpuMs(pid) || (seen.get(pid) ?? 0));
      // a backend that ended keeps the last figure read for it
      for (const pid of seen.keys()) seen.set(pid, cpuMs(pid) || seen.get(pid)!);
      return [...seen.values()].reduce((sum, ms) => sum + ms, 0);
    },
    end: () => admin.end(),
  };
}

/** A server on `kind` with the small demo, signed in, its mix checked to answer 2xx. */
export async function startTarget(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    /** how the server reaches PostgreSQL, from the new database's address (the same by default) */
    databaseUrl?: (url: string) => string;
  } = {},
): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-load-'));
  const database = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const backends = database
    ? await postgresBackendCpu(
        database.url.replace(/\/[^/]+$/, '/postgres'),
        new URL(database.url).pathname.slice(1),
      )
    : undefined;
  const server = await launchPenstock({
    dataDir,
    ...(database ? { databaseUrl: options.databaseUrl?.(database.url) ?? database.url } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
  const stop = async () => {
    await server.stop();
    await backends?.end();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { url } = server;
    const { cookie, userId } = await signIn(url);
    const get = async <T>(p: string): Promise<T> =>
      (await (await fetch(`${url}${p}`, { headers: { cookie } })).json()) as T;
    const project = (await get<Node[]>('/api/tree?id=%23')).find((p) => p.text.startsWith('Riverside'))!;
    const top = await get<Node[]>(`/api/tree?id=${encodeURIComponent(project.id)}`);
    const shared = top.find((f) => f.text === 'Shared')!;
    const processFolder = (await get<Node[]>(`/api/tree?id=${encodeURIComponent(shared.id)}`)).find(
      (f) => f.text === 'Process',
    )!;
    const files = await get<Node[]>(`/api/tree?id=${encodeURIComponent(processFolder.id)}`);
    const model = files.find((f) => f.text.toLowerCase().endsWith('.ifc'))!;
    const projectName = project.text;
    const dynamicKey = JSON.stringify({ projectName, fileName: model.text });
    const saved = JSON.stringify([
      {
        projectName,
        fileName: model.text,
        tag: 'LOAD-001',
        guId: '0LoadTest0000000000001',
        category: 'Valve',
        locked: false,
        propValueList: [{ propName: 'Valve Orientation', propValue: 'Vertical' }],
      },
    ]);
    const headers = { cookie };
    const getdynamic = multipart('Data', dynamicKey);
    const savedynamic = multipart('Data', saved);
    const mix: Request[] = [
      { method: 'GET', path: `/api/tree?id=${encodeURIComponent(processFolder.id)}`, headers },
      {
        method: 'POST',
        path: '/api/getdynamic',
        headers: { ...headers, ...getdynamic.headers },
        body: getdynamic.body,
      },
      {
        method: 'POST',
        path: '/api/markups/getMarkups',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ formData: JSON.stringify({ projectId: project.id, documentId: model.id }) }),
      },
      {
        method: 'POST',
        path: '/api/savedynamic',
        headers: { ...headers, ...savedynamic.headers },
        body: savedynamic.body,
      },
      { method: 'GET', path: '/api/dsear', headers },
      { method: 'GET', path: `/api/workflow/pendingReview?id=${encodeURIComponent(userId)}`, headers },
    ];
    // a first pass that must answer 2xx everywhere: the mix is right before it is timed
    for (const request of mix) {
      const response = await fetch(`${url}${request.path}`, {
        method: request.method ?? 'GET',
        headers: request.headers ?? {},
        ...(request.body ? { body: String(request.body) } : {}),
      });
      if (!response.ok)
        throw new Error(`${request.method} ${request.path}: ${response.status} ${await response.text()}`);
    }
    return {
      kind,
      url,
      pid: server.child.pid!,
      cookie,
      mix,
      databaseCpuMs: async () => (backends ? backends.cpuMs() : 0),
      log: () => server.log(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
