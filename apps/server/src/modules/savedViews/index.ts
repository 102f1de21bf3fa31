import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import { SavedViewsRepo } from './savedViews.repo.ts';
import { savedViewsRoutes } from './savedViews.routes.ts';
import { SavedViewsService } from './savedViews.service.ts';

export { SavedViewsService } from './savedViews.service.ts';
export { SavedViewsRepo, type SavedViewRow } from './savedViews.repo.ts';

/** Saved views of a project's models (issue 33 §1): list, save, open, rename or update, delete. */
export function registerSavedViews(app: FastifyInstance, db: Db, access: AccessService): SavedViewsService {
  const service = new SavedViewsService(new SavedViewsRepo(db), access);
  savedViewsRoutes(app, service);
  return service;
}
