import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VERSION_ID_PATTERN } from '@penstock/shared';
import { badRequest, parseInput } from '../../../http/errors.ts';
import { requireUser } from '../../../http/session.ts';
import type { ModelTreeService } from './modelTree.service.ts';
import { TREE_VIEWS } from './modelTree.types.ts';

const TreeQuerySchema = z.object({
  by: z.enum(TREE_VIEWS, { message: `by must be one of ${TREE_VIEWS.join(', ')}` }).default('spatial'),
});

/** Whether Accept-Encoding lists gzip without refusing it (q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  return String(header ?? '')
    .split(',')
    .some((entry) => {
      const [coding = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
      const q = params.find((param) => param.startsWith('q='));
      return coding === 'gzip' && (q === undefined || Number(q.slice(2)) > 0);
    });
}

export function modelTreeRoutes(app: FastifyInstance, trees: ModelTreeService): void {
  app.get('/api/models/:versionId/tree', async (request, reply) => {
    const user = requireUser(request);
    const versionId = (request.params as { versionId?: string }).versionId ?? '';
    if (!VERSION_ID_PATTERN.test(versionId)) throw badRequest('Invalid version id');
    const { by } = parseInput(TreeQuerySchema, request.query);
    const encoded = await trees.tree(user, versionId, by);
    reply.header('Content-Type', 'application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
    // the tree of a 100k-object model is about 4 MB of JSON and 0.7 MB gzipped (compressed once, kept)
    if (acceptsGzip(request.headers['accept-encoding']))
      return reply.header('Content-Encoding', 'gzip').send(encoded.gzip);
    return reply.send(encoded.json);
  });
}
