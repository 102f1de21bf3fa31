import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_DEXPI_BYTES, ProjectIdSchema } from '@penstock/shared';
import { HttpError, badRequest, parseInput } from '../../http/errors.ts';
import { readParts } from '../../http/multipart.ts';
import { requireUser } from '../../http/session.ts';
import { contentDisposition } from '../../http/contentDisposition.ts';
import type { SketchDexpiService } from './sketchDexpi.service.ts';

/** The file, a name field and the multipart framing. */
const MAX_IMPORT_REQUEST_BYTES = MAX_DEXPI_BYTES + 64 * 1024;
const SketchIdSchema = z.string().min(1).max(100);
const tooLarge = () => new HttpError(413, `A DEXPI file may be at most ${MAX_DEXPI_BYTES / 1024 / 1024} MB`);

/**
 * GET /api/projects/:projectId/sketches/:sketchId/export-dexpi: the saved sketch as a DEXPI 1.3 XML download.
 * POST /api/projects/:projectId/sketches/import-dexpi: multipart 'file' (the DEXPI XML) and an optional
 * 'name'; 201 { sketchId, drawingName, report }.
 */
export function sketchDexpiRoutes(app: FastifyInstance, service: SketchDexpiService): void {
  app.get('/api/projects/:projectId/sketches/:sketchId/export-dexpi', async (request, reply) => {
    const user = requireUser(request);
    const params = request.params as { projectId: string; sketchId: string };
    const projectId = parseInput(ProjectIdSchema, params.projectId);
    const sketchId = parseInput(SketchIdSchema, params.sketchId);
    const file = await service.exportDexpi(user, projectId, sketchId);
    return reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Content-Disposition', contentDisposition(file.fileName, 'attachment'))
      .header('Cache-Control', 'no-store')
      .send(file.xml);
  });

  app.post(
    '/api/projects/:projectId/sketches/import-dexpi',
    { bodyLimit: MAX_IMPORT_REQUEST_BYTES },
    async (request, reply) => {
      const user = requireUser(request);
      const projectId = parseInput(ProjectIdSchema, (request.params as { projectId: string }).projectId);
      if (!request.isMultipart())
        throw badRequest("Send the DEXPI file as multipart/form-data in the field 'file'");
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_IMPORT_REQUEST_BYTES) throw tooLarge();
      let xml: string | null = null;
      let fileName = '';
      let name = '';
      await readParts(
        request,
        { fileSize: MAX_DEXPI_BYTES, fieldSize: 1024, fields: 5, files: 1 },
        {
          async file(part) {
            if (part.fieldname !== 'file' || xml !== null) return;
            const buffer = await part.toBuffer().catch((error: { code?: string }) => {
              throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : error;
            });
            xml = buffer.toString('utf8');
            fileName = part.filename ?? '';
          },
          field(part) {
            if (part.fieldname === 'name' && typeof part.value === 'string') name = part.value;
          },
        },
      );
      if (xml === null) throw badRequest("Send the DEXPI file in the field 'file'");
      const answer = await service.importDexpi(user, projectId, xml, fileName, name);
      return reply.code(201).send(answer);
    },
  );
}
