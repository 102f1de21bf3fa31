import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import type { DocumentFiles, DocumentsRepo } from '../documents/index.ts';
import { InfoStandardRepo } from '../infoStandard/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import { BulkUploadService } from './bulkUpload.service.ts';
import { DeliveryPlanService } from './deliveryPlan.service.ts';
import { DeliveryPlanRepo } from './register.repo.ts';
import { RegisterService } from './register.service.ts';
import { registerRoutes } from './register.routes.ts';

export { DeliveryPlanRepo } from './register.repo.ts';

/**
 * Document control's register side (issue 35): the project's register and its XLSX, file titles, bulk upload
 * with a document register, and the delivery plan (MIDP) with the hub's list of a person's deliverables.
 */
export function registerRegister(
  app: FastifyInstance,
  db: Db,
  deps: {
    documentsRepo: DocumentsRepo;
    files: DocumentFiles;
    projects: ProjectDirectory;
    access: AccessService;
    maxUploadBytes: number;
  },
): void {
  const standards = new InfoStandardRepo(db);
  const planRepo = new DeliveryPlanRepo(db);
  registerRoutes(app, {
    register: new RegisterService(deps.documentsRepo, standards, deps.projects, deps.access),
    plan: new DeliveryPlanService(planRepo, deps.documentsRepo, deps.projects, deps.access),
    bulk: new BulkUploadService(deps.documentsRepo, deps.files, standards, planRepo, deps.access),
    files: deps.files,
    maxUploadBytes: deps.maxUploadBytes,
  });
}
