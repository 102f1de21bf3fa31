import type { PdfCompareSession } from '@penstock/viewer/compare';
import { versionContentUrl } from '../api.ts';

/**
 * Open two versions for compare: the compare code (pdf.js, pixelmatch) loads on first use, pdf.js' worker
 * and the diff worker are served by Penstock itself (never a CDN).
 */
export async function openDrawingCompare(
  baseVersionId: string,
  headVersionId: string,
): Promise<PdfCompareSession> {
  const [{ PdfCompareSession: Session }, { default: workerSrc }, { default: DiffWorker }] = await Promise.all(
    [
      import('@penstock/viewer/compare'),
      import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      import('@penstock/viewer/compare/diffWorker?worker'),
    ],
  );
  return Session.open(versionContentUrl(baseVersionId), versionContentUrl(headVersionId), {
    workerSrc,
    standardFontDataUrl: '/pdfjs/standard_fonts/',
    createDiffWorker: () => new DiffWorker({ name: 'penstock-drawing-diff' }),
  });
}
