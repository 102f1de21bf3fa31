import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describeChildEnd, forkWorkChild } from '../workers/childProcess.ts';

const require = createRequire(import.meta.url);
const PDFJS = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;

/** What reading one PDF may take: a hostile or broken file fails alone, never the API thread. */
export const PDF_READ_LIMITS = { timeoutMs: 60_000, memoryMb: 512 } as const;

const CHILD = new URL('./pdfPages.child.mjs', import.meta.url);

export class PdfReadError extends Error {}

/**
 * The number of pages of a PDF, read by pdf.js (the viewer's own library) in a child process with its own
 * memory limit and a time limit, so a large or hostile PDF never holds up the API thread (issue 16), and a
 * crash of pdf.js or its wasm decoders ends that process only (issue 31, item 0).
 */
export function countPdfPages(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const work = forkWorkChild(CHILD, { heapMb: PDF_READ_LIMITS.memoryMb, typescript: false });
    const { child } = work;
    let settled = false;
    const finish = (error: Error | null, pages?: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      work.kill();
      if (error) reject(error);
      else resolve(pages!);
    };
    const timer = setTimeout(
      () => finish(new PdfReadError('reading it took longer than a minute')),
      PDF_READ_LIMITS.timeoutMs,
    );
    child.on('message', (message: { pages?: number; error?: string }) =>
      typeof message.pages === 'number' && message.pages > 0
        ? finish(null, message.pages)
        : finish(new PdfReadError(message.error ?? 'it has no pages')),
    );
    child.once('exit', (code, signal) =>
      setImmediate(() => {
        const end = describeChildEnd(code, signal, work.stderrTail());
        finish(
          new PdfReadError(
            end.kind === 'memory'
              ? 'it needs more memory than a PDF may use'
              : `the reader stopped (${end.how}${end.detail ? `: ${end.detail}` : ''})`,
          ),
        );
      }),
    );
    child.send({ file, pdfjs: PDFJS });
  });
}
