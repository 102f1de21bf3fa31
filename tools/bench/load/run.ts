/**
 * The load bench (issue 16, item 7; issue 38, aim 5):
 *   npm run bench:load [-- --duration 60 --connections 50 --warmup 30 --databases sqlite,postgres --no-socket
 *                        --cpu-prof <folder>]
 * autocannon over loopback against real Penstock servers (child processes with the small demo), one on SQLite
 * and, when PostgreSQL is reachable, one on PostgreSQL over TCP (as from another machine) and one over its Unix
 * socket when it runs here (as a server beside it would; --no-socket leaves it out), each signed in as the demo
 * engineer: (1) a mix of reads
 * and writes (tree, getdynamic, getMarkups, savedynamic, the DSEAR register, the workflow lists), run twice
 * after an untimed warm-up, (2) the authenticated tree read alone, and beside them (3) a Fastify hello-world
 * on the same machine in the same run. Each load runs on SQLite and then at once on PostgreSQL, so the
 * figures of a load are taken minutes apart at most (the machine is shared: ratios within one run are what
 * count). Requests per second, p50, p99, errors, the server's CPU time per request (from /proc: steadier than
 * requests per second on a shared machine), on PostgreSQL also the CPU its backends spent per request, and the
 * server's memory before and after each row; the table goes to bench/results/load.md.
 *
 * Memory: the first minute of load grows the server's RSS by itself (V8's heap to its working size, SQLite's
 * page cache, the kept statements, the allocator's arenas), so the aim compares the second mix pass with the
 * first: a leak grows in every pass, a warm-up does not.
 *
 * --cpu-prof <folder> starts the servers with node --cpu-prof (a .cpuprofile is written when each stops): where
 * a request's time goes, for Chrome DevTools or any .cpuprofile reader.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Request, type Result } from 'autocannon';
import { postgresReachable } from '../../../apps/server/src/test/harness.ts';
import { freePort, repoRoot, spawnUntil } from '../penstockProcess.ts';
import { cpuMs, overUnixSocket, rssMb, startTarget, type DatabaseKind, type Target } from './target.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '30' },
    databases: { type: 'string' },
    'no-socket': { type: 'boolean' },
    'cpu-prof': { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);
const cpuProfileDir = values['cpu-prof'] && path.resolve(values['cpu-prof']);
const log = (message: string) => console.log(`[bench:load] ${message}`);
const kinds: DatabaseKind[] = values.databases
  ? (values.databases.split(',') as DatabaseKind[])
  : (await postgresReachable())
    ? ['sqlite', 'postgres']
    : ['sqlite'];
if (!kinds.includes('postgres')) log('PostgreSQL is not reachable: SQLite only');

/**
 * The servers of the run: SQLite; PostgreSQL over TCP (as from another machine); and, when PostgreSQL runs
 * here with its socket, over its Unix socket (what a server beside it can use).
 */
interface Variant {
  label: string;
  kind: DatabaseKind;
  socket?: boolean;
}
const variants: Variant[] = kinds.flatMap((kind): Variant[] =>
  kind === 'sqlite'
    ? [{ label: 'SQLite', kind }]
    : [
        { label: 'PostgreSQL (TCP)', kind },
        ...(values['no-socket'] ? [] : [{ label: 'PostgreSQL (Unix socket)', kind, socket: true }]),
      ],
);

interface Row {
  load: string;
  /** the variant's label, or '–' for the hello-world */
  label: string;
  result: Result;
  rss?: { before: number; after: number };
  /** server CPU per answered request, µs */
  cpuUs: number;
  /** the database's own processes (PostgreSQL's backends) per answered request, µs */
  databaseCpuUs?: number;
}

