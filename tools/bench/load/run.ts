/**
 * The load bench (issue 16, item 7):
 *   npm run bench:load [-- --duration 60 --connections 50 --warmup 30 --cpu-prof <folder>]
 * autocannon over loopback against a real Penstock server (a child process, SQLite, the small demo), signed
 * in as the demo engineer: (1) a mix of reads and writes (tree, getdynamic, getMarkups, savedynamic, the DSEAR
 * register, the workflow lists), run twice after an untimed warm-up, (2) the authenticated tree read alone,
 * and beside them (3) a Fastify hello-world on the same machine in the same run. Requests per second, p50,
 * p99, errors, the server's CPU time per request (from /proc: steadier than requests per second on a shared
 * machine) and its memory before and after each row; the table goes to bench/results/load.md.
 *
 * Memory: the first minute of load grows the server's RSS by itself (V8's heap to its working size, SQLite's
 * page cache, the kept statements, the allocator's arenas), so the aim compares the second mix pass with the
 * first: a leak grows in every pass, a warm-up does not.
 *
 * --cpu-prof <folder> starts the server with node --cpu-prof (a .cpuprofile is written when it stops): where
 * a request's time goes, for Chrome DevTools or any .cpuprofile reader.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { freePort, launchPenstock, repoRoot, spawnUntil } from '../penstockProcess.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '30' },
    'cpu-prof': { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);
const cpuProfileDir = values['cpu-prof'] && path.resolve(values['cpu-prof']);
const log = (message: string) => console.log(`[bench:load] ${message}`);

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
/** CPU time the process has used, all threads, user and system, in ms (Linux clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
};

function multipart(field: string, value: string) {
  const boundary = `----load${crypto.randomBytes(6).toString('hex')}`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n--${boundary}--\r\n`,
  };
}

interface Row {
  name: string;
  result: Result;
  rss?: { before: number; after: number };
  /** server CPU per answered request, µs */
  cpuUs?: number;
}

const rows: Row[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-load-'));
log('starting Penstock (SQLite, small demo)');
const server = await launchPenstock({
  dataDir,
  ...(cpuProfileDir ? { env: { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${cpuProfileDir}` } } : {}),
});
let warmRss = 0;
try {
  const { url } = server;
  const signin = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'engineer@penstock.demo', password: 'penstock-demo' }),
  });
  const cookie = /penstock_session=[^;]+/.exec(signin.headers.get('set-cookie') ?? '')![0];
  const me = (await signin.json()) as { id: string };
  const get = async <T>(p: string): Promise<T> =>
    (await (await fetch(`${url}${p}`, { headers: { cookie } })).json()) as T;
  type Node = { id: string; text: string; type?: string; children?: boolean };
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
  const mix = [
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
    { method: 'GET', path: `/api/workflow/pendingReview?id=${encodeURIComponent(me.id)}`, headers },
  ];
  // a first pass that must answer 2xx everywhere: the mix is right before it is timed
  for (const request of mix) {
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    if (!response.ok)
      throw new Error(`${request.method} ${request.path}: ${response.status} ${await response.text()}`);
  }
  const pid = server.child.pid!;
  /** Runs one load and records its row: the server's memory before and after, and its CPU per request. */
  const measure = async (name: string, requests: typeof mix) => {
    const before = rssMb(pid);
    const cpuBefore = cpuMs(pid);
    const result = await autocannon({ url, connections, duration, requests });
    const answered = result.requests.total;
    rows.push({
      name,
      result,
      rss: { before, after: rssMb(pid) },
      cpuUs: answered ? ((cpuMs(pid) - cpuBefore) * 1000) / answered : 0,
    });
  };
  log(`warm-up: the mix for ${warmup} s (not timed)`);
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, requests: mix });
  warmRss = rssMb(pid);
  log(`mix of reads and writes: ${duration} s at ${connections} connections, twice`);
  await measure('Penstock: mix (tree, getdynamic, getMarkups, savedynamic, dsear, workflow list)', mix);
  await measure('Penstock: the same mix again (memory steady?)', mix);
  log(`authenticated tree read: ${duration} s`);
  await measure('Penstock: GET /api/tree (a folder, signed in)', [mix[0]!]);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
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
    name: 'Fastify hello-world (same machine, same run)',
    result,
    cpuUs: ((cpuMs(hello.child.pid!) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
  });
} finally {
  await hello.stop();
}

const helloRps = rows[rows.length - 1]!.result.requests.average;
const cpus = os.cpus();
const [firstMix, secondMix] = rows;
const steady = secondMix!.rss!.after <= firstMix!.rss!.after * 1.1;
const errorsOf = (row: Row) => row.result.errors + row.result.timeouts;
const table = [
  `# Load benchmark (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
  '',
  `\`npm run bench:load${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` on ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}: autocannon over loopback, ${connections} connections, ${duration} s per row after a ${warmup} s warm-up with the mix; the server is a child process (SQLite, the small demo), signed in as the demo engineer. Server CPU is its CPU time (all threads) per answered request.`,
  '',
  '| load | requests/s | of hello-world | p50 | p99 | errors | non-2xx | server CPU per request | server memory before → after |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.name} | ${Math.round(row.result.requests.average).toLocaleString('en-GB')} | ${((row.result.requests.average / helloRps) * 100).toFixed(1)}% | ${row.result.latency.p50} ms | ${row.result.latency.p99} ms | ${errorsOf(row)} | ${row.result.non2xx} | ${row.cpuUs === undefined ? '–' : `${Math.round(row.cpuUs)} µs`} | ${row.rss ? `${row.rss.before.toFixed(0)} → ${row.rss.after.toFixed(0)} MB` : '–'} |`,
  ),
  '',
  `- Aim: 0 errors and 0 non-2xx under load: **${rows.every((r) => errorsOf(r) + r.result.non2xx === 0) ? 'met' : 'not met'}**.`,
  `- Aim: no memory growth once warm (the server's RSS after the second mix pass within 10% of after the first; after the ${warmup} s warm-up it was ${warmRss.toFixed(0)} MB): **${steady ? 'met' : 'not met'}**.`,
  '',
].join('\n');
fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
const resultsFile = path.join(repoRoot, 'bench/results/load.md');
// the file's other sections stay (npm run bench:load:scaleout writes "Several servers")
const previous = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, 'utf8') : '';
const otherSections = previous.search(/^## Several servers/m);
fs.writeFileSync(resultsFile, otherSections >= 0 ? `${table}\n${previous.slice(otherSections)}` : table);
console.log(table);
