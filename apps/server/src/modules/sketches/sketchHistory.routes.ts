import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ProjectIdSchema, RestoreSketchRequestSchema } from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { SketchesService } from './sketches.service.ts';

/** A sketch's id as getpidsketch gives it ('s.<uuid>'). */
export const SketchIdSchema = z
  .string()
  .regex(/^s\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Invalid sketch id');

const SketchParamsSchema = z.object({ projectId: ProjectIdSchema, sketchId: SketchIdSchema });
const VersionParamsSchema = SketchParamsSchema.extend({
  number: z.coerce.number().int('The version is a whole number').min(1).max(1_000_000_000),
});

/** A restore names only the sketch's time the user has open. */
const MAX_RESTORE_BYTES = 4 * 1024;

/** The project and sketch a call names, checked. */
export const sketchParams = (params: unknown) => parseInput(SketchParamsSchema, params);

/**
 * A sketch's history (issue 37 §5): GET /api/projects/:projectId/sketches/:sketchId/versions lists its
 * saves; POST …/versions/:number/restore brings one back as a new save (409 when saved since).
 */
export function sketchHistoryRoutes(app: FastifyInstance, service: SketchesService): void {
  app.get('/api/projects/:projectId/sketches/:sketchId/versions', async (request) => {
    const user = requireUser(request);
    const { projectId, sketchId } = sketchParams(request.params);
    return service.versions(user, projectId, sketchId);
  });

  app.post(
    '/api/projects/:projectId/sketches/:sketchId/versions/:number/restore',
    { bodyLimit: MAX_RESTORE_BYTES },
    async (request) => {
      const user = requireUser(request);
      const { projectId, sketchId, number } = parseInput(VersionParamsSchema, request.params);
      const { baseUpdatedAt } = parseInput(RestoreSketchRequestSchema, request.body ?? {});
      return service.restore(user, projectId, sketchId, number, baseUpdatedAt);
    },
  );
}
