import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import { SketchesRepo } from './sketches.repo.ts';
import { SketchesService } from './sketches.service.ts';
import { sketchesRoutes } from './sketches.routes.ts';

export { SketchesService } from './sketches.service.ts';

/** P&ID sketches: getpidsketch, savepidsketch and deletepidsketch (engineering spec §7). */
export function registerSketches(app: FastifyInstance, db: Db, access: AccessService): SketchesService {
  const service = new SketchesService(new SketchesRepo(db), access);
  sketchesRoutes(app, service);
  return service;
}
