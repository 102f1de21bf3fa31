import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/session.ts';
import type { LegendReader } from './legend.service.ts';

/** GET /api/legend: the P&ID legend in use (fluid codes, pipe materials, static property guide). */
export function legendRoutes(app: FastifyInstance, legend: LegendReader): void {
  app.get('/api/legend', async (request, reply) => {
    requireUser(request);
    return reply.header('Cache-Control', 'no-cache').send(await legend.read());
  });
}
