import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { contentDisposition } from '../../http/contentDisposition.ts';
import { ProjectIdQuerySchema } from '@penstock/shared';
import type { BcfService } from './bcf.service.ts';
import { BCF_EXPORT_VERSIONS } from './bcf.types.ts';

export const MAX_BCF_BYTES = 100 * 1024 * 1024;

/** GET /api/issues/bcf's query: the project, and the BCF version to write (3.0 unless asked for 2.1). */
const BcfExportQuerySchema = ProjectIdQuerySchema.extend({
  version: z
    .enum(BCF_EXPORT_VERSIONS, { message: `version must be ${BCF_EXPORT_VERSIONS.join(' or ')}` })
    .default('3.0'),
});

export function bcfRoutes(app: FastifyInstance, bcf: BcfService): void {
  app.get('/api/issues/bcf', async (request, reply) => {
    const user = requireUser(request);
    const { projectid, version } = parseInput(BcfExportQuerySchema, request.query);
    const { fileName, content } = await bcf.exportProject(user, projectid, version);
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', contentDisposition(fileName, 'attachment', { utf8Name: false }))
      .send(content);
  });

  app.post('/api/issues/bcf', async (request) => {
    const user = requireUser(request);
    const { projectid } = parseInput(ProjectIdQuerySchema, request.query);
    if (!request.isMultipart())
      throw badRequest("Send the .bcf file as multipart/form-data in a field named 'file'");
    const file = await request.file({ limits: { fileSize: MAX_BCF_BYTES, files: 1 } });
    if (!file) throw badRequest("Send the .bcf file as multipart/form-data in a field named 'file'");
    const content = await file.toBuffer();
    return bcf.importProject(user, projectid, content);
  });
}
