/**
 * Runs in a worker thread (started by renderSketchPdf.ts): builds one sketch PDF and posts its bytes back,
 * so the API thread never parses a large SVG or lays out a page.
 */
import type { SketchPdfRequest } from '@penstock/shared';
import { answerWithPdf } from '../../workers/pdfWorkers.ts';
import { SketchPdfInputError, buildSketchPdf } from './sketchPdf.ts';

await answerWithPdf<SketchPdfRequest>(buildSketchPdf, (error) => error instanceof SketchPdfInputError);
