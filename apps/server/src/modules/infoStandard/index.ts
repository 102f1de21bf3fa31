import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import { InfoStandardRepo } from './infoStandard.repo.ts';
import { InfoStandardService } from './infoStandard.service.ts';
import { infoStandardRoutes } from './infoStandard.routes.ts';

export { InfoStandardRepo, type StoredStandard } from './infoStandard.repo.ts';
export { NamingCheck } from './namingCheck.ts';

/**
 * The project's information standard (issue 35 §1): container name fields and code lists, read by the
 * documents module's name check on upload and move, and by the register.
 */
export function registerInfoStandard(
  app: FastifyInstance,
  db: Db,
  projects: ProjectDirectory,
  access: AccessService,
): void {
  infoStandardRoutes(app, new InfoStandardService(new InfoStandardRepo(db), projects, access));
}
