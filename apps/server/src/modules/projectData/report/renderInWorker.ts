/**
 * Builds report PDFs in worker threads (workers/pdfWorkers.ts) so that a long report (thousands of asset
 * rows) never blocks the API thread: at most MAX_REPORT_WORKERS at a time, others wait their turn.
 */
import { PdfWorkerPool, type PdfRunOptions } from '../../../workers/pdfWorkers.ts';
import type { ReportModel } from './reportModel.ts';

export { formatSeconds } from '../../../workers/pdfWorkers.ts';

/** reports built at the same time; more wait in a queue (each worker holds a whole report in memory) */
export const MAX_REPORT_WORKERS = 2;

export type RenderReportOptions = PdfRunOptions;

const reports = new PdfWorkerPool<ReportModel>({
  entry: new URL('./reportWorker.ts', import.meta.url),
  maxWorkers: MAX_REPORT_WORKERS,
  heapMb: 1024,
  cancelled: 'The report was cancelled',
  error: (failure) => {
    switch (failure.kind) {
      case 'timeout':
        return new Error(`The report took longer than ${failure.seconds} s`);
      case 'memory':
        return new Error(`The report needed more than ${failure.heapMb} MB of memory`);
      case 'failed':
        return new Error(`The report could not be built: ${failure.message}`);
      case 'exit':
        return new Error(`The report worker stopped unexpectedly (exit code ${failure.code})`);
    }
  },
});

/**
 * Builds the report's PDF in a worker thread. Rejects with 'The report took longer than N s' past
 * `timeoutMs`, with the builder's error when the report cannot be built, and when `signal` aborts.
 */
export const renderReportInWorker = (model: ReportModel, options: RenderReportOptions): Promise<Buffer> =>
  reports.run(model, options);
