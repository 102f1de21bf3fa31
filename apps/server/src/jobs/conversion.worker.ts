/**
 * Runs in a worker thread: opens the IFC from the blob file, reads the object index with web-ifc in bulk,
 * then converts to Fragments bytes with IfcImporter (its localIds are the IFC expressIDs). The API thread
 * never runs any of this.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { IfcAPI } from 'web-ifc';
import { IfcImporter } from '@thatopen/fragments';
import { extractIfc } from './ifcExtract.ts';
import { toObjectRows } from './objectRows.ts';
import type { WorkerInput, WorkerMessage } from './conversion.messages.ts';

const input = workerData as WorkerInput;
const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(message, transfer);

class InvalidIfc extends Error {}

async function run(): Promise<void> {
  const bytes = new Uint8Array(fs.readFileSync(input.ifcPath));
  const head = Buffer.from(bytes.subarray(0, 64)).toString('latin1').trimStart();
  if (!head.startsWith('ISO-10303-21'))
    throw new InvalidIfc('it does not start with the STEP header ISO-10303-21');

  const api = new IfcAPI();
  api.SetWasmPath(input.wasmDir, true);
  await api.Init(undefined, true);
  let modelID = -1;
  try {
    modelID = api.OpenModel(bytes);
  } catch (error) {
    throw new InvalidIfc(error instanceof Error ? error.message : String(error));
  }
  if (modelID < 0 || !api.IsModelOpen(modelID)) throw new InvalidIfc('web-ifc could not open it');
  const schema = api.GetModelSchema(modelID);
  if (!schema) throw new InvalidIfc('it names no IFC schema');
  const extraction = extractIfc(api, modelID, (fraction) =>
    post({ type: 'progress', value: fraction * 0.2 }),
  );
  api.CloseModel(modelID);
  api.Dispose();

  const importer = new IfcImporter();
  importer.wasm = { path: input.wasmDir, absolute: true };
  let last = 0;
  const frag = await importer.process({
    bytes,
    progressCallback: (progress) => {
      if (progress - last >= 0.02) {
        last = progress;
        post({ type: 'progress', value: 0.2 + progress * 0.75 });
      }
    },
  });
  post({ type: 'done', frag, rows: toObjectRows(extraction.objects), viewables: extraction.viewables }, [
    frag.buffer as ArrayBuffer,
  ]);
}

run().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  post({
    type: 'failed',
    error:
      error instanceof InvalidIfc
        ? `The file is not a valid IFC model: ${message}`
        : `The conversion failed: ${message}`,
  });
});
