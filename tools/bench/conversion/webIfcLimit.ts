/**
 * Where web-ifc's 32-bit wasm memory (4 GiB at most) stands with a model (issue 38): the model opened from
 * the file a piece at a time, as Penstock's conversion opens it, then every mesh streamed (what the importer's
 * geometry pass asks of web-ifc), with the wasm memory's size after each step, or where it failed.
 *   node --import tsx tools/bench/conversion/webIfcLimit.ts <file.ifc>
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { IfcAPI } from 'web-ifc';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: webIfcLimit.ts <file.ifc>');
const require = createRequire(import.meta.url);
const api = new IfcAPI();
api.SetWasmPath(`${path.dirname(require.resolve('web-ifc'))}/`, true);
await api.Init(undefined, true);
const heapMb = () =>
  Math.round((api as unknown as { wasmModule: { HEAPU8: Uint8Array } }).wasmModule.HEAPU8.length / 1048576);
const started = Date.now();
const say = (what: string) =>
  console.log(`${((Date.now() - started) / 1000).toFixed(0)} s: ${what}; wasm memory ${heapMb()} MB`);
const fd = fs.openSync(file, 'r');
let buffer = Buffer.alloc(0);
try {
  say(`opening ${path.basename(file)} (${(fs.fstatSync(fd).size / 1048576).toFixed(0)} MB)`);
  const modelID = api.OpenModelFromCallback((offset, size) => {
    if (buffer.length < size) buffer = Buffer.alloc(size);
    return buffer.subarray(0, fs.readSync(fd, buffer, 0, size, offset));
  });
  say(`opened (model ${modelID}, ${api.GetMaxExpressID(modelID).toLocaleString('en')} express ids)`);
  let meshes = 0;
  api.StreamAllMeshes(modelID, () => {
    meshes++;
    if (meshes % 100_000 === 0) say(`${meshes.toLocaleString('en')} meshes`);
  });
  say(`every mesh streamed (${meshes.toLocaleString('en')})`);
} catch (error) {
  say(`failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  fs.closeSync(fd);
}
