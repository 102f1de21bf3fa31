import type { FastifyInstance } from 'fastify';
import {
  CreateSavedViewBodySchema,
  MAX_SAVED_VIEW_STATE_CHARS,
  ProjectIdSchema,
  SavedViewIdSchema,
  UpdateSavedViewBodySchema,
} from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { SavedViewsService } from './savedViews.service.ts';

/**
 * A view's state is at most MAX_SAVED_VIEW_STATE_CHARS characters of JSON (the service answers 413 over
 * it); the body may hold twice that in bytes (text beyond ASCII in measurement names), plus the name.
 */
const MAX_SAVE_BYTES = 2 * MAX_SAVED_VIEW_STATE_CHARS + 64 * 1024;

export function savedViewsRoutes(app: FastifyInstance, views: SavedViewsService): void {
  app.get<{ Params: { projectId: string } }>('/api/projects/:projectId/views', async (request) => {
    const user = requireUser(request);
    return views.list(user, parseInput(ProjectIdSchema, request.params.projectId));
  });

  app.post<{ Params: { projectId: string } }>(
    '/api/projects/:projectId/views',
    { bodyLimit: MAX_SAVE_BYTES },
    async (request, reply) => {
      const user = requireUser(request);
      const projectId = parseInput(ProjectIdSchema, request.params.projectId);
      const bodyOf = () => parseInput(CreateSavedViewBodySchema, request.body);
      return reply.status(201).send(await views.create(user, projectId, bodyOf));
    },
  );

  app.get<{ Params: { viewId: string } }>('/api/views/:viewId', async (request) => {
    const user = requireUser(request);
    return views.get(user, parseInput(SavedViewIdSchema, request.params.viewId));
  });

  app.patch<{ Params: { viewId: string } }>(
    '/api/views/:viewId',
    { bodyLimit: MAX_SAVE_BYTES },
    async (request) => {
      const user = requireUser(request);
      const id = parseInput(SavedViewIdSchema, request.params.viewId);
      return views.update(user, id, () => parseInput(UpdateSavedViewBodySchema, request.body));
    },
  );

  app.delete<{ Params: { viewId: string } }>('/api/views/:viewId', async (request, reply) => {
    const user = requireUser(request);
    await views.delete(user, parseInput(SavedViewIdSchema, request.params.viewId));
    return reply.status(204).send();
  });
}
