import type { FastifyInstance } from 'fastify';
import { SKETCH_PDF_FILE_NAMES, SKETCH_PDF_URL, SketchPdfRequestSchema } from '@penstock/shared';
import { badRequest, parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { contentDisposition } from '../../http/contentDisposition.ts';
import { renderSketchPdfInWorker } from './renderSketchPdf.ts';
import { SketchPdfInputError, pngBytes } from './sketchPdf.ts';

/** A 30 MB SVG grows by its escaped quotes inside JSON; a 25 MB PNG by a third as base64. */
export const SKETCH_PDF_BODY_LIMIT = 40 * 1024 * 1024;

/**
 * POST /api/sketchexport/pdf: { kind: 'vector', svg, width, height } or { kind: 'raster', png, width,
 * height } in, a one-page PDF of width × height points out (application/pdf, canvas.pdf or
 * canvas-vector.pdf). Signed-in users only; the session is checked before the body is read.
 */
export function sketchExportRoutes(app: FastifyInstance): void {
  app.post(
    SKETCH_PDF_URL,
    {
      bodyLimit: SKETCH_PDF_BODY_LIMIT,
      preParsing: async (request) => {
        requireUser(request);
      },
    },
    async (request, reply) => {
      requireUser(request);
      const input = parseInput(SketchPdfRequestSchema, request.body);
      if (input.kind === 'raster') {
        try {
          pngBytes(input.png);
        } catch (error) {
          if (error instanceof SketchPdfInputError) throw badRequest(error.message);
          throw error;
        }
      }
      const pdf = await renderSketchPdfInWorker(input);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(SKETCH_PDF_FILE_NAMES[input.kind], 'attachment'))
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );
}
