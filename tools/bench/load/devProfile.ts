// dev (not committed): profile the server under the tree read
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'prof-'));
const profDir = '/tmp/prof';
fs.rmSync(profDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--import', 'tsx', 'apps/server/src/main.ts'], {
  env: { ...process.env, PORT: '3998', HOST: '127.0.0.1', PENSTOCK_DATA_DIR: dataDir, DATABASE_URL: '', PENSTOCK_DEMO_MODEL_SIZES: '50,50', PENSTOCK_WEB_DIST: '/none', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
await new Promise<void>((r) => child.stdout!.on('data', (c: Buffer) => { out += c; if (/open http/.test(out)) r(); }));
const url = 'http://127.0.0.1:3998';
const s = await fetch(`${url}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'engineer@penstock.demo', password: 'penstock-demo' }) });
const cookie = /penstock_session=[^;]+/.exec(s.headers.get('set-cookie')!)![0];
const projects = (await (await fetch(`${url}/api/tree?id=%23`, { headers: { cookie } })).json()) as { id: string; text: string }[];
const p = projects.find((x) => x.text.startsWith('Riverside'))!;
const top = (await (await fetch(`${url}/api/tree?id=${encodeURIComponent(p.id)}`, { headers: { cookie } })).json()) as { id: string; text: string }[];
const wip = top.find((f) => f.text === 'Shared')!;
const path1 = `/api/tree?id=${encodeURIComponent(wip.id)}`;
const r = await autocannon({ url, connections: 50, duration: Number(process.argv[2] ?? 10), requests: [{ method: 'GET', path: path1, headers: { cookie } }] });
console.log('rps', r.requests.average, 'p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx);
child.kill('SIGINT');
await new Promise((res) => child.once('exit', res));
