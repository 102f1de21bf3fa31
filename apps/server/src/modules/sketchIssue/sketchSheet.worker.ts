/** Runs in a worker thread (started by renderSketchSheet.ts): builds one issued sketch's sheet PDF. */
import { answerWithPdf } from '../../workers/pdfWorkers.ts';
import { SketchSheetInputError, buildSketchSheet, type SketchSheetInput } from './sketchSheet.ts';

await answerWithPdf<SketchSheetInput>(buildSketchSheet, (error) => error instanceof SketchSheetInputError);
