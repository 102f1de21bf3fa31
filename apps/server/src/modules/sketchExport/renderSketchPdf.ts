/**
 * Builds sketch PDFs in worker threads (workers/pdfWorkers.ts, as reports are): at most
 * MAX_SKETCH_PDF_WORKERS at a time, others wait their turn; a worker past its time limit is terminated.
 */
import type { SketchPdfRequest } from '@penstock/shared';
import { HttpError, badRequest } from '../../http/errors.ts';
import { PdfWorkerPool } from '../../workers/pdfWorkers.ts';

export const MAX_SKETCH_PDF_WORKERS = 2;
export const SKETCH_PDF_TIMEOUT_MS = 120_000;

const sketches = new PdfWorkerPool<SketchPdfRequest>({
  entry: new URL('./sketchPdf.worker.ts', import.meta.url),
  maxWorkers: MAX_SKETCH_PDF_WORKERS,
  // a 30 MB SVG is held as text, parsed twice (sanitiser, svg-to-pdfkit) and laid out
  heapMb: 1024,
  cancelled: 'The PDF was cancelled',
  error: (failure) => {
    switch (failure.kind) {
      case 'timeout':
        return new HttpError(503, `The PDF took longer than ${failure.seconds} s to build`);
      case 'memory':
        return new HttpError(503, `The PDF needed more than ${failure.heapMb} MB of memory`);
      case 'failed':
        return failure.badInput
          ? badRequest(failure.message)
          : new Error(`The sketch PDF could not be built: ${failure.message}`);
      case 'exit':
        return new Error(`The sketch PDF worker stopped unexpectedly (exit code ${failure.code})`);
    }
  },
});

/**
 * The PDF of a sketch, built in a worker thread. Rejects with a 400 HttpError when the drawing cannot be
 * read, and a 503 when the build runs out of time or memory.
 */
export const renderSketchPdfInWorker = (
  input: SketchPdfRequest,
  timeoutMs: number = SKETCH_PDF_TIMEOUT_MS,
): Promise<Buffer> => sketches.run(input, { timeoutMs });
