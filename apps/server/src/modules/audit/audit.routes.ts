import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUDIT_PAGE_SIZE } from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { AuditLog } from './audit.service.ts';

const AuditQuerySchema = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE).optional(),
});

export function auditRoutes(app: FastifyInstance, audit: AuditLog): void {
  app.get('/api/admin/audit', async (request) => {
    const user = requireUser(request);
    const { before, limit } = parseInput(AuditQuerySchema, request.query);
    return audit.list(user, before, limit);
  });
}
