import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import { SketchesRepo } from './sketches.repo.ts';
import { SketchesService } from './sketches.service.ts';
import { sketchesRoutes } from './sketches.routes.ts';
import { sketchHistoryRoutes } from './sketchHistory.routes.ts';
import { TagLookupRepo } from './tagLookup.repo.ts';
import { TagLookupService } from './tagLookup.service.ts';
import { tagLookupRoutes } from './tagLookup.routes.ts';
import { SketchDexpiService } from './sketchDexpi.service.ts';
import { sketchDexpiRoutes } from './sketchDexpi.routes.ts';

export { SketchesService } from './sketches.service.ts';
export { SketchesRepo } from './sketches.repo.ts';
export { sketchParams } from './sketchHistory.routes.ts';

/**
 * P&ID sketches: getpidsketch, savepidsketch and deletepidsketch (engineering spec §7), and the tag check of
 * a sketch against the project's models and asset register, each sketch's history, and DEXPI export and import
 * (issue 37).
 */
export function registerSketches(app: FastifyInstance, db: Db, access: AccessService): SketchesService {
  const service = new SketchesService(new SketchesRepo(db), access);
  sketchesRoutes(app, service);
  sketchHistoryRoutes(app, service);
  tagLookupRoutes(app, new TagLookupService(new TagLookupRepo(db), access));
  sketchDexpiRoutes(app, new SketchDexpiService(new SketchesRepo(db), access));
  return service;
}
