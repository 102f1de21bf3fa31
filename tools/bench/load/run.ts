/**
 * The load bench (issue 16, item 7):
 *   npm run bench:load [-- --duration 60 --connections 50]
 * autocannon over loopback against a real Penstock server (a child process, SQLite, the small demo), signed
 * in as the demo engineer: (1) a mix of reads and writes (tree, getdynamic, getMarkups, savedynamic, the DSEAR
 * register, the workflow lists), (2) the authenticated tree read alone, and beside them (3) a Fastify
 * hello-world on the same machine in the same run. Requests per second, p50, p99, errors and the server's
 * memory before and after; the table goes to bench/results/load.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { freePort, launchPenstock, repoRoot, spawnUntil } from '../penstockProcess.ts';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '60' }, connections: { type: 'string', default: '50' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const log = (message: string) => console.log(`[bench:load] ${message}`);

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
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
}

const rows: Row[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-load-'));
log('starting Penstock (SQLite, small demo)');
const server = await launchPenstock({ dataDir });
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
  const before = rssMb(server.child.pid!);
  log(`mix of reads and writes: ${duration} s at ${connections} connections`);
  const mixed = await autocannon({ url, connections, duration, requests: mix });
  const afterMix = rssMb(server.child.pid!);
  rows.push({
    name: 'Penstock: mix (tree, getdynamic, getMarkups, savedynamic, dsear, workflow list)',
    result: mixed,
    rss: { before, after: afterMix },
  });
  log(`authenticated tree read: ${duration} s`);
  const tree = await autocannon({ url, connections, duration, requests: [mix[0]!] });
  rows.push({
    name: 'Penstock: GET /api/tree (a folder, signed in)',
    result: tree,
    rss: { before: afterMix, after: rssMb(server.child.pid!) },
  });
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
  rows.push({
    name: 'Fastify hello-world (same machine, same run)',
    result: await autocannon({ url: `http://127.0.0.1:${helloPort}`, connections, duration }),
  });
} finally {
  await hello.stop();
}

const helloRps = rows[rows.length - 1]!.result.requests.average;
const cpus = os.cpus();
const table = [
  `# Load benchmark (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
  '',
  `\`npm run bench:load${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` on ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}: autocannon over loopback, ${connections} connections, ${duration} s per row; the server is a child process (SQLite, the small demo), signed in as the demo engineer.`,
  '',
  '| load | requests/s | of hello-world | p50 | p99 | errors | non-2xx | server memory before → after |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (row) =>
      `| ${row.name} | ${Math.round(row.result.requests.average).toLocaleString('en-GB')} | ${((row.result.requests.average / helloRps) * 100).toFixed(1)}% | ${row.result.latency.p50} ms | ${row.result.latency.p99} ms | ${row.result.errors + row.result.timeouts} | ${row.result.non2xx} | ${row.rss ? `${row.rss.before.toFixed(0)} → ${row.rss.after.toFixed(0)} MB` : '–'} |`,
  ),
  '',
  `- Aim: 0 errors and 0 non-2xx under load: **${rows.every((r) => r.result.errors + r.result.timeouts + r.result.non2xx === 0) ? 'met' : 'not met'}**.`,
  `- Aim: no memory growth (the server's RSS after the mix within 10% of before, once warm): **${(() => {
    const mix = rows[0]!.rss!;
    return mix.after <= mix.before * 1.1 ? 'met' : 'not met';
  })()}**.`,
  '',
].join('\n');
fs.mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(repoRoot, 'bench/results/load.md'), table);
console.log(table);
