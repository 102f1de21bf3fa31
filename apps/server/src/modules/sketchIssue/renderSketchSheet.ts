/** Builds issued sketch sheets in worker threads (workers/pdfWorkers.ts), as sketch exports and reports are. */
import { HttpError, badRequest } from '../../http/errors.ts';
import { PdfWorkerPool } from '../../workers/pdfWorkers.ts';
import type { SketchSheetInput } from './sketchSheet.ts';

export const SKETCH_SHEET_TIMEOUT_MS = 120_000;

const sheets = new PdfWorkerPool<SketchSheetInput>({
  entry: new URL('./sketchSheet.worker.ts', import.meta.url),
  maxWorkers: 2,
  heapMb: 1024,
  cancelled: 'The drawing sheet was cancelled',
  error: (failure) => {
    switch (failure.kind) {
      case 'timeout':
        return new HttpError(503, `The drawing sheet took longer than ${failure.seconds} s to build`);
      case 'memory':
        return new HttpError(503, `The drawing sheet needed more than ${failure.heapMb} MB of memory`);
      case 'failed':
        return failure.badInput
          ? badRequest(failure.message)
          : new Error(`The drawing sheet could not be built: ${failure.message}`);
      case 'exit':
        return new Error(`The drawing sheet worker stopped unexpectedly (exit code ${failure.code})`);
    }
  },
});

/** The sheet's PDF, built in a worker thread. */
export const renderSketchSheetInWorker = (input: SketchSheetInput): Promise<Buffer> =>
  sheets.run(input, { timeoutMs: SKETCH_SHEET_TIMEOUT_MS });
