/**
 * The load bench on several servers (issue 17, item 4):
 *   npm run bench:load:scaleout [-- --duration 30 --connections 50]   (also the second part of npm run bench:load)
 * Penstock on PostgreSQL as one server, then as two servers on the same database (each with its own data
 * folder, as behind a load balancer), under the same authenticated tree read the one-server bench uses:
 * autocannon over loopback, the connections split evenly over the servers, the answers counted together.
 * The table goes between the scale-out markers of bench/results/load.md. Needs PostgreSQL (the test one).
 *
 * On one machine the servers and autocannon share its cores: two servers only show their gain where there are
 * cores to spare; the table says how many there were.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { createPostgresDatabase } from '../../../apps/server/src/test/harness.ts';
import { launchPenstock, repoRoot } from '../penstockProcess.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const log = (message: string) => console.log(`[bench:load:scaleout] ${message}`);

type Node = { id: string; text: string };

const database = await createPostgresDatabase();
const folders = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-scaleout-')));
const servers: Array<Awaited<ReturnType<typeof launchPenstock>>> = [];
const rows: Array<{ name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number }> =
  [];
try {
  log('starting the first server (PostgreSQL, small demo)');
  servers.push(await launchPenstock({ dataDir: folders[0]!, databaseUrl: database.url }));
  const url = servers[0]!.url;
  const signin = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'engineer@penstock.demo', password: 'penstock-demo' }),
  });
  const cookie = /penstock_session=[^;]+/.exec(signin.headers.get('set-cookie') ?? '')![0];
  const get = async <T>(p: string): Promise<T> =>
    (await (await fetch(`${url}${p}`, { headers: { cookie } })).json()) as T;
  const project = (await get<Node[]>('/api/tree?id=%23')).find((p) => p.text.startsWith('Riverside'))!;
  const shared = (await get<Node[]>(`/api/tree?id=${encodeURIComponent(project.id)}`)).find(
    (f) => f.text === 'Shared',
  )!;
  const treePath = `/api/tree?id=${encodeURIComponent(shared.id)}`;

  /** the tree read on every server at once, the connections split evenly; the answers counted together */
  const load = async (name: string) => {
    const per = Math.max(1, Math.round(connections / servers.length));
    // warm each server's statements and caches first
    await Promise.all(
      servers.map((s) =>
        autocannon({ url: `${s.url}${treePath}`, connections: per, duration: 5, headers: { cookie } }),
      ),
    );
    const results: Result[] = await Promise.all(
      servers.map((s) =>
        autocannon({ url: `${s.url}${treePath}`, connections: per, duration, headers: { cookie } }),
      ),
    );
    rows.push({
      name,
      rps: results.reduce((sum, r) => sum + r.requests.average, 0),
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    });
    log(`${name}: ${Math.round(rows[rows.length - 1]!.rps)} requests/s`);
  };

  await load('one server');
  log('starting the second server on the same database');
  servers.push(await launchPenstock({ dataDir: folders[1]!, databaseUrl: database.url }));
  await load('two servers (the session made on the first)');
} finally {
  for (const server of servers) await server.stop();
  await database.drop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
}

const one = rows[0]!.rps;
const table = [
  '<!-- scaleout:start -->',
  `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores for the servers and autocannon together; GET /api/tree (a folder, signed in), ${connections} connections, ${duration} s, PostgreSQL.`,
  '',
  '| servers | requests/s | of one server | p50 | p99 | errors | non-2xx |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.name} | ${Math.round(row.rps).toLocaleString('en-GB')} | ${((row.rps / one) * 100).toFixed(0)}% | ${row.p50} ms | ${row.p99} ms | ${row.errors} | ${row.non2xx} |`,
  ),
  '<!-- scaleout:end -->',
].join('\n');
const file = path.join(repoRoot, 'bench/results/load.md');
const doc = fs.readFileSync(file, 'utf8');
const from = doc.indexOf('<!-- scaleout:start -->');
const to = doc.indexOf('<!-- scaleout:end -->');
fs.writeFileSync(
  file,
  from >= 0 && to > from
    ? `${doc.slice(0, from)}${table}${doc.slice(to + '<!-- scaleout:end -->'.length)}`
    : `${doc.trimEnd()}\n\n## Several servers (npm run bench:load:scaleout)\n\n${table}\n`,
);
console.log(table);
