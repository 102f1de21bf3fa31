import type { FastifyInstance } from 'fastify';
import { ChangedPagesBodySchema, CompareFilesQuerySchema } from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { CompareFilesService } from './compareFiles.service.ts';

export function compareFilesRoutes(app: FastifyInstance, service: CompareFilesService): void {
  app.get('/api/compare-files', async (request) => {
    const user = requireUser(request);
    const { base, head } = parseInput(CompareFilesQuerySchema, request.query);
    return service.pair(user, base, head);
  });

  app.get('/api/compare-files/changed-pages', async (request) => {
    const user = requireUser(request);
    const { base, head } = parseInput(CompareFilesQuerySchema, request.query);
    return service.changedPages(user, base, head);
  });

  app.put('/api/compare-files/changed-pages', async (request) => {
    const user = requireUser(request);
    // the pair first, for the access check; the count once access is granted
    const { base, head } = parseInput(CompareFilesQuerySchema, request.body ?? {});
    return service.recordChangedPages(user, base, head, () =>
      parseInput(ChangedPagesBodySchema, request.body),
    );
  });
}
