import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ProjectIdQuery,
  UserIdQuery,
  WorkflowCopySchema,
  WorkflowDecisionSchema,
  WorkflowDeleteSchema,
  WorkflowDocumentQuery,
  WorkflowIdParams,
  WorkflowReassignSchema,
  WorkflowSubmissionSchema,
  WorkflowWithdrawSchema,
  WorkflowUploadSchema,
} from '@penstock/shared';
import { HttpError, badRequest, parseInput } from '../../http/errors.ts';
import { readParts } from '../../http/multipart.ts';
import { parseJson, readFormData } from '../../http/formData.ts';
import { requireUser } from '../../http/session.ts';
import { stageFilePart, type StagedFile } from '../../http/stageFilePart.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { WorkflowService } from './workflow.service.ts';
import type { WorkflowFilesService } from './workflowFiles.service.ts';
import type { WorkflowChangesService } from './workflowChanges.service.ts';

/** A submission or decision is a few kilobytes. */
const MAX_FORM_DATA_BYTES = 256 * 1024;

/** The Workflow panel's calls (forms spec §7) and GET /api/workflow?id= (hub spec §7). */
export function workflowRoutes(
  app: FastifyInstance,
  deps: {
    workflows: WorkflowService;
    files: WorkflowFilesService;
    changes: WorkflowChangesService;
    documents: DocumentFiles;
    maxUploadBytes: number;
  },
): void {
  const { workflows, files, changes, documents, maxUploadBytes } = deps;
  const structure = async (request: FastifyRequest) => {
    const user = requireUser(request);
    const { projectId } = parseInput(ProjectIdQuery, request.query);
    return files.structure(user, projectId);
  };
  app.get('/api/workflow/structure', structure);
  app.put('/api/workflow/structure', structure);

  app.get('/api/workflow', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(UserIdQuery, request.query);
    return workflows.detail(user, id);
  });

  // Penstock's additions (issue 31), JSON bodies read only once access is granted
  app.get('/api/workflow/document', async (request) => {
    const user = requireUser(request);
    const { projectId, itemId } = parseInput(WorkflowDocumentQuery, request.query);
    return changes.openOfDocument(user, projectId, itemId);
  });
  // reassign before withdraw: the access matrix calls routes in this order on one workflow
  app.post('/api/workflow/:id/reassign', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(WorkflowIdParams, request.params);
    return changes.reassign(user, id, () => parseInput(WorkflowReassignSchema, request.body ?? {}));
  });

  app.post('/api/workflow/:id/withdraw', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(WorkflowIdParams, request.params);
    return changes.withdraw(user, id, () => parseInput(WorkflowWithdrawSchema, request.body ?? {}));
  });

  app.post('/api/workflow', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request, reply) => {
    const user = requireUser(request);
    const input = await readFormData(request, WorkflowSubmissionSchema, MAX_FORM_DATA_BYTES);
    return reply.status(201).send(await workflows.submit(user, input));
  });

  for (const [path, role] of [
    ['/api/workflow/UpdateReviewers', 'reviewer'],
    ['/api/workflow/UpdateApprovers', 'approver'],
  ] as const)
    app.put(path, { bodyLimit: MAX_FORM_DATA_BYTES }, async (request) => {
      const user = requireUser(request);
      return workflows.decide(
        user,
        role,
        await readFormData(request, WorkflowDecisionSchema, MAX_FORM_DATA_BYTES),
      );
    });

  app.post('/api/workflow/uploadCopy', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request, reply) => {
    const user = requireUser(request);
    const input = await readFormData(request, WorkflowCopySchema, MAX_FORM_DATA_BYTES);
    return reply.status(201).send(await files.copy(user, input));
  });

  app.post('/api/workflow/move', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request) => {
    const user = requireUser(request);
    return files.move(user, await readFormData(request, WorkflowCopySchema, MAX_FORM_DATA_BYTES));
  });

  app.post('/api/workflow/delete', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request) => {
    const user = requireUser(request);
    return files.delete(user, await readFormData(request, WorkflowDeleteSchema, MAX_FORM_DATA_BYTES));
  });

  // the file and formData in either order: a file that arrives first is staged, and discarded when the
  // formData then refuses it; nothing is recorded until both are in and allowed
  app.post('/api/workflow/upload', async (request, reply) => {
    const user = requireUser(request);
    const needBoth = "Send multipart/form-data with the fields 'formData' and 'file'";
    if (!request.isMultipart()) throw badRequest(needBoth);
    let target: { projectId: string; folderId: string } | undefined;
    let staged: StagedFile | undefined;
    let fileName = '';
    try {
      await readParts(
        request,
        { fileSize: maxUploadBytes, files: 1, fields: 10, fieldSize: MAX_FORM_DATA_BYTES },
        {
          async field(part) {
            if (part.fieldname !== 'formData' || target) return;
            if (part.valueTruncated) throw new HttpError(413, 'The formData field is too large');
            const input = parseJson(String(part.value), WorkflowUploadSchema);
            target = await files.uploadTarget(user, input.projectId, input.uploadFolderId);
          },
          async file(part) {
            if (part.fieldname !== 'file' || staged) return;
            ({ fileName, staged } = await stageFilePart(
              part,
              (source, limit) => documents.stageUpload(source, limit),
              maxUploadBytes,
            ));
          },
        },
      );
      if (!target || !staged) throw badRequest(needBoth);
      await staged.commit();
      return reply
        .status(201)
        .send(await documents.addFile(user, target, fileName, staged, { checkName: true }));
    } catch (error) {
      await staged?.discard();
      throw error;
    }
  });
}
