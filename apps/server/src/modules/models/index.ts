import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { ConversionJobs, type ConversionJobsOptions } from '../../jobs/conversionJobs.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { JobQueue } from '../../jobs/jobQueue.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { AccessService } from '../../security/access.ts';
import { ModelsRepo } from './models.repo.ts';
import { GeoreferenceRepo } from './georeference.repo.ts';
import { ModelsService } from './models.service.ts';
import { modelsRoutes } from './models.routes.ts';
import { registerModelTree } from './tree/index.ts';
import { registerPropertyValues } from './values/index.ts';

export { ModelsRepo } from './models.repo.ts';
export { ModelsService } from './models.service.ts';

/** Models: conversion jobs for every new IFC version, and the model calls of docs/api.md. */
export function registerModels(
  app: FastifyInstance,
  db: Db,
  blobs: BlobStore,
  files: DocumentFiles,
  access: AccessService,
  queue: JobQueue,
  options: ConversionJobsOptions,
): { repo: ModelsRepo; models: ModelsService; jobs: ConversionJobs } {
  const repo = new ModelsRepo(db);
  const jobs = new ConversionJobs(repo, blobs, queue, options);
  const models = new ModelsService(repo, access, jobs, blobs, new GeoreferenceRepo(db));
  files.onVersionAdded((version) => models.versionAdded(version.id, version.fileName));
  modelsRoutes(app, models);
  registerModelTree(app, db, repo, access);
  registerPropertyValues(app, db, repo, access);
  return { repo, models, jobs };
}
