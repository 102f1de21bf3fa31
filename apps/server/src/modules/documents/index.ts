import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { AccessService } from '../../security/access.ts';
import { DocumentsRepo } from './documents.repo.ts';
import { DeletedItemsRepo } from './deletedItems.repo.ts';
import { DocumentsService } from './documents.service.ts';
import { DocumentControlRepo } from './documentControl.repo.ts';
import { DocumentControlService } from './documentControl.service.ts';
import { documentsRoutes } from './documents.routes.ts';

export { DocumentsRepo } from './documents.repo.ts';
export { DocumentsService, ISO_19650_FOLDERS } from './documents.service.ts';
export { DocumentControlRepo } from './documentControl.repo.ts';
export { DocumentControlService } from './documentControl.service.ts';

export function registerDocuments(
  app: FastifyInstance,
  db: Db,
  blobs: BlobStore,
  access: AccessService,
  options: { maxUploadBytes: number },
): { repo: DocumentsRepo; documents: DocumentsService; control: DocumentControlService } {
  const repo = new DocumentsRepo(db);
  const control = new DocumentControlService(repo, new DocumentControlRepo(db), access);
  const documents = new DocumentsService(repo, blobs, new DeletedItemsRepo(db), access, control);
  documentsRoutes(app, { documents, maxUploadBytes: options.maxUploadBytes });
  return { repo, documents, control };
}
