import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import { AuditRepo } from './audit.repo.ts';
import { auditRoutes } from './audit.routes.ts';
import { AuditLog } from './audit.service.ts';

export { AuditLog, type AuditEvent } from './audit.service.ts';

/** The audit log and its administrators' page of entries. */
export function registerAudit(app: FastifyInstance, db: Db, access: AccessService): AuditLog {
  const audit = new AuditLog(new AuditRepo(db), access, app.log);
  auditRoutes(app, audit);
  return audit;
}
