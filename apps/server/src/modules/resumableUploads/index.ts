import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { Periodic } from '../../jobs/periodic.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentFiles, DocumentsRepo } from '../documents/index.ts';
import { ResumableUploadsRepo } from './resumableUploads.repo.ts';
import { resumableUploadsRoutes } from './resumableUploads.routes.ts';
import { ResumableUploadsService } from './resumableUploads.service.ts';

export type { ResumableUploadsService } from './resumableUploads.service.ts';

/** Expired uploads are looked for at start and then hourly. */
export const REMOVE_EXPIRED_EVERY_MS = 60 * 60_000;

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Resumable uploads (issue 35 §4): the tus 1.0 endpoint at /api/uploads, its partial uploads in the data
 * folder's uploads/ (they survive a restart), stored when complete through the documents module's upload
 * path; `cleaner` removes expired ones (start it with the server, stop it on close).
 */
export async function registerResumableUploads(
  app: FastifyInstance,
  db: Db,
  deps: { documentsRepo: DocumentsRepo; files: DocumentFiles; blobs: BlobStore; access: AccessService },
  options: { dataDir: string; maxBytes: number; expiryHours: number; log?: Log },
): Promise<{ service: ResumableUploadsService; cleaner: Periodic }> {
  const service = new ResumableUploadsService(
    new ResumableUploadsRepo(db),
    deps.documentsRepo,
    deps.files,
    deps.blobs,
    deps.access,
    {
      directory: path.join(options.dataDir, 'uploads'),
      maxBytes: options.maxBytes,
      expiryMs: options.expiryHours * 60 * 60_000,
    },
  );
  await resumableUploadsRoutes(app, service);
  const cleaner = new Periodic(
    async () => {
      const removed = await service.removeExpired();
      if (removed) options.log?.info({ removed }, 'resumable uploads: expired uploads removed');
    },
    (error) => options.log?.error({ err: error }, 'resumable uploads: removing expired ones failed'),
  );
  return { service, cleaner };
}
