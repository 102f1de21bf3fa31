import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import type { AccessService } from '../../security/access.ts';
import { readFormsConfig, readReportConfig, type ConfigDirs } from '../config/index.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { ReportRepo } from './report/report.repo.ts';
import { ReportService } from './report/report.service.ts';
import { ScheduleExportsRepo, scheduleTable } from '../scheduleExports/index.ts';
import { ProjectDataRepo } from './projectData.repo.ts';
import { ProjectDataService } from './projectData.service.ts';
import { projectDataRoutes } from './projectData.routes.ts';
import { FormUploads } from './formUploads.ts';
import { calculate } from './calculator.ts';

export { ProjectDataService } from './projectData.service.ts';

/** Project data and calculation forms: save, read, history, form file uploads and calculation runs. */
export async function registerProjectData(
  app: FastifyInstance,
  db: Db,
  { files, projects }: { files: DocumentFiles; projects: ProjectDirectory },
  access: AccessService,
  options: { configDirs: ConfigDirs; maxUploadBytes: number; blobs: BlobStore },
): Promise<ProjectDataService> {
  const repo = new ProjectDataRepo(db);
  await repo.failInterrupted();
  const service = new ProjectDataService(repo, access, calculate);
  const forms = () =>
    Promise.all([
      readFormsConfig(options.configDirs, 'projectDataConfig.json', app.log),
      readFormsConfig(options.configDirs, 'calculationsConfig.json', app.log),
    ]);
  const schedulesRepo = new ScheduleExportsRepo(db);
  const reports = new ReportService(
    new ReportRepo(db),
    service,
    files,
    projects,
    access,
    options.blobs,
    {
      forms,
      reports: (bareProjectId) => readReportConfig(options.configDirs, bareProjectId, app.log),
    },
    (model) => scheduleTable(schedulesRepo, model, 'sap'),
  );
  // read once at start, so a broken override is reported in the start-up log, not only on first use
  await forms();
  projectDataRoutes(app, {
    service,
    reports,
    uploads: new FormUploads(files, access, forms),
    files,
    maxUploadBytes: options.maxUploadBytes,
  });
  return service;
}
