import type { FastifyInstance } from 'fastify';
import { badRequest, parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { ProjectIdQuerySchema } from '@penstock/shared';
import type { BcfService } from './bcf.service.ts';

export const MAX_BCF_BYTES = 100 * 1024 * 1024;

export function bcfRoutes(app: FastifyInstance, bcf: BcfService): void {
  app.get('/api/issues/bcf', async (request, reply) => {
    const user = requireUser(request);
    const { projectid } = parseInput(ProjectIdQuerySchema, request.query);
    const { fileName, content } = await bcf.exportProject(user, projectid);
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${fileName.replace(/"/g, '')}"`)
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
