/**
 * The load bench on several servers (issue 17, item 4; issue 38, aim 6):
 *   npm run bench:load:scaleout [-- --duration 30 --connections 50 --rounds 2]   (also the second part of npm run bench:load)
 * Penstock on PostgreSQL as one server and as two servers on the same database (each with its own data folder,
 * as behind a load balancer), under the authenticated tree read the one-server bench uses: autocannon over
 * loopback, the connections split evenly over the servers, the answers counted together. The two set-ups take
 * turns (one, two, one, two...) with both servers running throughout (an idle server costs nothing), so a
 * change in the machine's other load falls on both alike; the table gives each turn and their means, with each
 * server's CPU per request it answered and the PostgreSQL backends' CPU per request. Needs PostgreSQL (the
 * test one). The table goes between the scale-out markers of bench/results/load.md.
 *
 * On one machine the servers, PostgreSQL and autocannon share its cores: two servers only show a gain where
 * there are cores to spare; the table says how many there were.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { createPostgresDatabase } from '../../../apps/server/src/test/harness.ts';
import { launchPenstock, repoRoot } from '../penstockProcess.ts';
import { cpuMs, postgresBackendCpu, signIn } from './target.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const log = (message: string) => console.log(`[bench:load:scaleout] ${message}`);

type Node = { id: string; text: string };
interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** each server's CPU per request it answered, µs */
  serverCpuUs: number[];
  /** PostgreSQL's backends for this database, per request answered in all, µs */
  databaseCpuUs: number;
  load: number;
}

const database = await createPostgresDatabase();
const databaseName = new URL(database.url).pathname.slice(1);
const backends = await postgresBackendCpu(database.url.replace(/\/[^/]+$/, '/postgres'), databaseName);
const folders = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-scaleout-')));
const servers: Array<Awaited<ReturnType<typeof launchPenstock>>> = [];
const rows: Row[] = [];
try {
  log('starting two servers on one PostgreSQL database (small demo; the second finds it seeded)');
  servers.push(await launchPenstock({ dataDir: folders[0]!, databaseUrl: database.url }));
  servers.push(await launchPenstock({ dataDir: folders[1]!, databaseUrl: database.url }));
  const url = servers[0]!.url;
  const { cookie } = await signIn(url);
  const get = async <T>(p: string): Promise<T> =>
    (await (await fetch(`${url}${p}`, { headers: { cookie } })).json()) as T;
  const project = (await get<Node[]>('/api/tree?id=%23')).find((p) => p.text.startsWith('Riverside'))!;
  const shared = (await get<Node[]>(`/api/tree?id=${encodeURIComponent(project.id)}`)).find(
    (f) => f.text === 'Shared',
  )!;
  const treePath = `/api/tree?id=${encodeURIComponent(shared.id)}`;

  /** the tree read on `count` servers at once, the connections split evenly; the answers counted together */
  const load = async (name: string, count: number) => {
    const using = servers.slice(0, count);
    const per = Math.max(1, Math.round(connections / using.length));
    const cpuBefore = using.map((s) => cpuMs(s.child.pid!));
    const databaseBefore = await backends.cpuMs();
    const results: Result[] = await Promise.all(
      using.map((s) =>
        autocannon({ url: `${s.url}${treePath}`, connections: per, duration, headers: { cookie } }),
      ),
    );
    const answered = results.reduce((sum, r) => sum + r.requests.total, 0);
    rows.push({
      name,
      rps: results.reduce((sum, r) => sum + r.requests.average, 0),
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
      serverCpuUs: using.map(
        (s, i) => ((cpuMs(s.child.pid!) - cpuBefore[i]!) * 1000) / Math.max(1, results[i]!.requests.total),
      ),
      databaseCpuUs: (((await backends.cpuMs()) - databaseBefore) * 1000) / Math.max(1, answered),
      load: os.loadavg()[0]!,
    });
    log(`${name}: ${Math.round(rows[rows.length - 1]!.rps)} requests/s`);
  };

  // warm each server's statements, its pool's connections and their named statements first
  await Promise.all(
    servers.map((s) =>
      autocannon({
        url: `${s.url}${treePath}`,
        connections: connections / 2,
        duration: 5,
        headers: { cookie },
      }),
    ),
  );
  for (let round = 1; round <= rounds; round++) {
    await load(`one server (turn ${round})`, 1);
    await load(`two servers (turn ${round}; the session made on the first)`, 2);
  }
} finally {
  for (const server of servers) await server.stop();
  await backends.end();
  await database.drop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
}

const mean = (list: Row[], pick: (row: Row) => number) =>
  list.reduce((sum, row) => sum + pick(row), 0) / Math.max(1, list.length);
const ones = rows.filter((row) => row.name.startsWith('one'));
const twos = rows.filter((row) => row.name.startsWith('two'));
const one = mean(ones, (row) => row.rps);
const two = mean(twos, (row) => row.rps);
const errors = rows.reduce((sum, row) => sum + row.errors + row.non2xx, 0);
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');
const cpus = os.cpus().length;
const table = [
  '<!-- scaleout:start -->',
  `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}; GET /api/tree (a folder, signed in), ${connections} connections split over the servers, ${duration} s a turn, PostgreSQL over TCP. **The servers share this machine's ${cpus} cores with each other, with PostgreSQL and with autocannon** (and with other work: the load average is in the last column): a second server adds no core, only a second Node process to spread the same cores over.`,
  '',
  '| servers | requests/s | of one server | p50 | p99 | errors | non-2xx | server CPU per request (each server) | PostgreSQL CPU per request | load average |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.name} | ${fmt(row.rps)} | ${((row.rps / one) * 100).toFixed(0)}% | ${row.p50} ms | ${row.p99} ms | ${row.errors} | ${row.non2xx} | ${row.serverCpuUs.map((us) => `${fmt(us)} µs`).join(', ')} | ${fmt(row.databaseCpuUs)} µs | ${row.load.toFixed(1)} |`,
  ),
  `| **one server, mean of ${ones.length}** | **${fmt(one)}** | 100% | | | | | ${fmt(mean(ones, (row) => row.serverCpuUs[0]!))} µs | ${fmt(mean(ones, (row) => row.databaseCpuUs))} µs | |`,
  `| **two servers, mean of ${twos.length}** | **${fmt(two)}** | ${((two / one) * 100).toFixed(0)}% | | | | | ${fmt(mean(twos, (row) => row.serverCpuUs[0]!))} µs, ${fmt(mean(twos, (row) => row.serverCpuUs[1]!))} µs | ${fmt(mean(twos, (row) => row.databaseCpuUs))} µs | |`,
  '',
  `- Aim (issue 38, 6): two servers carry at least one server's requests/s (means over the turns) with 0 errors and 0 non-2xx: ${fmt(two)} against ${fmt(one)} requests/s, ${errors} errors or non-2xx: **${two >= one && errors === 0 ? 'met' : 'not met'}**.`,
  '<!-- scaleout:end -->',
].join('\n');
const file = path.join(repoRoot, 'bench/results/load.md');
const doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
const from = doc.indexOf('<!-- scaleout:start -->');
const to = doc.indexOf('<!-- scaleout:end -->');
fs.writeFileSync(
  file,
  from >= 0 && to > from
    ? `${doc.slice(0, from)}${table}${doc.slice(to + '<!-- scaleout:end -->'.length)}`
    : `${doc.trimEnd()}\n\n## Several servers (npm run bench:load:scaleout)\n\n${table}\n`,
);
console.log(table);
