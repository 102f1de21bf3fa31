import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { DocumentsRepo } from '../documents/index.ts';
import type { AccessService } from '../../security/access.ts';
import { DsearRepo } from './dsear.repo.ts';
import { DsearService } from './dsear.service.ts';
import { dsearRoutes } from './dsear.routes.ts';

export { DsearService } from './dsear.service.ts';
export { DsearRepo } from './dsear.repo.ts';

/** The DSEAR register: list, get, saveOrCreate, approve, pendingApproval and the people of its roles. */
export function registerDsear(
  app: FastifyInstance,
  db: Db,
  documentsRepo: DocumentsRepo,
  access: AccessService,
): DsearService {
  const service = new DsearService(new DsearRepo(db), documentsRepo, access);
  dsearRoutes(app, service);
  return service;
}
