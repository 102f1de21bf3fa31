import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { AccessService } from '../../../security/access.ts';
import type { ModelsRepo } from '../models.repo.ts';
import { ModelTreeRepo } from './modelTree.repo.ts';
import { modelTreeRoutes } from './modelTree.routes.ts';
import { ModelTreeService } from './modelTree.service.ts';

export type { ModelTree, TreeView } from './modelTree.types.ts';

/** The model tree panel's call: GET /api/models/<version id>/tree?by=spatial|category. */
export function registerModelTree(
  app: FastifyInstance,
  db: Db,
  models: ModelsRepo,
  access: AccessService,
): ModelTreeService {
  const trees = new ModelTreeService(new ModelTreeRepo(db), models, access);
  modelTreeRoutes(app, trees);
  return trees;
}
