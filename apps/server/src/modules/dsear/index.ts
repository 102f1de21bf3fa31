import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { DsearRepo } from './dsear.repo.ts';
import { DsearService } from './dsear.service.ts';
import { dsearRoutes } from './dsear.routes.ts';
import { DsearAttachmentsRepo } from './dsearAttachments.repo.ts';
import { DsearAttachmentsService } from './dsearAttachments.service.ts';
import { dsearAttachmentsRoutes } from './dsearAttachments.routes.ts';

export { DsearService } from './dsear.service.ts';
export { DsearRepo } from './dsear.repo.ts';

/**
 * The DSEAR register: list, export, get, saveOrCreate, approve, pendingApproval, the people of its roles,
 * and an entry's attachments (files of the project's document store).
 */
export function registerDsear(
  app: FastifyInstance,
  db: Db,
  store: { files: DocumentFiles; blobs: BlobStore },
  access: AccessService,
  options: { maxUploadBytes: number },
): DsearService {
  const repo = new DsearRepo(db);
  const service = new DsearService(repo, access);
  dsearRoutes(app, service);
  const attachments = new DsearAttachmentsService(
    new DsearAttachmentsRepo(db),
    repo,
    store.files,
    store.blobs,
    access,
  );
  dsearAttachmentsRoutes(app, attachments, options.maxUploadBytes);
  return service;
}
