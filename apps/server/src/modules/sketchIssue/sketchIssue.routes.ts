import type { FastifyInstance } from 'fastify';
import { IssuePreviewQuerySchema, IssueSketchRequestSchema } from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { sketchParams } from '../sketches/index.ts';
import type { SketchIssueService } from './sketchIssue.service.ts';

/** An issue names a folder, a number, a title and a few names. */
const MAX_ISSUE_BYTES = 16 * 1024;

/**
 * Issuing a sketch (issue 37 §5): GET /api/projects/:projectId/sketches/:sketchId/issue?folderId&drawingNumber
 * previews the codes; POST …/issue stores the drawing sheet and the native sketch in the folder (201).
 */
export function sketchIssueRoutes(app: FastifyInstance, service: SketchIssueService): void {
  app.get('/api/projects/:projectId/sketches/:sketchId/issue', async (request) => {
    const user = requireUser(request);
    const { projectId, sketchId } = sketchParams(request.params);
    return service.preview(user, projectId, sketchId, parseInput(IssuePreviewQuerySchema, request.query));
  });

  app.post(
    '/api/projects/:projectId/sketches/:sketchId/issue',
    { bodyLimit: MAX_ISSUE_BYTES },
    async (request, reply) => {
      const user = requireUser(request);
      const { projectId, sketchId } = sketchParams(request.params);
      const input = parseInput(IssueSketchRequestSchema, request.body ?? {});
      return reply.status(201).send(await service.issue(user, projectId, sketchId, input));
    },
  );
}
