import type { FastifyInstance } from 'fastify';
import type { UsersRepo } from '../auth/users.repo.ts';
import type { DocumentsRepo } from '../documents/documents.repo.ts';
import type { AuditLog } from '../audit/index.ts';
import type { AccessService } from '../../security/access.ts';
import { AdminService } from './admin.service.ts';
import { adminRoutes } from './admin.routes.ts';

export { AdminService } from './admin.service.ts';

export function registerAdmin(
  app: FastifyInstance,
  users: UsersRepo,
  documents: DocumentsRepo,
  audit: AuditLog,
  access: AccessService,
): AdminService {
  const admin = new AdminService(users, documents, access);
  adminRoutes(app, { admin, audit });
  return admin;
}
