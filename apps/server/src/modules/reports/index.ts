import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { AccessService } from '../../security/access.ts';
import { ReportsRepo } from './reports.repo.ts';
import { ReportsService } from './reports.service.ts';
import { reportsRoutes } from './reports.routes.ts';

export { ReportsService } from './reports.service.ts';

/** Schedules as .xlsx workbooks (getreport, getsapreport), stored in the project's Published/Schedules. */
export function registerReports(
  app: FastifyInstance,
  db: Db,
  documents: DocumentFiles,
  blobs: BlobStore,
  access: AccessService,
): ReportsService {
  const service = new ReportsService(new ReportsRepo(db), documents, blobs, access);
  reportsRoutes(app, service);
  return service;
}
