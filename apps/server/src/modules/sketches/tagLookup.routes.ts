import type { FastifyInstance } from 'fastify';
import { ProjectIdSchema, TagLookupRequestSchema, TagsInUseQuerySchema } from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { TagLookupService } from './tagLookup.service.ts';

/** 5,000 tags of up to 60 characters, as JSON. */
const MAX_LOOKUP_BYTES = 512 * 1024;

/**
 * POST /api/projects/:projectId/tag-lookup: the sketch's tags in the project's models and asset register;
 * GET /api/projects/:projectId/tags-in-use?stem=P-1: the project's tags starting so (the next free number).
 */
export function tagLookupRoutes(app: FastifyInstance, service: TagLookupService): void {
  app.post('/api/projects/:projectId/tag-lookup', { bodyLimit: MAX_LOOKUP_BYTES }, async (request) => {
    const user = requireUser(request);
    const projectId = parseInput(ProjectIdSchema, (request.params as { projectId: string }).projectId);
    return service.lookup(user, projectId, parseInput(TagLookupRequestSchema, request.body ?? {}));
  });

  app.get('/api/projects/:projectId/tags-in-use', async (request) => {
    const user = requireUser(request);
    const projectId = parseInput(ProjectIdSchema, (request.params as { projectId: string }).projectId);
    return service.inUse(user, projectId, parseInput(TagsInUseQuerySchema, request.query).stem);
  });
}
