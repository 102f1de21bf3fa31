import type { FastifyInstance } from 'fastify';
import { readFormData } from '../../http/formData.ts';
import { requireUser } from '../../http/session.ts';
import { GetMarkupsBodySchema, SaveMarkupBodySchema, UpdateMarkupBodySchema } from '@penstock/shared';
import type { MarkupsService } from './markups.service.ts';
import { inputOf, requireSessionAsker } from '../auth/index.ts';

/**
 * Sized to what each call needs (issue 16): a saved markup's formData holds its drawings' previews as base64
 * data URLs; Penstock's viewer sends one preview of at most 1600 pixels a side (1 to 6 MB), and a markup of
 * several drawings fits in 64 MB (each preview is still refused over 10 MB). Asking for a list is small.
 */
const MAX_SAVE_BYTES = 64 * 1024 * 1024;
const MAX_LIST_REQUEST_BYTES = 64 * 1024;
export function markupsRoutes(app: FastifyInstance, markups: MarkupsService): void {
  // the session is read in the service's own query (one round trip: issue 38)
  app.post(
    '/api/markups/getMarkups',
    { bodyLimit: MAX_LIST_REQUEST_BYTES, config: { sessionInQuery: true } },
    async (request) => {
      const asker = requireSessionAsker(request);
      const { projectId, documentId } = await inputOf(asker, () =>
        readFormData(request, GetMarkupsBodySchema, MAX_LIST_REQUEST_BYTES),
      );
      return markups.list(asker, projectId, documentId);
    },
  );

  app.post('/api/markups/saveMarkup', { bodyLimit: MAX_SAVE_BYTES }, async (request) => {
    const user = requireUser(request);
    return markups.save(user, await readFormData(request, SaveMarkupBodySchema, MAX_SAVE_BYTES));
  });

  app.post('/api/markups/updateMarkup', { bodyLimit: MAX_SAVE_BYTES }, async (request) => {
    const user = requireUser(request);
    return markups.update(user, await readFormData(request, UpdateMarkupBodySchema, MAX_SAVE_BYTES));
  });

  app.get<{ Params: { itemId: string } }>('/api/markups/preview/:itemId', async (request, reply) => {
    const user = requireUser(request);
    const image = await markups.preview(user, request.params.itemId);
    // an updated markup has a new preview at the same address: revalidated on each use (304 when unchanged)
    const etag = `"${image.hash}"`;
    reply.type(image.type).header('Cache-Control', 'private, no-cache').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) {
      image.stream.destroy();
      return reply.status(304).send();
    }
    return reply.send(image.stream);
  });
}
