import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { launchPenstock } from '../../../../tools/bench/penstockProcess.ts';
import { createPostgresDatabase, postgresReachable } from '../test/harness.ts';
import { startTestS3, type TestS3 } from '../test/s3Server.ts';

/**
 * Several servers (issue 17, item 3): two Penstock processes on different ports, each with its own data
 * folder, sharing one PostgreSQL database (sessions, sign-in throttle, pg-boss jobs) and one S3 server
 * (every stored file). Nothing one server needs is in the other's data folder.
 */
const pgUp = await postgresReachable();
if (!pgUp && process.env.PENSTOCK_REQUIRE_POSTGRES === '1')
  throw new Error('PostgreSQL is required (PENSTOCK_REQUIRE_POSTGRES=1) but not reachable');
if (!pgUp)
  console.warn('two-server test skipped: PostgreSQL is not reachable (it needs one database for both)');

type Server = Awaited<ReturnType<typeof launchPenstock>>;
type ModelInfo = { conversion: { state: string; error: string | null; progress?: number } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const timings: string[] = [];
const note = (line: string) => {
  timings.push(line);
  console.log(`[two servers] ${line}`);
};

/** Calls a server's API with a session cookie; throws on any answer but 2xx. */
function client(server: { url: string }, cookie: string) {
  const call = async (p: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}${p}`, { ...init, headers: { ...init.headers, cookie } });
    if (!response.ok) throw new Error(`${server.url}${p}: ${response.status} ${await response.text()}`);
    return response;
  };
  return {
    json: async <T>(p: string, init: RequestInit = {}) => (await call(p, init)).json() as Promise<T>,
    bytes: async (p: string) => Buffer.from(await (await call(p)).arrayBuffer()),
    status: async (p: string) => (await fetch(`${server.url}${p}`, { headers: { cookie } })).status,
  };
}

async function signIn(server: { url: string }): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'engineer@penstock.demo', password: 'penstock-demo' }),
  });
  const cookie = /penstock_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`sign-in on ${server.url} failed: ${response.status}`);
  return cookie;
}

/** The demo project's WIP folder, as a signed-in user finds it. */
async function wipFolder(api: ReturnType<typeof client>): Promise<string> {
  type Node = { id: string; text: string };
  const projects = await api.json<Node[]>('/api/tree?id=%23');
  const project = projects.find((p) => p.text.startsWith('Riverside'))!;
  const folders = await api.json<Node[]>(`/api/tree?id=${encodeURIComponent(project.id)}`);
  return folders.find((f) => f.text === 'WIP')!.id;
}

async function uploadModel(api: ReturnType<typeof client>, folderId: string, name: string, ifc: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(ifc)]), name);
  return api.json<{ item: { id: string }; version: { id: string } }>(`/api/folders/${folderId}/files`, {
    method: 'POST',
    body: form,
  });
}

/** Polls a model's conversion until `until` says so; its last state. */
async function waitFor(
  api: ReturnType<typeof client>,
  versionId: string,
  until: (state: string) => boolean,
  timeoutMs: number,
  each?: () => Promise<void>,
): Promise<ModelInfo['conversion']> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await each?.();
    const { conversion } = await api.json<ModelInfo>(`/api/models/${versionId}`);
    if (until(conversion.state)) return conversion;
    if (Date.now() > deadline) throw new Error(`conversion still ${conversion.state} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

describe.skipIf(!pgUp)(
  `two Penstock servers on one PostgreSQL and one S3 server${pgUp ? '' : ' (skipped: PostgreSQL not reachable)'}`,
  () => {
    let s3: TestS3;
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-scaleout-')));
    const servers: Server[] = [];
    const start = async (index: 0 | 1) => {
      const began = Date.now();
      const server = await launchPenstock({
        dataDir: dataDirs[index]!,
        databaseUrl: database.url,
        env: {
          ...s3.env,
          // a conversion whose server went silent for 10 s goes to the other
          PENSTOCK_JOB_HEARTBEAT_SECONDS: '10',
          LOG_LEVEL: 'info',
        },
      });
      servers.push(server);
      note(
        `server ${index === 0 ? 'A' : 'B'} ready on port ${server.port} in ${seconds(Date.now() - began)}`,
      );
      return server;
    };
    const converter = (versionFileName: string) =>
      servers
        .filter((server) => server.log().includes(`"msg":"converted ${versionFileName}"`))
        .map((server) => server.port);

    beforeAll(async () => {
      const began = Date.now();
      [s3, database] = await Promise.all([startTestS3(), createPostgresDatabase()]);
      note(`s3rver and a new PostgreSQL database in ${seconds(Date.now() - began)}`);
    });

    afterAll(async () => {
      for (const server of servers) await server.kill();
      await database?.drop();
      await s3?.close();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
      console.log(`[two servers] timings:\n  ${timings.join('\n  ')}`);
    });

    let killedModel: { versionId: string; cookieOfA: string };

    it(
      'a server killed during a conversion leaves the job to the other, which finishes it',
      { timeout: 150_000 },
      async () => {
        // A alone: it seeds the demo, takes the upload, and starts converting
        const a = await start(0);
        const cookieOfA = await signIn(a);
        const onA = client(a, cookieOfA);
        const folder = await wipFolder(onA);
        const ifc = Buffer.from(generatePlantIfc({ elements: 3000, seed: 17 }));
        const uploaded = await uploadModel(onA, folder, 'takeover-plant.ifc', ifc);
        const versionId = uploaded.version.id;
        let began = Date.now();
        await waitFor(onA, versionId, (state) => state === 'running', 60_000);
        note(
          `the 3,000-element model (${(ifc.length / 1024 / 1024).toFixed(1)} MB) running on A after ${seconds(Date.now() - began)}`,
        );

        // B starts while A converts; A dies (SIGKILL: no goodbye, the job stays 'running' with A's heartbeat)
        const startingB = start(1);
        await sleep(300);
        await a.kill();
        const killedAt = Date.now();
        expect(a.log()).not.toContain('"msg":"converted takeover-plant.ifc"');
        const b = await startingB;
        // the session made on A works on B
        const onB = client(b, cookieOfA);
        const atKill = await onB.json<ModelInfo>(`/api/models/${versionId}`);
        expect(atKill.conversion.state).toBe('running');
        began = Date.now();
        // B marks the job running again when it takes it: a new started_at in the shared database
        const startedAt = async () => {
          const db = new pg.Client({ connectionString: database.url });
          await db.connect();
          try {
            const { rows } = await db.query<{ started_at: unknown }>(
              'select started_at from conversions where version_id = $1',
              [versionId],
            );
            return String(rows[0]?.started_at);
          } finally {
            await db.end();
          }
        };
        const startedByA = await startedAt();
        let takenAt = 0;
        const final = await waitFor(
          onB,
          versionId,
          (state) => state === 'done' || state === 'failed',
          90_000,
          async () => {
            if (!takenAt && (await startedAt()) !== startedByA) takenAt = Date.now();
          },
        );
        expect(final).toMatchObject({ state: 'done', error: null });
        expect(takenAt).toBeGreaterThan(0);
        note(
          `A killed; B ready ${seconds(began - killedAt)} later; B took the job ${seconds(takenAt - killedAt)} ` +
            `after the kill (heartbeat 10 s, pg-boss supervising every 10 s) and finished it ` +
            `${seconds(Date.now() - killedAt)} after the kill`,
        );
        // B's log reaches this process through its stdout a moment after the conversion is marked done
        await expect.poll(() => converter('takeover-plant.ifc'), { timeout: 10_000 }).toEqual([b.port]);
        expect((await onB.bytes(`/api/models/${versionId}/fragments`)).length).toBeGreaterThan(1000);
        killedModel = { versionId, cookieOfA };
      },
    );

    it(
      'a file uploaded through one is converted by whichever takes it and viewable through both',
      { timeout: 90_000 },
      async () => {
        // A again, as a new process on its own data folder: both servers run
        const a = await start(0);
        const b = servers[1]!;
        const cookie = await signIn(a);
        const onA = client(a, cookie);
        const onB = client(b, cookie);
        const folder = await wipFolder(onA);
        const ifc = Buffer.from(generatePlantIfc({ elements: 300, seed: 18 }));
        const began = Date.now();
        const { item, version } = await uploadModel(onA, folder, 'shared-plant.ifc', ifc);
        for (const api of [onA, onB]) await waitFor(api, version.id, (state) => state === 'done', 60_000);
        const by = converter('shared-plant.ifc');
        expect(by).toHaveLength(1);
        note(
          `a 300-element model uploaded through A converted by ${by[0] === a.port ? 'A' : 'B'} in ${seconds(Date.now() - began)}`,
        );

        for (const api of [onA, onB]) {
          expect(sha256(await api.bytes(`/api/items/${item.id}/content`))).toBe(sha256(ifc));
          const info = await api.json<ModelInfo & { viewables: unknown[] }>(`/api/models/${version.id}`);
          expect(info.conversion.state).toBe('done');
        }
        const fragments = await Promise.all(
          [onA, onB].map((api) => api.bytes(`/api/models/${version.id}/fragments`)),
        );
        expect(fragments[0]!.length).toBeGreaterThan(1000);
        expect(fragments[0]!.equals(fragments[1]!)).toBe(true);
        const objects = await Promise.all(
          [onA, onB].map((api) => api.json<unknown>(`/api/models/${version.id}/objects`)),
        );
        expect(objects[0]).toEqual(objects[1]);
        // and the model A was killed converting, through the new A
        const takeover = await Promise.all(
          [onA, onB].map((api) => api.bytes(`/api/models/${killedModel.versionId}/fragments`)),
        );
        expect(takeover[0]!.equals(takeover[1]!)).toBe(true);

        // nothing is in either data folder's file store: every file is in the bucket
        for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'blobs'))).toBe(false);
      },
    );

    it('a session made on one server works on the other', async () => {
      const [a, b] = [servers[2]!, servers[1]!];
      const cookie = await signIn(a);
      const user = await client(b, cookie).json<{ email: string }>('/api/user');
      expect(user.email).toBe('engineer@penstock.demo');
      // the session of the killed first A as well
      expect(await client(b, killedModel.cookieOfA).status('/api/user')).toBe(200);
      expect(await client(a, killedModel.cookieOfA).status('/api/user')).toBe(200);
      // signed out on B: gone on A too
      expect(await client(b, cookie).status('/api/user/logoff')).toBe(200);
      expect(await client(a, cookie).status('/api/user')).toBe(401);
    });
  },
);
