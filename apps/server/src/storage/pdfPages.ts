import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const PDFJS = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;

/** What reading one PDF may take: a hostile or broken file fails alone, never the API thread. */
export const PDF_READ_LIMITS = { timeoutMs: 60_000, memoryMb: 512 } as const;

// plain JavaScript, so the worker needs no TypeScript loader
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
import(workerData.pdfjs)
  .then(async ({ getDocument }) => {
    const data = new Uint8Array(fs.readFileSync(workerData.file));
    const doc = await getDocument({ data, isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
    parentPort.postMessage({ pages: doc.numPages });
    await doc.destroy();
  })
  .catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

export class PdfReadError extends Error {}

/**
 * The number of pages of a PDF, read by pdf.js (the viewer's own library) in a worker thread with its own
 * memory limit and a time limit, so a large or hostile PDF never holds up the API thread (issue 16).
 */
export function countPdfPages(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { file, pdfjs: PDFJS },
      resourceLimits: { maxOldGenerationSizeMb: PDF_READ_LIMITS.memoryMb },
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (error: Error | null, pages?: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(pages!);
    };
    const timer = setTimeout(
      () => finish(new PdfReadError('reading it took longer than a minute')),
      PDF_READ_LIMITS.timeoutMs,
    );
    worker.on('message', (message: { pages?: number; error?: string }) =>
      typeof message.pages === 'number' && message.pages > 0
        ? finish(null, message.pages)
        : finish(new PdfReadError(message.error ?? 'it has no pages')),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      finish(
        new PdfReadError(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? 'it needs more memory than a PDF may use'
            : error.message,
        ),
      ),
    );
    worker.on('exit', (code) => finish(new PdfReadError(`the reader stopped (exit code ${code})`)));
  });
}
