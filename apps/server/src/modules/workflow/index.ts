import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { DocumentsRepo, DocumentsService } from '../documents/index.ts';
import type { AccessService } from '../../security/access.ts';
import { WorkflowRepo } from './workflow.repo.ts';
import { WorkflowService } from './workflow.service.ts';
import { WorkflowFilesService } from './workflowFiles.service.ts';
import { workflowRoutes } from './workflow.routes.ts';
import type { WorkflowMail } from './workflow.mail.ts';

export { WorkflowService } from './workflow.service.ts';

/** Review and approval of documents, and the Workflow panel's folder operations. */
export function registerWorkflow(
  app: FastifyInstance,
  db: Db,
  documentsRepo: DocumentsRepo,
  documents: DocumentsService,
  access: AccessService,
  options: { maxUploadBytes: number; mail: WorkflowMail },
): WorkflowService {
  const workflows = new WorkflowService(new WorkflowRepo(db), documentsRepo, documents, options.mail, access);
  const files = new WorkflowFilesService(documentsRepo, documents, access);
  workflowRoutes(app, { workflows, files, documents, maxUploadBytes: options.maxUploadBytes });
  return workflows;
}
