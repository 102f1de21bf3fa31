import type { FastifyInstance } from 'fastify';
import type { UsersRepo } from '../auth/users.repo.ts';
import type { DocumentsRepo } from '../documents/documents.repo.ts';
import { AdminService } from './admin.service.ts';
import { adminRoutes } from './admin.routes.ts';

export { AdminService } from './admin.service.ts';

export function registerAdmin(
  app: FastifyInstance,
  users: UsersRepo,
  documents: DocumentsRepo,
): AdminService {
  const admin = new AdminService(users, documents);
  adminRoutes(app, { admin });
  return admin;
}