const rows: Row[] = [];
const warmRss = new Map<string, number>();
const targets: Array<Target & { label: string }> = [];
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const loadsSeen: string[] = [];
try {
  for (const variant of variants) {
    log(`starting Penstock (${variant.label}, small demo)`);
    const target = await startTarget(variant.kind, {
      ...(cpuProfileDir ? { env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${cpuProfileDir}` } } : {}),
      ...(variant.socket ? { databaseUrl: (url: string) => overUnixSocket(url) ?? url } : {}),
    });
    targets.push({ ...target, label: variant.label });
  }
  /** Runs one load on one server and records its row: memory before and after, CPU per request. */
  const measure = async (load: string, target: Target & { label: string }, requests: Request[]) => {
    const before = rssMb(target.pid);
    const cpuBefore = cpuMs(target.pid);
    const databaseBefore = await target.databaseCpuMs();
    const result = await autocannon({ url: target.url, connections, duration, requests });
    const answered = Math.max(1, result.requests.total);
    const databaseCpu = (await target.databaseCpuMs()) - databaseBefore;
    rows.push({
      load,
      label: target.label,
      result,
      rss: { before, after: rssMb(target.pid) },
      cpuUs: ((cpuMs(target.pid) - cpuBefore) * 1000) / answered,
      ...(target.kind === 'postgres' ? { databaseCpuUs: (databaseCpu * 1000) / answered } : {}),
    });
    log(`${load}, ${target.label}: ${Math.round(result.requests.average)} requests/s`);
  };
  for (const target of targets) {
    log(`warm-up on ${target.label}: the mix for ${warmup} s (not timed)`);
    if (warmup > 0)
      await autocannon({ url: target.url, connections, duration: warmup, requests: target.mix });
    warmRss.set(target.label, rssMb(target.pid));
  }
  loadsSeen.push(loadAverage());
  const loads: Array<[string, (target: Target) => Request[]]> = [
    ['mix (tree, getdynamic, getMarkups, savedynamic, dsear, workflow list)', (t) => t.mix],
    ['the same mix again (memory steady?)', (t) => t.mix],
    ['GET /api/tree (a folder, signed in)', (t) => [t.mix[0]!]],
  ];
  for (const [load, requests] of loads) {
    log(`${load}: ${duration} s at ${connections} connections on each database`);
    for (const target of targets) await measure(load, target, requests(target));
    loadsSeen.push(loadAverage());
  }
} finally {
  for (const target of targets) await target.stop();
}

log(`Fastify hello-world: ${duration} s`);
const helloPort = await freePort();
const hello = await spawnUntil(
  [
    '-e',
    `const f=require('fastify')();f.get('/',async()=>({hello:'world'}));f.listen({port:${helloPort},host:'127.0.0.1'}).then(()=>console.log('listening'))`,
  ],
  {},
  /listening/,
);
try {
  const cpuBefore = cpuMs(hello.child.pid!);
  const result = await autocannon({ url: `http://127.0.0.1:${helloPort}`, connections, duration });
  rows.push({
    load: 'Fastify hello-world (same machine, same run)',
    label: '–',
    result,
    cpuUs: ((cpuMs(hello.child.pid!) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
  });
} finally {
  await hello.stop();
}

const helloRps = rows[rows.length - 1]!.result.requests.average;
const cpus = os.cpus();
const errorsOf = (row: Row) => row.result.errors + row.result.timeouts;
const rowOf = (load: string, label: string) => rows.find((r) => r.load.startsWith(load) && r.label === label);
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');
const mark = (met: boolean) => `**${met ? 'met' : 'not met'}**`;
const lines: string[] = [];
for (const { label } of variants) {
  const [first, second] = rows.filter((r) => r.label === label);
  const steady = second!.rss!.after <= first!.rss!.after * 1.1;
  lines.push(
    `- Aim: no memory growth once warm on ${label} (the server's RSS after the second mix pass within 10% of after the first; after the ${warmup} s warm-up it was ${warmRss.get(label)!.toFixed(0)} MB): ${mark(steady)}.`,
  );
}
if (kinds.includes('sqlite'))
  for (const { label } of variants.filter((v) => v.kind === 'postgres'))
    for (const load of ['mix', 'the same mix', 'GET /api/tree']) {
      const lite = rowOf(load, 'SQLite')!;
      const pgRow = rowOf(load, label)!;
      const ratio = pgRow.result.requests.average / lite.result.requests.average;
      lines.push(
        `- Aim (issue 38, 5), ${label}, ${pgRow.load.replace(/ \(.*/, '')}: at least 0.7× SQLite's requests/s with p99 under 50 ms: ${fmt(pgRow.result.requests.average)} against ${fmt(lite.result.requests.average)}, **${ratio.toFixed(2)}×**, p99 ${pgRow.result.latency.p99} ms: ${mark(ratio >= 0.7 && pgRow.result.latency.p99 < 50)}.`,
      );
    }
const table = [
  `# Load benchmark (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
  '',
  `\`npm run bench:load${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` on ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}: autocannon over loopback, ${connections} connections, ${duration} s per row after a ${warmup} s warm-up with the mix; each server is a child process (the small demo), signed in as the demo engineer; each load runs on ${variants.map((v) => v.label).join(', then ')}, one after the other. Server CPU is the server's CPU time (all threads) per answered request; on PostgreSQL the database's backends add theirs (SQLite runs inside the server). The machine is shared: load average ${loadsSeen.join(' → ')} (1, 5, 15 min) over the run.`,
  '',
  '| load | database | requests/s | of hello-world | p50 | p99 | errors | non-2xx | server CPU per request | database CPU per request | server memory before → after |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.load} | ${row.label} | ${fmt(row.result.requests.average)} | ${((row.result.requests.average / helloRps) * 100).toFixed(1)}% | ${row.result.latency.p50} ms | ${row.result.latency.p99} ms | ${errorsOf(row)} | ${row.result.non2xx} | ${Math.round(row.cpuUs)} µs | ${row.databaseCpuUs === undefined ? '–' : `${Math.round(row.databaseCpuUs)} µs`} | ${row.rss ? `${row.rss.before.toFixed(0)} → ${row.rss.after.toFixed(0)} MB` : '–'} |`,
  ),
  '',
  `- Aim: 0 errors and 0 non-2xx under load: ${mark(rows.every((r) => errorsOf(r) + r.result.non2xx === 0))}.`,
  ...lines,
  '',
].join('\n');
fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
const resultsFile = path.join(repoRoot, 'bench/results/load.md');
// the file's other sections stay (npm run bench:load:scaleout writes "Several servers")
const previous = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '';
const otherSections = previous.search(/^## /m);
fs.writeFileSync(resultsFile, otherSections >= 0 ? `${table}\n${previous.slice(otherSections)}` : table);
console.log(table);
