/**
 * Runs in a worker thread (started by renderInWorker.ts): builds one report PDF and posts its bytes back
 * (transferred, not copied). The API thread never lays out a page.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildReportPdf } from './buildPdf.ts';
import type { ReportModel } from './reportModel.ts';

export type ReportWorkerMessage = { type: 'done'; pdf: Uint8Array } | { type: 'failed'; error: string };

const post = (message: ReportWorkerMessage, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(message, transfer);

try {
  const pdf = await buildReportPdf(workerData as ReportModel);
  // a Buffer may be a view on a larger (pooled) ArrayBuffer: send exactly the PDF's bytes
  const bytes =
    pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength
      ? new Uint8Array(pdf.buffer, 0, pdf.byteLength)
      : new Uint8Array(pdf);
  post({ type: 'done', pdf: bytes }, [bytes.buffer as ArrayBuffer]);
} catch (error) {
  post({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
}
