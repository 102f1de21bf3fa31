import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { DocumentFiles, DocumentsRepo } from '../documents/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import type { AccessService } from '../../security/access.ts';
import { WorkflowRepo } from './workflow.repo.ts';
import { WorkflowService } from './workflow.service.ts';
import { WorkflowFilesService } from './workflowFiles.service.ts';
import { WorkflowChangesService } from './workflowChanges.service.ts';
import { WorkflowReminders } from './workflowReminders.ts';
import { workflowRoutes } from './workflow.routes.ts';
import type { WorkflowMail } from './workflow.mail.ts';
import type { IdsGate } from '../ids/index.ts';

export { WorkflowService } from './workflow.service.ts';
export { WorkflowReminders } from './workflowReminders.ts';

/**
 * Review and approval of documents, and the Workflow panel's folder operations. The overdue reminders
 * start here (with e-mail on) and stop when the server closes.
 */
export function registerWorkflow(
  app: FastifyInstance,
  db: Db,
  {
    documentsRepo,
    projects,
    files,
  }: { documentsRepo: DocumentsRepo; projects: ProjectDirectory; files: DocumentFiles },
  access: AccessService,
  options: { maxUploadBytes: number; mail: WorkflowMail; idsGate?: IdsGate },
): { workflows: WorkflowService; reminders: WorkflowReminders } {
  const repo = new WorkflowRepo(db);
  const workflows = new WorkflowService(
    repo,
    documentsRepo,
    projects,
    files,
    options.mail,
    access,
    options.idsGate,
  );
  const folders = new WorkflowFilesService(documentsRepo, projects, files, access);
  const changes = new WorkflowChangesService(repo, projects, workflows, options.mail, access);
  workflowRoutes(app, {
    workflows,
    files: folders,
    changes,
    documents: files,
    maxUploadBytes: options.maxUploadBytes,
  });
  const reminders = new WorkflowReminders(repo, workflows, options.mail, app.log);
  app.addHook('onReady', async () => reminders.start());
  app.addHook('onClose', async () => reminders.stop());
  return { workflows, reminders };
}
