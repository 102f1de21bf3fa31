import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { IssuesRepo } from '../issues/index.ts';
import type { ProjectDirectory } from '../projects/index.ts';
import type { AccessService } from '../../security/access.ts';
import { MarkupsService } from './markups.service.ts';
import { MarkupsRepo } from './markups.repo.ts';
import { markupsRoutes } from './markups.routes.ts';

export { MarkupsService } from './markups.service.ts';
export { MarkupsRepo, type MarkupRow } from './markups.repo.ts';

/** Markups of documents: getMarkups, saveMarkup, updateMarkup and the preview images. */
export function registerMarkups(
  app: FastifyInstance,
  db: Db,
  blobs: BlobStore,
  projects: ProjectDirectory,
  access: AccessService,
): MarkupsService {
  const service = new MarkupsService(new MarkupsRepo(db), new IssuesRepo(db), blobs, projects, access);
  markupsRoutes(app, service);
  return service;
}
