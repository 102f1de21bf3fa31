import type { FastifyInstance } from 'fastify';
import { ProjectIdSchema, PutInfoStandardBodySchema, PutNamingRelaxedBodySchema } from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { InfoStandardService } from './infoStandard.service.ts';

const projectOf = (params: unknown) =>
  parseInput(ProjectIdSchema, (params as { projectId: string }).projectId);

export function infoStandardRoutes(app: FastifyInstance, service: InfoStandardService): void {
  app.get('/api/projects/:projectId/info-standard', async (request) =>
    service.get(requireUser(request), projectOf(request.params)),
  );

  app.put('/api/projects/:projectId/info-standard', async (request) =>
    service.put(
      requireUser(request),
      projectOf(request.params),
      () => parseInput(PutInfoStandardBodySchema, request.body).standard,
    ),
  );

  app.put('/api/projects/:projectId/info-standard/relaxed', async (request) =>
    service.relax(
      requireUser(request),
      projectOf(request.params),
      () => parseInput(PutNamingRelaxedBodySchema, request.body).relaxed,
    ),
  );
}
