import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { AccessService } from '../../security/access.ts';
import type { IssuesService } from '../issues/index.ts';
import { BcfRepo } from './bcf.repo.ts';
import { BcfService } from './bcf.service.ts';
import { bcfRoutes } from './bcf.routes.ts';

export { BcfService } from './bcf.service.ts';
/** BCF's building blocks for other modules' exports (the IDS check's topics, issue 36) */
export { writeBcf, readBcf, type ExportTopic } from './bcf.archive.ts';
export { nameGuid } from './bcf.xmlio.ts';
export type { BcfViewpoint } from './bcf.types.ts';

/** BCF export (3.0, 2.1) and import (2.0, 2.1, 3.0) of a project's issues (GET and POST /api/issues/bcf). */
export function registerBcf(
  app: FastifyInstance,
  db: Db,
  issues: IssuesService,
  blobs: BlobStore,
  access: AccessService,
): BcfService {
  const service = new BcfService(issues, new BcfRepo(db), blobs, access);
  bcfRoutes(app, service);
  return service;
}
