import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import { DocumentsRepo } from '../documents/index.ts';
import { CompareFilesRepo } from './compareFiles.repo.ts';
import { compareFilesRoutes } from './compareFiles.routes.ts';
import { CompareFilesService } from './compareFiles.service.ts';

/**
 * GET /api/compare-files: the two versions of a revision compare, checked (issue 34); the changed-page
 * counts of drawing pairs, kept for the team.
 */
export function registerCompareFiles(app: FastifyInstance, db: Db, access: AccessService): void {
  compareFilesRoutes(app, new CompareFilesService(new DocumentsRepo(db), access, new CompareFilesRepo(db)));
}
