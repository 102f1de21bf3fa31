import type { FastifyInstance } from 'fastify';
import { sketchExportRoutes } from './sketchExport.routes.ts';

/** svg-to-pdfkit's image loader that opens embedded PNG and JPEG pictures only (the issued sheet uses it too). */
export { embeddedImageOnly } from './sketchPdf.ts';

/** Sketch exports built on the server (issue 13): POST /api/sketchexport/pdf, a vector or canvas PDF. */
export function registerSketchExport(app: FastifyInstance): void {
  sketchExportRoutes(app);
}
