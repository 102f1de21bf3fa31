/**
 * Conversion soak (issue 31, item 0):  npm run test:soak [-- --count 200] [--write]
 * A real Penstock server (a child process, SQLite) converts every real IFC fixture of ../shared/fixtures/ifc
 * (Revit, ArchiCAD, Tekla, Allplan, IfcOpenShell and infrastructure exports) in turn, over and over, until
 * `--count` conversions have ended. After each one the server's health (GET /api/health) is asked and its
 * process checked: it must stay up through every conversion. The run reports how many conversions failed and
 * why, per file; `--write` puts the table into docs/reliability.md. Exit code 1 if the server died or its
 * health check failed once; a file that fails to convert (MEP.ifc is cut short on purpose by its authors)
 * is reported, not a failure of the soak.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from '../bench/penstockProcess.ts';
import { log, session, sleep, start } from './common.ts';

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const COUNT = Number(argument('count') ?? 200);
const WRITE = process.argv.includes('--write');
const FIXTURES = path.resolve(repoRoot, '..', 'shared', 'fixtures', 'ifc');
const files = fs
  .readdirSync(FIXTURES)
  .filter((name) => /\.ifc$/i.test(name))
  .sort();
if (!files.length) throw new Error(`No IFC fixtures in ${FIXTURES}`);

interface PerFile {
  done: number;
  failed: number;
  reasons: Map<string, number>;
  ms: number[];
}
const perFile = new Map<string, PerFile>(
  files.map((name) => [name, { done: 0, failed: 0, reasons: new Map(), ms: [] }]),
);
const healthFailures: string[] = [];
let died: string | null = null;
let peakRssMb = 0;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-soak-'));
const began = Date.now();
const server = await start({ dataDir, databaseUrl: undefined, port: await freePort(), database: 'SQLite' });
const serverRssMb = () => {
  try {
    const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
try {
  const { api, wip } = await session(server.url);
  for (let n = 0; n < COUNT && !died; n++) {
    const name = files[n % files.length]!;
    const stats = perFile.get(name)!;
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(path.join(FIXTURES, name))]), name);
    const startedAt = Date.now();
    const uploaded = await api<{ version: { id: string } }>(`/api/folders/${wip.id}/files`, {
      method: 'POST',
      body: form,
    });
    let conversion = { state: 'queued', error: null as string | null };
    for (let i = 0; i < 6000; i++) {
      conversion = (await api<{ conversion: typeof conversion }>(`/api/models/${uploaded.version.id}`))
        .conversion;
      if (conversion.state === 'done' || conversion.state === 'failed') break;
      await sleep(100);
    }
    stats.ms.push(Date.now() - startedAt);
    if (conversion.state === 'done') stats.done++;
    else {
      stats.failed++;
      const reason = conversion.error ?? `still ${conversion.state} after 10 minutes`;
      stats.reasons.set(reason, (stats.reasons.get(reason) ?? 0) + 1);
    }
    peakRssMb = Math.max(peakRssMb, serverRssMb());
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      died = `the server ended (${server.child.signalCode ?? `exit code ${server.child.exitCode}`}) after conversion ${n + 1} (${name}):\n${server.log().slice(-2000)}`;
      break;
    }
    const health = await fetch(`${server.url}/api/health`).then(
      (response) => `${response.status}`,
      (error: Error) => error.message,
    );
    if (health !== '200') healthFailures.push(`after conversion ${n + 1} (${name}): ${health}`);
    if ((n + 1) % 10 === 0)
      log(`${n + 1} of ${COUNT} conversions, ${Math.round((Date.now() - began) / 1000)} s`);
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const all = [...perFile.values()];
const total = all.reduce((sum, f) => sum + f.done + f.failed, 0);
const failed = all.reduce((sum, f) => sum + f.failed, 0);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};
const minutes = ((Date.now() - began) / 60_000).toFixed(1);
const table = [
  `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores, ${minutes} minutes: ${total} conversions, ${failed} failed, server ${died ? '**died**' : 'up throughout'}, health checks failed: ${healthFailures.length}, server peak RSS ${Math.round(peakRssMb)} MB.`,
  '',
  '| file | conversions | converted | failed | why | median s (upload to done) |',
  '|---|---|---|---|---|---|',
  ...files.map((name) => {
    const f = perFile.get(name)!;
    const why = [...f.reasons].map(([reason, count]) => `${count} × ${reason.replaceAll('|', '\\|')}`);
    return `| ${name} | ${f.done + f.failed} | ${f.done} | ${f.failed} | ${why.join('; ') || '-'} | ${(median(f.ms) / 1000).toFixed(1)} |`;
  }),
].join('\n');
console.log(table);
if (died) console.log(`\n${died}`);
for (const line of healthFailures) console.log(`health: ${line}`);

if (WRITE) {
  const doc = path.join(repoRoot, 'docs/reliability.md');
  const text = fs.readFileSync(doc, 'utf8');
  const startMark = text.indexOf('<!-- soak:start -->');
  const endMark = text.indexOf('<!-- soak:end -->');
  if (startMark < 0 || endMark < 0) throw new Error('docs/reliability.md has no soak markers');
  fs.writeFileSync(doc, `${text.slice(0, startMark)}<!-- soak:start -->\n${table}\n${text.slice(endMark)}`);
}
if (died || healthFailures.length) process.exitCode = 1;
