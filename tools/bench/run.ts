/**
 * Benchmarks of the foundation, written as a Markdown table to tools/bench/RESULTS.md:
 *   npm run bench
 * Figures are wall-clock on this machine; compare runs on the same machine only.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writePlantIfc } from '@penstock/plantgen';
import { createTestPenstock, multipartFile } from '../../apps/server/src/test/harness.ts';

interface Row {
  benchmark: string;
  size: string;
  result: string;
  detail: string;
}
const rows: Row[] = [];
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function benchPlantgen(tmp: string) {
  for (const elements of [10_000, 100_000]) {
    const file = path.join(tmp, `plant-${elements}.ifc`);
    const heapBefore = process.memoryUsage().rss;
    const start = performance.now();
    const stats = writePlantIfc(file, { elements, seed: 7 });
    const seconds = (performance.now() - start) / 1000;
    const rssGrowth = (process.memoryUsage().rss - heapBefore) / 1024 / 1024;
    rows.push({
      benchmark: 'plantgen: write IFC4 model',
      size: `${stats.elements.toLocaleString('en')} elements`,
      result: `${seconds.toFixed(2)} s`,
      detail: `${(fs.statSync(file).size / 1024 / 1024).toFixed(0)} MB file, RSS growth ${rssGrowth.toFixed(0)} MB`,
    });
    fs.rmSync(file);
  }
}

async function benchServer() {
  const penstock = await createTestPenstock('sqlite', { PENSTOCK_MAX_UPLOAD_MB: '1024' });
  try {
    const user = await penstock.createUser();
    const project = await penstock.createProject('Bench', [{ userId: user.id, role: 'member' }]);
    const folderId = project.folders['WIP/Process']!;

    const signIns: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = performance.now();
      await penstock.signIn(user.email);
      signIns.push(performance.now() - start);
    }
    rows.push({
      benchmark: 'sign in (argon2id verify + session)',
      size: '20 sign-ins',
      result: `p50 ${ms(percentile(signIns, 50))}`,
      detail: `p95 ${ms(percentile(signIns, 95))}`,
    });
    const cookie = await penstock.signIn(user.email);

    const items = 2000;
    const blob = await penstock.blobs.putBuffer(Buffer.from('x'));
    for (let i = 0; i < items; i++) {
      await penstock.documents.addFile(
        user,
        { projectId: project.id, folderId },
        `doc-${String(i).padStart(4, '0')}.pdf`,
        blob,
      );
    }
    const listings: number[] = [];
    for (let i = 0; i < 100; i++) {
      const start = performance.now();
      const response = await penstock.app.inject({
        method: 'GET',
        url: `/api/tree?id=${folderId}`,
        headers: { cookie },
      });
      if (response.json().length !== items + 0) throw new Error('unexpected listing');
      listings.push(performance.now() - start);
    }
    rows.push({
      benchmark: 'GET /api/tree (folder listing, SQLite)',
      size: `${items} files`,
      result: `p50 ${ms(percentile(listings, 50))}`,
      detail: `p95 ${ms(percentile(listings, 95))}`,
    });

    const bytes = crypto.randomBytes(200 * 1024 * 1024);
    const { payload, headers } = multipartFile('big.ifc', bytes);
    const start = performance.now();
    const response = await penstock.app.inject({
      method: 'POST',
      url: `/api/folders/${project.folders.Archived}/files`,
      payload,
      headers: { ...headers, cookie },
    });
    const seconds = (performance.now() - start) / 1000;
    if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
    rows.push({
      benchmark: 'upload (stream, SHA-256, store)',
      size: '200 MB',
      result: `${(200 / seconds).toFixed(0)} MB/s`,
      detail: `${seconds.toFixed(2)} s`,
    });

    // over a real socket: inject() buffers the answer and would measure itself, not the server
    const address = await penstock.app.listen({ port: 0, host: '127.0.0.1' });
    const downloadStart = performance.now();
    const download = await fetch(`${address}${response.json().item.hrefbim360}`, { headers: { cookie } });
    let received = 0;
    for await (const chunk of download.body!) received += (chunk as Uint8Array).byteLength;
    const downloadSeconds = (performance.now() - downloadStart) / 1000;
    if (received !== bytes.length) throw new Error('download size differs');
    rows.push({
      benchmark: 'download over HTTP (stream from store)',
      size: '200 MB',
      result: `${(200 / downloadSeconds).toFixed(0)} MB/s`,
      detail: `${downloadSeconds.toFixed(2)} s`,
    });
  } finally {
    await penstock.destroy();
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-bench-'));
try {
  await benchPlantgen(tmp);
  await benchServer();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

const table = [
  '| benchmark | size | result | detail |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.benchmark} | ${r.size} | ${r.result} | ${r.detail} |`),
].join('\n');
const header = `# Benchmark results\n\n\`npm run bench\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.\n\n`;
fs.writeFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `${header}${table}\n`);
console.log(table);
