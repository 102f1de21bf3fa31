import type { FastifyInstance } from 'fastify';
import { CompareFilesQuerySchema } from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { CompareFilesService } from './compareFiles.service.ts';

export function compareFilesRoutes(app: FastifyInstance, service: CompareFilesService): void {
  app.get('/api/compare-files', async (request) => {
    const user = requireUser(request);
    const { base, head } = parseInput(CompareFilesQuerySchema, request.query);
    return service.pair(user, base, head);
  });
}
