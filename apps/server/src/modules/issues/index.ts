import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { DocumentsRepo } from '../documents/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { IssuesService } from './issues.service.ts';
import { IssuesRepo } from './issues.repo.ts';
import { issuesRoutes } from './issues.routes.ts';

export { IssuesService } from './issues.service.ts';
export { IssuesRepo } from './issues.repo.ts';
export { parseLinkedDocuments, snapshotUrl } from './issues.presenter.ts';

/** Issues (list, create, read, edit, comment, snapshot) and the project users call. */
export function registerIssues(
  app: FastifyInstance,
  db: Db,
  lookups: { documentsRepo: DocumentsRepo; projects: ProjectDirectory },
  access: AccessService,
  blobs: BlobStore,
): IssuesService {
  const service = new IssuesService(
    new IssuesRepo(db),
    lookups.documentsRepo,
    lookups.projects,
    access,
    blobs,
  );
  issuesRoutes(app, service);
  return service;
}
