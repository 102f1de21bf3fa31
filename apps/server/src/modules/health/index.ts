import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { HealthRepo } from './health.repo.ts';

/**
 * GET /api/health (issue 31, item 0): whether this server serves and reaches its database, for load
 * balancers, container health checks and the conversion soak test. Open to anyone and says nothing about
 * projects: 200 {status: 'ok', database: 'ok', uptimeSeconds}, or 503 {status: 'unavailable', database:
 * 'unreachable', error} when the database does not answer.
 */
export function registerHealth(app: FastifyInstance, db: Db): void {
  const repo = new HealthRepo(db);
  app.get('/api/health', async (_request, reply) => {
    const uptimeSeconds = Math.round(process.uptime());
    if (await repo.databaseAnswers()) return { status: 'ok', database: 'ok', uptimeSeconds };
    return reply.code(503).send({
      status: 'unavailable',
      database: 'unreachable',
      uptimeSeconds,
      error: 'The database does not answer',
    });
  });
}
