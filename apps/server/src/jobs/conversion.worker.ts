/**
 * Runs in a worker thread: opens the IFC from the blob file, reads the object index with web-ifc in bulk,
 * then converts to Fragments bytes with IfcImporter (its localIds are the IFC expressIDs). The API thread
 * never runs any of this.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { IfcAPI } from 'web-ifc';
import { IfcImporter } from '@thatopen/fragments';
import {
  fileExtensionOf,
  READABLE_IFC_SCHEMAS,
  schemaOfHeader,
  unreadableSchemaMessage,
} from '@penstock/shared';
import { extractZipEntry, ZipError } from '../storage/zip.ts';
import { extractIfc } from './ifcExtract.ts';
import { toObjectRows } from './objectRows.ts';
import type { WorkerInput, WorkerMessage } from './conversion.messages.ts';

const input = workerData as WorkerInput;
const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(message, transfer);

class InvalidIfc extends Error {}
/** A reason meant for the user as it is (no 'not a valid IFC' prefix). */
class Refused extends Error {}

/** The IFC inside a '.ifczip': the first '.ifc' entry, unzipped to the scratch folder within the cap. */
async function unzipModel(): Promise<string> {
  const target = path.join(input.scratchDir, `model-${process.pid}-${Date.now()}.ifc`);
  try {
    await extractZipEntry(
      input.ifcPath,
      (names) => names.find((name) => /\.ifc$/i.test(name) && !name.startsWith('__MACOSX/')),
      target,
      { maxEntryBytes: input.maxUnzippedBytes, maxEntries: 10_000 },
    );
  } catch (error) {
    if (error instanceof ZipError)
      throw new Refused(
        error.message === 'The archive holds no file to read'
          ? 'The .ifczip archive holds no .ifc file'
          : `The .ifczip archive could not be unzipped: ${error.message}`,
      );
    throw error;
  }
  return target;
}

async function run(): Promise<void> {
  const zipped = fileExtensionOf(input.fileName) === 'ifczip';
  const ifcPath = zipped ? await unzipModel() : input.ifcPath;
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(fs.readFileSync(ifcPath));
  } finally {
    if (zipped) fs.rmSync(ifcPath, { force: true });
  }
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  if (!head.trimStart().startsWith('ISO-10303-21'))
    throw new InvalidIfc('it does not start with the STEP header ISO-10303-21');
  const schemaName = schemaOfHeader(head);
  if (!(READABLE_IFC_SCHEMAS as readonly string[]).includes(schemaName))
    throw new Refused(`The model cannot be converted. ${unreadableSchemaMessage(schemaName)}`);

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
  post(
    {
      type: 'done',
      frag,
      rows: toObjectRows(extraction.objects, input.tagFallback),
      viewables: extraction.viewables,
    },
    [frag.buffer as ArrayBuffer],
  );
}

run().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  post({
    type: 'failed',
    error:
      error instanceof Refused
        ? message
        : error instanceof InvalidIfc
          ? `The file is not a valid IFC model: ${message}`
          : `The conversion failed: ${message}`,
  });
});
