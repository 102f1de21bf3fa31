/**
 * Runs in a child process of the server (runConversion.ts forks it; a crash here ends this process, never the
 * server): converts the IFC from the blob file to Fragments bytes with IfcImporter (its
 * localIds are the IFC expressIDs) and reads the object index from the lines the importer decodes
 * (importerModel.ts), so the file is parsed and decoded no more often than by the bare importer; web-ifc
 * reads the file piece by piece (it is never whole in JavaScript's memory). The index is read while another
 * thread compresses the .frag, its rows written in batches to a scratch SQLite file as they are made
 * (nothing holds the whole index, issue 38), and that file is named first ('index'), then the .frag, written
 * to a file in the scratch folder ('done' names it: a large model's bytes never sit in an IPC message). The
 * job comes in the first message; the process converts one model and exits.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { IfcAPI } from 'web-ifc';
import { IfcImporter } from '@thatopen/fragments';
import {
  fileExtensionOf,
  READABLE_IFC_SCHEMAS,
  type ModelGeoreference,
  schemaOfHeader,
  unreadableSchemaMessage,
} from '@penstock/shared';
import { extractZipEntry, ZipError } from '../storage/zip.ts';
import { streamIfc, type StreamedExtraction } from './ifcExtract.ts';
import { readGeoreference } from './ifcGeoreference.ts';
import { readImporterModel } from './importerModel.ts';
import { eachObjectRow } from './objectRows.ts';
import { IndexStagingWriter } from '../modules/models/indexStaging.repo.ts';
import type { WorkerInput, WorkerMessage } from './conversion.messages.ts';

/**
 * The job, in the first message: the process is started ahead of need (runConversion.ts keeps a warm one with
 * tsx, web-ifc and That Open already loaded) and waits for it.
 */
let input = null as WorkerInput | null as WorkerInput;
const post = (message: WorkerMessage) => process.send!(message);

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

/** Reads `length` bytes at `position` of an open file (fewer at its end). */
function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = fs.readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/**
 * What web-ifc reads the model with: the file itself, a piece at a time, instead of the whole file in
 * JavaScript's memory beside web-ifc's own copy (920 MB at 500k elements; issue 38).
 */
function fileReader(fd: number): (offset: number, size: number) => Uint8Array {
  let buffer = Buffer.alloc(0);
  return (offset, size) => {
    if (buffer.length < size) buffer = Buffer.alloc(size);
    const read = fs.readSync(fd, buffer, 0, size, offset);
    return buffer.subarray(0, read);
  };
}

async function run(): Promise<void> {
  const zipped = fileExtensionOf(input.fileName) === 'ifczip';
  const ifcPath = zipped ? await unzipModel() : input.ifcPath;
  const fd = fs.openSync(ifcPath, 'r');
  let open = true;
  // before the last message: the server ends this process as soon as it has it
  const release = () => {
    if (!open) return;
    open = false;
    fs.closeSync(fd);
    if (zipped) fs.rmSync(ifcPath, { force: true });
  };
  try {
    await convert(fd, release);
  } finally {
    release();
  }
}

