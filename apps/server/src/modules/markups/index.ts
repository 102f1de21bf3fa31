import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentsRepo } from '../documents/index.ts';
import type { AccessService } from '../../security/access.ts';
import { MarkupsService } from './markups.service.ts';
import { markupsRoutes } from './markups.routes.ts';

export { MarkupsService } from './markups.service.ts';

/** Markups of documents: getMarkups, saveMarkup, updateMarkup and the preview images. */
export function registerMarkups(
  app: FastifyInstance,
  db: Db,
  blobs: BlobStore,
  documentsRepo: DocumentsRepo,
  access: AccessService,
): MarkupsService {
  const service = new MarkupsService(db, blobs, documentsRepo, access);
  markupsRoutes(app, service);
  return service;
}
