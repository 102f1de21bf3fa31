import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { AccessService } from '../../security/access.ts';
import { DocumentsRepo } from './documents.repo.ts';
import { DeletedItemsRepo } from './deletedItems.repo.ts';
import { DocumentsService } from './documents.service.ts';
import { documentsRoutes } from './documents.routes.ts';

export { DocumentsRepo } from './documents.repo.ts';
export { DocumentsService, ISO_19650_FOLDERS } from './documents.service.ts';

export function registerDocuments(
  app: FastifyInstance,
  db: Db,
  blobs: BlobStore,
  access: AccessService,
  options: { maxUploadBytes: number },
): { repo: DocumentsRepo; documents: DocumentsService } {
  const repo = new DocumentsRepo(db);
  const documents = new DocumentsService(repo, blobs, new DeletedItemsRepo(db), access);
  documentsRoutes(app, { documents, maxUploadBytes: options.maxUploadBytes });
  return { repo, documents };
}
