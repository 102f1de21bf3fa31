import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DeliverableInputSchema,
  FolderIdSchema,
  ItemMetadataBodySchema,
  ProjectIdSchema,
  RegisterQuerySchema,
} from '@penstock/shared';
import { HttpError, badRequest, parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { StagedBlob } from '../../storage/blobStore.ts';
import { TooLargeError } from '../../storage/blobStore.ts';
import { cleanFileName, type DocumentFiles } from '../documents/index.ts';
import type { BulkUploadService } from './bulkUpload.service.ts';
import type { DeliveryPlanService } from './deliveryPlan.service.ts';
import type { RegisterService } from './register.service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_SHEET_BYTES = 10 * 1024 * 1024;
const MAX_BULK_FILES = 500;

const projectOf = (params: unknown) =>
  parseInput(ProjectIdSchema, (params as { projectId: string }).projectId);

const sendXlsx = (reply: FastifyReply, content: Buffer, fileName: string) =>
  reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${fileName.replace(/"/g, '')}"`)
    .send(content);

export function registerRoutes(
  app: FastifyInstance,
  deps: {
    register: RegisterService;
    plan: DeliveryPlanService;
    bulk: BulkUploadService;
    files: DocumentFiles;
    maxUploadBytes: number;
  },
): void {
  const { register, plan, bulk, files } = deps;

  app.get('/api/projects/:projectId/register', async (request) =>
    register.register(
      requireUser(request),
      projectOf(request.params),
      parseInput(RegisterQuerySchema, request.query),
    ),
  );

  app.get('/api/projects/:projectId/register.xlsx', async (request, reply) => {
    const { content, fileName } = await register.workbook(
      requireUser(request),
      projectOf(request.params),
      parseInput(RegisterQuerySchema, request.query),
    );
    return sendXlsx(reply, content, fileName);
  });

  app.put('/api/items/:itemId/metadata', async (request) =>
    register.saveMetadata(requireUser(request), (request.params as { itemId: string }).itemId, () =>
      parseInput(ItemMetadataBodySchema, request.body),
    ),
  );

  app.get('/api/projects/:projectId/deliverables', async (request) =>
    plan.list(requireUser(request), projectOf(request.params)),
  );

  app.get('/api/projects/:projectId/deliverables.xlsx', async (request, reply) =>
    sendXlsx(
      reply,
      await plan.workbook(requireUser(request), projectOf(request.params)),
      'delivery plan.xlsx',
    ),
  );

  app.post('/api/projects/:projectId/deliverables', async (request, reply) =>
    reply
      .status(201)
      .send(
        await plan.add(requireUser(request), projectOf(request.params), () =>
          parseInput(DeliverableInputSchema, request.body),
        ),
      ),
  );

  app.delete('/api/deliverables/:id', async (request) =>
    plan.remove(requireUser(request), (request.params as { id: string }).id),
  );

  app.post('/api/projects/:projectId/deliverables/import', async (request, reply) => {
    const result = await plan.importSheet(requireUser(request), projectOf(request.params), () =>
      readSheetPart(request),
    );
    return reply.status(result.stored ? 201 : 422).send(result);
  });

  app.get('/api/hub/deliverables', async (request) => plan.mine(requireUser(request)));

  app.post('/api/folders/:folderId/bulk-upload', async (request, reply) => {
    const user = requireUser(request);
    const folderId = parseInput(FolderIdSchema, (request.params as { folderId: string }).folderId);
    const target = await bulk.target(user, folderId);
    const checkOnly = (request.query as { check?: string }).check === '1';
    if (!request.isMultipart())
      throw badRequest("Send the register and the files as multipart/form-data ('register', 'file')");
    const staged = new Map<string, StagedBlob>();
    let sheet: Buffer | null = null;
    try {
      for await (const part of request.parts({
        limits: { fileSize: deps.maxUploadBytes, files: MAX_BULK_FILES + 1 },
      })) {
        if (part.type !== 'file') continue;
        if (part.fieldname === 'register') {
          sheet = await part.toBuffer();
          continue;
        }
        const fileName = cleanFileName(part.filename);
        if (staged.has(fileName)) throw badRequest(`'${fileName}' was sent twice`);
        const blob = await files.stageUpload(part.file, deps.maxUploadBytes).catch((error: unknown) => {
          throw error instanceof TooLargeError ? new HttpError(413, error.message) : error;
        });
        staged.set(fileName, blob);
        if (part.file.truncated) throw new HttpError(413, new TooLargeError(deps.maxUploadBytes).message);
      }
    } catch (error) {
      await Promise.all([...staged.values()].map((blob) => blob.discard().catch(() => {})));
      throw error;
    }
    const result = await bulk.run(user, target, sheet, staged, checkOnly);
    const failed = result.rows.some((row) => !row.ok);
    return reply
      .status(failed ? 422 : result.stored ? 201 : 200)
      .send(
        failed ? { ...result, error: 'Some rows of the register have problems: nothing was stored' } : result,
      );
  });
}

async function readSheetPart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw badRequest("Send the sheet as multipart/form-data in a field named 'file'");
  const part = await request.file({ limits: { fileSize: MAX_SHEET_BYTES, files: 1 } });
  if (!part) throw badRequest("Send the sheet as multipart/form-data in a field named 'file'");
  const content = await part.toBuffer();
  return content;
}
