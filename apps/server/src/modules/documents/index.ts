import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { AccessService } from '../../security/access.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import { DocumentsRepo } from './documents.repo.ts';
import { DeletedItemsRepo } from './deletedItems.repo.ts';
import { FolderListingRepo } from './folderListing.repo.ts';
import { DocumentsService } from './documents.service.ts';
import { DocumentFiles } from './documentFiles.ts';
import { DocumentControlRepo } from './documentControl.repo.ts';
import { DocumentControlService } from './documentControl.service.ts';
import { documentsRoutes } from './documents.routes.ts';
import { InfoStandardRepo, NamingCheck } from '../infoStandard/index.ts';

/** Bound to a transaction, it lets a caller write a file in its own unit of work (see DocumentFiles.recordFile). */
export { DocumentsRepo, type VersionRow } from './documents.repo.ts';
export { sendStoredFile } from './sendStoredFile.ts';
export { presentVersion } from './documents.presenter.ts';
export {
  DocumentFiles,
  ISO_19650_FOLDERS,
  stateOfTrail,
  type FileOrigin,
  type RecordedFile,
  type VersionAddedListener,
} from './documentFiles.ts';
export { cleanFileName } from './documents.routes.ts';
export type { ItemMovedListener } from './documentControl.service.ts';

/** The files of the projects: folders, items and versions (the tree, uploads, history, deleted files). */
export function registerDocuments(
  app: FastifyInstance,
  db: Db,
  blobs: BlobStore,
  projects: ProjectDirectory,
  access: AccessService,
  options: { maxUploadBytes: number },
): { repo: DocumentsRepo; files: DocumentFiles } {
  const { repo, files, documents } = documentServices(db, blobs, projects, access);
  documentsRoutes(app, { documents, files, maxUploadBytes: options.maxUploadBytes });
  return { repo, files };
}

/** The module's repositories and services on `db` (the server's handle, or the demo seed's transaction). */
export function documentServices(
  db: Db,
  blobs: BlobStore,
  projects: ProjectDirectory,
  access: AccessService,
) {
  const repo = new DocumentsRepo(db);
  const deleted = new DeletedItemsRepo(db);
  const naming = new NamingCheck(new InfoStandardRepo(db));
  const control = new DocumentControlService(repo, new DocumentControlRepo(db), access, naming);
  const files = new DocumentFiles(repo, blobs, deleted, access, control, naming);
  const documents = new DocumentsService(
    repo,
    projects,
    files,
    blobs,
    deleted,
    access,
    new FolderListingRepo(db),
  );
  return { repo, files, documents };
}
