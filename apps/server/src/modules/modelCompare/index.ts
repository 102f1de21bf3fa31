import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/jobQueue.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { IssuesService } from '../issues/index.ts';
import type { ModelsRepo } from '../models/index.ts';
import { CompareJobs, type CompareJobsOptions } from './modelCompare.jobs.ts';
import { ModelCompareRepo } from './modelCompare.repo.ts';
import { modelCompareRoutes } from './modelCompare.routes.ts';
import { ModelCompareService } from './modelCompare.service.ts';

export { ModelCompareService } from './modelCompare.service.ts';
export { CompareJobs } from './modelCompare.jobs.ts';
export { objectCentres } from './geometrySignatures.ts';

/**
 * Model compare (issue 34 §2): compares of two converted model versions as jobs of the job queue, their
 * changes, the workbook, changes raised as issues, and a version's summary against the one before.
 */
export function registerModelCompare(
  app: FastifyInstance,
  db: Db,
  deps: { blobs: BlobStore; queue: JobQueue; issues: IssuesService; models: ModelsRepo },
  access: AccessService,
  options: CompareJobsOptions = {},
): { service: ModelCompareService; jobs: CompareJobs } {
  const repo = new ModelCompareRepo(db, deps.models);
  const jobs = new CompareJobs(repo, deps.blobs, deps.queue, options);
  const service = new ModelCompareService(repo, access, jobs, deps.issues);
  modelCompareRoutes(app, service);
  return { service, jobs };
}
