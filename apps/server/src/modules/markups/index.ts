import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { LocalBlobStore } from '../../storage/blobStore.ts';
import type { DocumentsRepo, DocumentsService } from '../documents/index.ts';
import { MarkupsService } from './markups.service.ts';
import { markupsRoutes } from './markups.routes.ts';

export { MarkupsService } from './markups.service.ts';

/** Markups of documents: getMarkups, saveMarkup, updateMarkup and the preview images. */
export function registerMarkups(
  app: FastifyInstance,
  db: Db,
  blobs: LocalBlobStore,
  documents: DocumentsService,
  documentsRepo: DocumentsRepo,
): MarkupsService {
  const service = new MarkupsService(db, blobs, documents, documentsRepo);
  markupsRoutes(app, service);
  return service;
}
