import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/jobQueue.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentFiles } from '../documents/index.ts';
import type { IssuesService } from '../issues/index.ts';
import { dynamicValuesOfFile } from '../properties/index.ts';
import { IdsRepo } from './ids.repo.ts';
import { IdsChecksRepo } from './idsChecks.repo.ts';
import { IdsCheckJobs, type IdsCheckJobsOptions } from './idsCheck.jobs.ts';
import { IdsGate } from './idsGate.ts';
import { IdsLibrary } from './idsLibrary.ts';
import { IdsPlanner, IdsValidations } from './idsPlanning.ts';
import { idsRoutes } from './ids.routes.ts';
import { IdsService } from './ids.service.ts';
import { IdsResultsService } from './idsResults.service.ts';

export { IdsGate } from './idsGate.ts';
export { IdsLibrary } from './idsLibrary.ts';
export { IdsCheckJobs } from './idsCheck.jobs.ts';
export { readIdsText } from './idsReading.ts';

/**
 * Information requirements (issue 36): IDS files read on upload, their scopes and the project's gate, checks of
 * every model version in scope as jobs (after each conversion, and again when an IDS or its scopes change),
 * their results and exports, and the gate the workflow asks before publishing with an A code.
 */
export function registerIds(
  app: FastifyInstance,
  db: Db,
  deps: { blobs: BlobStore; queue: JobQueue; files: DocumentFiles; issues: IssuesService },
  access: AccessService,
  options: Omit<IdsCheckJobsOptions, 'dynamicValues'> & { libraryDirs: readonly string[] },
): { jobs: IdsCheckJobs; gate: IdsGate; converted: (versionId: string) => Promise<void> } {
  const repo = new IdsRepo(db);
  const checks = new IdsChecksRepo(db);
  const jobs = new IdsCheckJobs(checks, repo, deps.blobs, deps.queue, {
    ...options,
    dynamicValues: (projectId, fileName) => dynamicValuesOfFile(db, projectId, fileName),
  });
  const validations = new IdsValidations(repo, deps.blobs);
  const planner = new IdsPlanner(repo, checks, validations, jobs);
  const service = new IdsService(
    repo,
    validations,
    planner,
    new IdsLibrary(options.libraryDirs),
    deps.files,
    deps.blobs,
    access,
  );
  const results = new IdsResultsService(repo, checks, planner, deps.issues, access, deps.blobs);
  idsRoutes(app, service, results);
  deps.files.onVersionAdded((version) => planner.versionAdded(version.id, version.fileName));
  // a model moved into a folder an IDS applies to is checked against it (moved out, its checks no longer count)
  deps.files.onItemMoved(async (item) => void (await planner.itemMoved(item.id)));
  return {
    jobs,
    gate: new IdsGate(repo, checks, planner),
    // a converted model version is checked against the IDS files in its scope (again, if converted again)
    converted: async (versionId) => void (await planner.queueModelVersion(versionId, true)),
  };
}

/**
 * Says where an IDS file applies (every model under these folders), in the caller's transaction `db`: the
 * demo seed scopes the shipped IDS. The checks follow each model's conversion.
 */
export async function scopeIdsFile(
  db: Db,
  scope: { projectId: string; idsItemId: string; folderIds: readonly string[]; createdBy: string },
): Promise<void> {
  const at = new Date().toISOString();
  await new IdsRepo(db).replaceScopes(
    scope.idsItemId,
    scope.folderIds.map((folderId) => ({
      id: `is.${crypto.randomUUID()}`,
      project_id: scope.projectId,
      ids_item_id: scope.idsItemId,
      kind: 'folder',
      target_id: folderId,
      include_dynamic: null,
      created_by: scope.createdBy,
      created_at: at,
    })),
  );
}
