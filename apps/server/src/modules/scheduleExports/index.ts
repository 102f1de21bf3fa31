import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentsRepo } from '../documents/documents.repo.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { AccessService } from '../../security/access.ts';
import { ScheduleExportsRepo } from './scheduleExports.repo.ts';
import { ScheduleExportsService } from './scheduleExports.service.ts';
import { scheduleExportsRoutes } from './scheduleExports.routes.ts';

export { ScheduleExportsService } from './scheduleExports.service.ts';

/** Schedules as .xlsx workbooks (getreport, getsapreport), stored in the project's Published/Schedules. */
export function registerScheduleExports(
  app: FastifyInstance,
  db: Db,
  documentsRepo: DocumentsRepo,
  documents: DocumentsService,
  blobs: BlobStore,
  access: AccessService,
): ScheduleExportsService {
  const service = new ScheduleExportsService(
    new ScheduleExportsRepo(db),
    documentsRepo,
    documents,
    blobs,
    access,
  );
  scheduleExportsRoutes(app, service);
  return service;
}
