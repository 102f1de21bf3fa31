import type { FastifyInstance } from 'fastify';
import { CreateFolderBodySchema, FolderIdSchema, ProjectIdSchema, TreeQuerySchema } from '@penstock/shared';
import { HttpError, badRequest, parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { TooLargeError } from '../../storage/blobStore.ts';
import type { DocumentsService } from './documents.service.ts';
import type { DocumentFiles } from './documentFiles.ts';
import { sendStoredFile } from './sendStoredFile.ts';
import { requireSessionAsker } from '../auth/index.ts';

export function documentsRoutes(
  app: FastifyInstance,
  {
    documents,
    files,
    maxUploadBytes,
  }: { documents: DocumentsService; files: DocumentFiles; maxUploadBytes: number },
): void {
  // the session is read in the service's own query (a folder's listing is one round trip: issue 38)
  app.get('/api/tree', { config: { sessionInQuery: true } }, async (request) => {
    const asker = requireSessionAsker(request);
    const query = TreeQuerySchema.safeParse(request.query);
    // a signed-out caller is told so (401) before anything about what it sent
    if (!query.success) await asker.user();
    const { id } = parseInput(TreeQuerySchema, request.query);
    return documents.tree(asker, id);
  });

  app.post('/api/folders/:folderId/folders', async (request, reply) => {
    const user = requireUser(request);
    const folderId = parseInput(FolderIdSchema, (request.params as { folderId: string }).folderId);
    const nameOf = () => parseInput(CreateFolderBodySchema, request.body).name;
    return reply.status(201).send(await documents.createFolder(user, folderId, nameOf));
  });

  app.post('/api/folders/:folderId/files', async (request, reply) => {
    const user = requireUser(request);
    const folderId = parseInput(FolderIdSchema, (request.params as { folderId: string }).folderId);
    const target = await documents.uploadTarget(user, folderId);
    if (!request.isMultipart())
      throw badRequest("Send the file as multipart/form-data in a field named 'file'");
    const tooLarge = new TooLargeError(maxUploadBytes);
    // busboy stops storing at the limit and reads past the rest, so the client always gets its answer
    const part = await request.file({
      limits: { fileSize: maxUploadBytes, files: 1 },
      throwFileSizeLimit: false,
    });
    if (!part) throw badRequest("Send the file as multipart/form-data in a field named 'file'");
    const fileName = cleanFileName(part.filename);
    const staged = await files.stageUpload(part.file, maxUploadBytes).catch((error: unknown) => {
      throw error instanceof TooLargeError ? new HttpError(413, tooLarge.message) : error;
    });
    if (part.file.truncated) {
      await staged.discard();
      throw new HttpError(413, tooLarge.message);
    }
    try {
      await staged.commit();
      return reply.status(201).send(await files.addFile(user, target, fileName, staged, { checkName: true }));
    } catch (error) {
      await staged.discard();
      throw error;
    }
  });

  app.get('/api/projects/:projectId/deleted', async (request) => {
    const user = requireUser(request);
    const projectId = parseInput(ProjectIdSchema, (request.params as { projectId: string }).projectId);
    return documents.deletedItems(user, projectId);
  });

  app.post('/api/items/:itemId/restore', async (request) => {
    const user = requireUser(request);
    return documents.restoreItem(user, (request.params as { itemId: string }).itemId);
  });

  app.get('/api/items/:itemId/versions', async (request) => {
    const user = requireUser(request);
    return documents.versions(user, (request.params as { itemId: string }).itemId);
  });

  app.get('/api/items/:itemId/content', async (request, reply) => {
    const user = requireUser(request);
    const { version, stream } = await documents.content(user, (request.params as { itemId: string }).itemId);
    return sendStoredFile(reply, version, stream, (request.query as { download?: string }).download === '1');
  });

  app.get('/api/versions/:versionId/content', async (request, reply) => {
    const user = requireUser(request);
    const { version, stream } = await documents.content(
      user,
      (request.params as { versionId: string }).versionId,
    );
    return sendStoredFile(reply, version, stream, (request.query as { download?: string }).download === '1');
  });
}

/** Keep the last path segment of the client's name, without control characters. */
export function cleanFileName(raw: string | undefined): string {
  const name = [...((raw ?? '').split(/[\\/]/).pop() ?? '')]
    .filter((char) => char.charCodeAt(0) > 0x1f && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (!name || name === '.' || name === '..') throw badRequest('The file needs a name');
  if (name.length > 255) throw badRequest('File names can have at most 255 characters');
  return name;
}
