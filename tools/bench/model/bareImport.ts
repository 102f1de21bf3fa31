/**
 * The floor for the server: only That Open's IfcImporter on one IFC file, as its docs show it.
 *   node --import tsx tools/bench/model/bareImport.ts <file.ifc> <out.frag>
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { IfcImporter } from '@thatopen/fragments';
import { report, sampleRss } from './child.ts';

const [ifcPath, outPath] = process.argv.slice(2);
if (!ifcPath || !outPath) throw new Error('usage: bareImport.ts <file.ifc> <out.frag>');
const require = createRequire(import.meta.url);
const wasmDir = `${path.dirname(require.resolve('web-ifc'))}/`;

const rss = sampleRss();
const start = performance.now();
try {
  const bytes = new Uint8Array(fs.readFileSync(ifcPath));
  const importer = new IfcImporter();
  importer.wasm = { path: wasmDir, absolute: true };
  const frag = await importer.process({ bytes });
  fs.writeFileSync(outPath, frag);
  const ms = performance.now() - start;
  report({ ms, sampledPeakMb: rss.stop(), bytes: frag.byteLength });
} catch (error) {
  report({ ms: 0, sampledPeakMb: rss.stop(), bytes: 0, error: String(error) });
}
process.exit(0);
