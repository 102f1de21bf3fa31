/**
 * Runs in a worker thread (started by renderInWorker.ts): builds one report PDF and posts its bytes back.
 * The API thread never lays out a page.
 */
import { answerWithPdf } from '../../../workers/pdfWorkers.ts';
import { buildReportPdf } from './buildPdf.ts';
import type { ReportModel } from './reportModel.ts';

await answerWithPdf<ReportModel>(buildReportPdf);
