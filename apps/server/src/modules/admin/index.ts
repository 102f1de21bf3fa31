import type { FastifyInstance } from 'fastify';
import type { UsersRepo } from '../auth/index.ts';
import type { ProjectsRepo } from '../projects/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { AccessService } from '../../security/access.ts';
import { AdminService } from './admin.service.ts';
import { adminRoutes } from './admin.routes.ts';

export { AdminService } from './admin.service.ts';

export function registerAdmin(
  app: FastifyInstance,
  users: UsersRepo,
  projects: ProjectsRepo,
  audit: AuditLog,
  access: AccessService,
): AdminService {
  const admin = new AdminService(users, projects, access);
  adminRoutes(app, { admin, audit });
  return admin;
}
