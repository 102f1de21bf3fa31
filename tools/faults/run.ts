/**
 * Fault tests (issue 16, item 4):  npm run test:faults
 * A real Penstock server (a child process) is killed with SIGKILL in the middle of work, then started again
 * on the same data; what was acknowledged must be there, what was not must be all or nothing:
 *  - a bulk savedynamic (thousands of records in one call): after the restart either every record or none;
 *  - a model conversion: the job is picked up again after the restart and ends converted;
 *  - an upload: the file is either listed whole (its bytes hash as stored) or absent, and no staging file is
 *    left; blob files without a database row are counted (a crash between storing and recording).
 * On SQLite, and on PostgreSQL when it is reachable (PENSTOCK_TEST_PG_URL or the local default). The results
 * table is written to docs/reliability.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatePlantIfc } from '@penstock/plantgen';
import { createPostgresDatabase, postgresReachable } from '../../apps/server/src/test/harness.ts';
import { freePort, launchPenstock, repoRoot } from '../bench/penstockProcess.ts';

const log = (message: string) => console.log(`[faults] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Server = Awaited<ReturnType<typeof launchPenstock>>;

const start = (dataDir: string, databaseUrl: string | undefined, port: number): Promise<Server> =>
  launchPenstock({ dataDir, databaseUrl, port });

const kill = (server: Server): Promise<void> => server.kill();

async function session(url: string) {
  const signin = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'engineer@penstock.demo', password: 'penstock-demo' }),
  });
  const cookie = /penstock_session=[^;]+/.exec(signin.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`sign-in failed: ${signin.status}`);
  const api = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${url}${p}`, { ...init, headers: { ...init.headers, cookie } });
    if (!response.ok) throw new Error(`${p}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  type Node = { id: string; text: string };
  const project = (await api<Node[]>('/api/tree?id=%23')).find((p) => p.text.startsWith('Riverside'))!;
  const wip = (await api<Node[]>(`/api/tree?id=${encodeURIComponent(project.id)}`)).find(
    (f) => f.text === 'WIP',
  )!;
  return { api, project, wip, cookie };
}

interface Result {
  fault: string;
  database: string;
  rounds: number;
  outcome: string;
  ok: boolean;
}

async function savedynamicRounds(
  dataDir: string,
  databaseUrl: string | undefined,
  port: number,
): Promise<Result> {
  const records = 20_000;
  const outcomes: string[] = [];
  let ok = true;
  for (let round = 0; round < 3; round++) {
    let server = await start(dataDir, databaseUrl, port);
    const { api, project } = await session(server.url);
    const fileName = `fault-${round}.ifc`;
    const data = Array.from({ length: records }, (_, i) => ({
      projectName: project.text,
      fileName,
      tag: `F${round}-${i}`,
      guId: crypto.randomUUID().replace(/-/g, '').slice(0, 22),
      category: 'Valve',
      locked: false,
      propValueList: [{ propName: 'Valve Orientation', propValue: 'Vertical' }],
    }));
    const form = new FormData();
    form.append('Data', JSON.stringify(data));
    const sent = api('/api/savedynamic', { method: 'POST', body: form }).then(
      () => 'acknowledged',
      () => 'cut off',
    );
    await sleep(150 + round * 250);
    await kill(server);
    const answer = await sent;
    server = await start(dataDir, databaseUrl, port);
    const after = await session(server.url);
    const key = new FormData();
    key.append('Data', JSON.stringify({ projectName: project.text, fileName }));
    const entries = await after.api<unknown[]>('/api/getdynamic', { method: 'POST', body: key });
    await kill(server);
    const whole = entries.length === 0 || entries.length === records;
    const acknowledgedKept = answer !== 'acknowledged' || entries.length === records;
    ok &&= whole && acknowledgedKept;
    outcomes.push(
      `${answer}, ${entries.length === records ? 'all' : entries.length === 0 ? 'none' : `${entries.length} of ${records}`} kept`,
    );
  }
  return {
    fault: `SIGKILL during a bulk savedynamic (${records.toLocaleString('en-GB')} records)`,
    database: databaseUrl ? 'PostgreSQL' : 'SQLite',
    rounds: 3,
    outcome: outcomes.join('; '),
    ok,
  };
}

async function conversionRound(
  dataDir: string,
  databaseUrl: string | undefined,
  port: number,
): Promise<Result> {
  let server = await start(dataDir, databaseUrl, port);
  const { api, wip, cookie } = await session(server.url);
  const form = new FormData();
  form.append(
    'file',
    new Blob([Buffer.from(generatePlantIfc({ elements: 3000, seed: 4 }))]),
    'fault-plant.ifc',
  );
  const uploaded = await api<{ version: { id: string } }>(`/api/folders/${wip.id}/files`, {
    method: 'POST',
    body: form,
  });
  const versionId = uploaded.version.id;
  let state = '';
  for (let i = 0; i < 600 && state !== 'running'; i++) {
    state = (await api<{ conversion: { state: string } }>(`/api/models/${versionId}`)).conversion.state;
    if (state !== 'running') await sleep(50);
  }
  await sleep(300);
  await kill(server);
  server = await start(dataDir, databaseUrl, port);
  const after = await session(server.url);
  let final = '';
  let error: string | null = null;
  for (let i = 0; i < 1200; i++) {
    const info = await after.api<{ conversion: { state: string; error: string | null } }>(
      `/api/models/${versionId}`,
    );
    final = info.conversion.state;
    error = info.conversion.error;
    if (final === 'done' || final === 'failed') break;
    await sleep(100);
  }
  await kill(server);
  void cookie;
  return {
    fault: 'SIGKILL during a model conversion (3,000-element plant)',
    database: databaseUrl ? 'PostgreSQL' : 'SQLite',
    rounds: 1,
    outcome: `killed while ${state}; after the restart: ${final}${error ? ` (${error})` : ''}`,
    ok: final === 'done',
  };
}

async function uploadRound(dataDir: string, databaseUrl: string | undefined, port: number): Promise<Result> {
  const outcomes: string[] = [];
  let ok = true;
  for (const [round, delay] of [200, 450].entries()) {
    const result = await uploadOnce(dataDir, databaseUrl, port, delay, `fault-upload-${round}.bin`);
    outcomes.push(`after ${delay} ms: ${result.outcome}`);
    ok &&= result.ok;
  }
  return {
    fault: 'SIGKILL during a 60 MB upload',
    database: databaseUrl ? 'PostgreSQL' : 'SQLite',
    rounds: 2,
    outcome: outcomes.join('; '),
    ok,
  };
}

async function uploadOnce(
  dataDir: string,
  databaseUrl: string | undefined,
  port: number,
  delay: number,
  fileName: string,
): Promise<{ outcome: string; ok: boolean }> {
  let server = await start(dataDir, databaseUrl, port);
  const { api, wip } = await session(server.url);
  const content = crypto.randomBytes(60 * 1024 * 1024);
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const sent = api(`/api/folders/${wip.id}/files`, { method: 'POST', body: form }).then(
    () => 'acknowledged',
    () => 'cut off',
  );
  await sleep(delay);
  await kill(server);
  const answer = await sent;
  const stagingLeft = fs.existsSync(path.join(dataDir, 'staging'))
    ? fs.readdirSync(path.join(dataDir, 'staging')).length
    : 0;
  server = await start(dataDir, databaseUrl, port);
  const after = await session(server.url);
  const listed = (
    await after.api<{ text: string; id: string }[]>(`/api/tree?id=${encodeURIComponent(wip.id)}`)
  ).find((n) => n.text === 'fault-upload.bin');
  let whole = true;
  if (listed) {
    const bytes = Buffer.from(
      await (
        await fetch(`${server.url}/api/items/${listed.id}/content`, { headers: { cookie: after.cookie } })
      ).arrayBuffer(),
    );
    whole = bytes.equals(content);
  }
  const stagingAfter = fs.readdirSync(path.join(dataDir, 'staging')).length;
  await kill(server);
  return {
    outcome: `${answer}, ${listed ? (whole ? 'listed whole' : 'listed DAMAGED') : 'not listed'}, staging files ${stagingLeft} at the kill and ${stagingAfter} after the restart`,
    ok: whole && stagingAfter === 0 && (answer !== 'acknowledged' || !!listed),
  };
}

const results: Result[] = [];
const pgDb = (await postgresReachable()) ? await createPostgresDatabase() : null;
if (!pgDb) log('PostgreSQL is not reachable: SQLite only');
for (const databaseUrl of [undefined, pgDb?.url]) {
  if (databaseUrl === undefined && results.length > 0) continue;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-faults-'));
  const port = await freePort();
  try {
    for (const round of [savedynamicRounds, conversionRound, uploadRound]) {
      log(`${round.name} on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}`);
      results.push(await round(dataDir, databaseUrl, port));
      log(JSON.stringify(results[results.length - 1]));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!pgDb) break;
}
await pgDb?.drop();

const table = [
  '| fault | database | rounds | what was found after the restart | all or nothing |',
  '|---|---|---|---|---|',
  ...results.map(
    (r) => `| ${r.fault} | ${r.database} | ${r.rounds} | ${r.outcome} | ${r.ok ? 'yes' : '**no**'} |`,
  ),
].join('\n');
const doc = path.join(repoRoot, 'docs/reliability.md');
const text = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '';
const start_ = text.indexOf('<!-- faults:start -->');
const end_ = text.indexOf('<!-- faults:end -->');
if (start_ >= 0 && end_ >= 0)
  fs.writeFileSync(
    doc,
    `${text.slice(0, start_)}<!-- faults:start -->\n${`Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}.\n\n`}${table}\n${text.slice(end_)}`,
  );
console.log(table);
if (!results.every((r) => r.ok)) process.exitCode = 1;
