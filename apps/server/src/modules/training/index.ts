import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { AccessService } from '../../security/access.ts';
import { TrainingRepo } from './training.repo.ts';
import { trainingRoutes } from './training.routes.ts';
import { TrainingService } from './training.service.ts';
import { TrainingAdminService } from './trainingAdmin.service.ts';

export { TrainingRepo } from './training.repo.ts';
export { TrainingService } from './training.service.ts';
export { TrainingAdminService } from './trainingAdmin.service.ts';

/**
 * The training tracker: getuserrecord, saveuserrecord, gettrainingcontent (engineering spec §7), the
 * training material folder, and the administration of courses and roles.
 */
export function registerTraining(
  app: FastifyInstance,
  db: Db,
  blobs: BlobStore,
  access: AccessService,
  options: { maxUploadBytes: number },
): { training: TrainingService; admin: TrainingAdminService } {
  const repo = new TrainingRepo(db);
  const training = new TrainingService(repo, access);
  const admin = new TrainingAdminService(repo, access);
  trainingRoutes(app, { training, admin, blobs, maxUploadBytes: options.maxUploadBytes });
  return { training, admin };
}