/** Converts the IFC open as `fd`; `release` closes it (and removes an unzipped one) once it is read. */
async function convert(fd: number, release: () => void): Promise<void> {
  const size = fs.fstatSync(fd).size;
  const head = readAt(fd, 0, 4096).toString('latin1');
  if (!head.trimStart().startsWith('ISO-10303-21'))
    throw new InvalidIfc('it does not start with the STEP header ISO-10303-21');
  // a file cut off on export or upload: web-ifc would scan for the end of its last line until its memory
  // runs out (about 30 s, then "Aborted()"); every complete STEP file ends with its END-ISO-10303-21; line
  const tail = readAt(fd, Math.max(0, size - 4096), 4096).toString('latin1');
  if (!/END-ISO-10303-21\s*;/i.test(tail))
    throw new InvalidIfc(
      'it is incomplete (it does not end with END-ISO-10303-21;): was it cut off on export or upload?',
    );
  const schemaName = schemaOfHeader(head);
  if (!(READABLE_IFC_SCHEMAS as readonly string[]).includes(schemaName))
    throw new Refused(`The model cannot be converted. ${unreadableSchemaMessage(schemaName)}`);

  // the object index is read from the lines the importer's attribute pass decodes (importerModel.ts): the
  // IFC is parsed and its lines decoded by the importer's two passes only. Its rows go to a scratch file in
  // batches as they are made (indexStaging.repo.ts), and the file is named to the server as soon as it is
  // whole, so the server loads it into the database while the .frag is still being compressed.
  const stagingPath = path.join(input.scratchDir, `index-${process.pid}-${Date.now()}.sqlite`);
  const sendIndex = (extraction: StreamedExtraction, georeference: ModelGeoreference | null) => {
    const staging = new IndexStagingWriter(stagingPath);
    let counts: { rows: number; objects: number };
    try {
      counts = eachObjectRow(
        () => extraction.objects(),
        input.tagFallback,
        (row) => staging.add(row),
      );
      staging.close();
    } catch (error) {
      staging.close();
      fs.rmSync(stagingPath, { force: true });
      throw error;
    }
    post({
      type: 'index',
      stagingPath,
      rowCount: counts.rows,
      objectCount: counts.objects,
      viewables: extraction.viewables,
      georeference,
    });
  };
  const reading = readImporterModel((api, modelID, observed) => {
    if (!api.GetModelSchema(modelID)) throw new InvalidIfc('it names no IFC schema');
    sendIndex(streamIfc(api, modelID, observed), georeferenceOf(api, modelID));
    return true;
  });
  const importer = new IfcImporter();
  importer.wasm = { path: input.wasmDir, absolute: true };
  let last = 0;
  let compressed: Promise<Uint8Array>;
  let sent: boolean | undefined;
  try {
    // the .frag uncompressed: it is compressed on a thread of its own (as the importer would, with its pako)
    // while this one reads the object index from the model the importer's attribute pass left open
    const raw = await importer.process({
      readFromCallback: true,
      readCallback: fileReader(fd),
      raw: true,
      progressCallback: (progress) => {
        if (progress - last >= 0.02) {
          last = progress;
          post({ type: 'progress', value: progress * 0.95 });
        }
      },
    });
    compressed = deflateAside(raw);
    // (a failed read below fails the job: the compression is then of no interest)
    compressed.catch(() => {});
    sent = reading.result();
  } catch (error) {
    // the importer failed before any model was open: web-ifc could not read the file
    if (!reading.opened() && !(error instanceof Refused))
      throw new InvalidIfc(error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    reading.restore();
  }
  // an importer that never ended an attribute pass on a model of its own (a future version): read the
  // index as before
  if (!sent) await extractSeparately(fd, sendIndex);
  release();
  const frag = await compressed;
  const fragPath = path.join(input.scratchDir, `frag-${process.pid}-${Date.now()}.frag`);
  fs.writeFileSync(fragPath, frag);
  post({ type: 'done', fragPath });
}

/** The model's georeference; a file whose georeference cannot be read converts without one. */
function georeferenceOf(api: IfcAPI, modelID: number): ModelGeoreference | null {
  try {
    return readGeoreference(api, modelID);
  } catch {
    return null;
  }
}

/** pako, as IfcImporter's own dependency: the .frag compresses exactly as the importer compresses it. */
const PAKO = createRequire(createRequire(import.meta.url).resolve('@thatopen/fragments')).resolve('pako');

/**
 * Compresses the .frag in a thread of its own, as IfcImporter does (pako's deflate, default level), so that
 * the object index is read meanwhile: on a 50k-element plant the compression takes about 5 s.
 */
function deflateAside(raw: Uint8Array): Promise<Uint8Array> {
  const own = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength ? raw : raw.slice();
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const pako = require(${JSON.stringify(PAKO)});
     parentPort.once('message', (bytes) => {
       const out = pako.deflate(bytes);
       const sent = out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? out : out.slice();
       parentPort.postMessage(sent, [sent.buffer]);
     });`,
    { eval: true },
  );
  return new Promise<Uint8Array>((resolve, reject) => {
    worker.once('message', (frag: Uint8Array) => {
      resolve(frag);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`The compression of the .frag stopped (exit code ${code})`)),
    );
    worker.postMessage(own, [own.buffer as ArrayBuffer]);
  });
}

/** Open the IFC with web-ifc once more and read the index (only when the importer's model was not seen). */
async function extractSeparately(
  fd: number,
  sendIndex: (extraction: StreamedExtraction, georeference: ModelGeoreference | null) => void,
): Promise<void> {
  const api = new IfcAPI();
  api.SetWasmPath(input.wasmDir, true);
  await api.Init(undefined, true);
  try {
    const modelID = api.OpenModelFromCallback(fileReader(fd));
    if (modelID < 0 || !api.IsModelOpen(modelID)) throw new InvalidIfc('web-ifc could not open it');
    if (!api.GetModelSchema(modelID)) throw new InvalidIfc('it names no IFC schema');
    sendIndex(streamIfc(api, modelID), georeferenceOf(api, modelID));
  } finally {
    api.Dispose();
  }
}

function start(): void {
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
}

/**
 * The fault hook of the tests (PENSTOCK_TEST_CONVERSION_CRASH, passed in the job by the server): 'abort'
 * aborts as glibc does on a corrupted heap, every time; 'abort-once:<file>' only while the file exists (it is
 * removed), so the retry succeeds.
 */
function crashForTest(mode: string | undefined): void {
  if (!mode) return;
  if (mode === 'abort') process.abort();
  const once = /^abort-once:(.+)$/.exec(mode);
  if (once && fs.existsSync(once[1]!)) {
    fs.rmSync(once[1]!);
    process.abort();
  }
}

// the server went away (killed, or stopped): nothing is left to convert for
process.on('disconnect', () => process.exit(0));
process.once('message', (job: WorkerInput) => {
  input = job;
  crashForTest(job.testCrash);
  start();
});
post({ type: 'ready' });
