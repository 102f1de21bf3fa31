import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { AccessService } from '../../security/access.ts';
import { ScheduleExportsRepo } from './scheduleExports.repo.ts';
import { ScheduleExportsService } from './scheduleExports.service.ts';
import { scheduleExportsRoutes } from './scheduleExports.routes.ts';

export { ScheduleExportsService } from './scheduleExports.service.ts';
export { ScheduleExportsRepo } from './scheduleExports.repo.ts';
export { scheduleTable } from './scheduleTable.ts';
export { XLSX_CONTENT_TYPE } from './workbook.ts';

/** Schedules as .xlsx workbooks (getreport, getsapreport), stored in the project's Published/Schedules. */
export function registerScheduleExports(
  app: FastifyInstance,
  db: Db,
  documents: DocumentFiles,
  blobs: BlobStore,
  access: AccessService,
): ScheduleExportsService {
  const service = new ScheduleExportsService(new ScheduleExportsRepo(db), documents, blobs, access);
  scheduleExportsRoutes(app, service);
  return service;
}
