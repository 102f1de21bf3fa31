import type { FastifyInstance } from 'fastify';
import { readFormData } from '../../http/formData.ts';
import { requireUser } from '../../http/session.ts';
import { GetMarkupsBodySchema, SaveMarkupBodySchema, UpdateMarkupBodySchema } from '@penstock/shared';
import type { MarkupsService } from './markups.service.ts';

/** formData holds the screenshots as base64 data URLs: up to 20 images of 10 MB each. */
const MAX_FORM_DATA_BYTES = 300 * 1024 * 1024;
export function markupsRoutes(app: FastifyInstance, markups: MarkupsService): void {
  app.post('/api/markups/getMarkups', async (request) => {
    const user = requireUser(request);
    const { projectId, documentId } = await readFormData(request, GetMarkupsBodySchema, MAX_FORM_DATA_BYTES);
    return markups.list(user, projectId, documentId);
  });

  app.post('/api/markups/saveMarkup', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request) => {
    const user = requireUser(request);
    return markups.save(user, await readFormData(request, SaveMarkupBodySchema, MAX_FORM_DATA_BYTES));
  });

  app.post('/api/markups/updateMarkup', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request) => {
    const user = requireUser(request);
    return markups.update(user, await readFormData(request, UpdateMarkupBodySchema, MAX_FORM_DATA_BYTES));
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
