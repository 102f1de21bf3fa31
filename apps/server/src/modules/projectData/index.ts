import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { DocumentsService } from '../documents/index.ts';
import { readFormsConfig } from '../config/formsConfig.ts';
import type { ConfigDirs } from '../config/configFiles.ts';
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
  documents: DocumentsService,
  options: { configDirs: ConfigDirs; maxUploadBytes: number },
): Promise<ProjectDataService> {
  const repo = new ProjectDataRepo(db);
  await repo.failInterrupted();
  const service = new ProjectDataService(repo, documents, calculate);
  const forms = () =>
    Promise.all([
      readFormsConfig(options.configDirs, 'projectDataConfig.json', app.log),
      readFormsConfig(options.configDirs, 'calculationsConfig.json', app.log),
    ]);
  projectDataRoutes(app, {
    service,
    uploads: new FormUploads(documents, forms),
    documents,
    maxUploadBytes: options.maxUploadBytes,
  });
  return service;
}
