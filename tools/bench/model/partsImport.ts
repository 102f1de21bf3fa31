/**
 * Issue 38: a model converted in parts, as far as it goes today: the IFC split (apps/server/src/jobs/ifcSplit)
 * into parts of about PENSTOCK_CONVERSION_PART_MB (default 100), then each part through That Open's
 * IfcImporter in turn (the file read piece by piece, as Penstock's conversion process reads it), the .frag of
 * each written to the output folder and let go before the next. The parts are not yet merged into one model
 * nor indexed: this measures the importer's side of the design (peak memory and time).
 *   node --import tsx tools/bench/model/partsImport.ts <file.ifc> <out-folder>
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { IfcImporter } from '@thatopen/fragments';
import { splitIfc } from '../../../apps/server/src/jobs/ifcSplit/index.ts';
import { report, sampleRss } from './child.ts';

const [ifcPath, outDir] = process.argv.slice(2);
if (!ifcPath || !outDir) throw new Error('usage: partsImport.ts <file.ifc> <out-folder>');
const require = createRequire(import.meta.url);
const wasmDir = `${path.dirname(require.resolve('web-ifc'))}/`;
const partMb = Number(process.env.PENSTOCK_CONVERSION_PART_MB ?? 100);

function readerOf(fd: number): (offset: number, size: number) => Uint8Array {
  let buffer = Buffer.alloc(0);
  return (offset, size) => {
    if (buffer.length < size) buffer = Buffer.alloc(size);
    const read = fs.readSync(fd, buffer, 0, size, offset);
    return buffer.subarray(0, read);
  };
}

const rss = sampleRss();
const start = performance.now();
try {
  fs.mkdirSync(outDir, { recursive: true });
  const fd = fs.openSync(ifcPath, 'r');
  const split = splitIfc(fd, partMb * 1024 * 1024, outDir, 'part');
  fs.closeSync(fd);
  const splitMs = performance.now() - start;
  const splitPeakMb = process.memoryUsage().rss / 1024 / 1024;
  const partMs: number[] = [];
  let bytes = 0;
  for (const [p, part] of (split.paths.length ? split.paths : [ifcPath]).entries()) {
    const partStart = performance.now();
    const partFd = fs.openSync(part, 'r');
    const importer = new IfcImporter();
    importer.wasm = { path: wasmDir, absolute: true };
    const frag = await importer.process({ readFromCallback: true, readCallback: readerOf(partFd) });
    fs.closeSync(partFd);
    fs.writeFileSync(path.join(outDir, `part-${p}.frag`), frag);
    bytes += frag.byteLength;
    if (split.paths.length) fs.rmSync(part);
    partMs.push(Math.round(performance.now() - partStart));
    (globalThis as { gc?: () => void }).gc?.();
    process.stderr.write(
      `part ${p}: ${partMs.at(-1)} ms, rss ${Math.round(process.memoryUsage().rss / 1048576)} MB\n`,
    );
  }
  const ms = performance.now() - start;
  report({
    ms,
    sampledPeakMb: rss.stop(),
    bytes,
    objects: split.elements.reduce((a, b) => a + b, 0),
    splitMs,
    splitPeakMb,
    parts: split.paths.length || 1,
    partMs,
  } as Parameters<typeof report>[0]);
} catch (error) {
  report({ ms: 0, sampledPeakMb: rss.stop(), bytes: 0, error: String(error) });
}
process.exit(0);
