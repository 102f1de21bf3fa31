import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import { PropertiesRepo } from './properties.repo.ts';
import { PropertiesService } from './properties.service.ts';
import { propertiesRoutes } from './properties.routes.ts';
import { ValueLocksRepo } from './valueLocks.repo.ts';
import { ValueLocksService } from './valueLocks.service.ts';

export { PropertiesService } from './properties.service.ts';
export type { PropertyTable } from './properties.repo.ts';

/** Static and dynamic property values of tagged model objects (getdynamic, savestatic, savedynamic) and their locks. */
export function registerProperties(app: FastifyInstance, db: Db, access: AccessService): PropertiesService {
  const service = new PropertiesService(new PropertiesRepo(db), new ValueLocksRepo(db), access);
  propertiesRoutes(app, service, new ValueLocksService(new ValueLocksRepo(db), access));
  return service;
}
