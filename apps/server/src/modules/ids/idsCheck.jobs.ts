import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/jobQueue.ts';
import { readBlob, type BlobStore } from '../../storage/blobStore.ts';
import type { IdsRepo } from './ids.repo.ts';
import type { CheckRow, IdsChecksRepo } from './idsChecks.repo.ts';
import type { CheckJobIds } from './idsCheck.messages.ts';
import { runIdsChecks, stopIdsCheckProcess, warmIdsCheckProcess } from './idsCheck.run.ts';

const QUEUE = 'ids-check';

export interface IdsCheckJobsOptions {
  /** the JavaScript heap a check process may use */
  heapMb: number;
  /** a check running longer than this fails and its process is killed */
  timeoutMs: number;
  /** a folder for unzipped models */
  scratchDir: string;
  maxUnzippedBytes: number;
  /** a file's dynamic values by tag (the properties module) */
  dynamicValues: (
    projectId: string,
    fileName: string,
  ) => Promise<Map<string, Array<{ name: string; value: string }>>>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined;
}

/**
 * IDS checks as jobs of the job queue (the conversion's: in process on SQLite, pg-boss on PostgreSQL). A job
 * is a model version: its checks queued in ids_checks (one per IDS version) run together in one child process
 * that reads the model once (idsCheck.run.ts), and each check's results are stored in one transaction as they
 * come. A model that cannot be read fails its checks with the reason.
 */
export class IdsCheckJobs {
  private closed = false;
  private readonly running = new Map<string, (reason: string) => void>();

  constructor(
    private readonly repo: IdsChecksRepo,
    private readonly files: IdsRepo,
    private readonly blobs: BlobStore,
    private readonly queue: JobQueue,
    private readonly options: IdsCheckJobsOptions,
  ) {}

  /** Starts taking check jobs; model versions with checks left queued or running are queued again. */
  async start(): Promise<void> {
    // the first check finds a process with web-ifc and the schemas loaded
    warmIdsCheckProcess(this.options.heapMb);
    await this.queue.work(QUEUE, (versionId) => this.run(versionId));
    for (const versionId of await this.repo.unfinishedVersions()) await this.queue.resume(QUEUE, versionId);
  }

  /** Sends a model version whose checks are recorded as queued to the queue. */
  send(modelVersionId: string): Promise<void> {
    return this.queue.send(QUEUE, modelVersionId);
  }

  /** Resolves when no check is queued or running (tests and the bench wait with it). */
  idle(): Promise<void> {
    return this.queue.idle(QUEUE);
  }

  close(): void {
    this.closed = true;
    for (const cancel of this.running.values()) cancel('The server is stopping');
    stopIdsCheckProcess();
  }

  private async run(modelVersionId: string): Promise<void> {
    if (this.closed) throw new Error('The server is stopping');
    const pending = await this.repo.pendingOfVersion(modelVersionId);
    if (!pending.length) return;
    const started = Date.now();
    const model = await this.files.fileVersion(modelVersionId);
    if (!model) {
      for (const check of pending) await this.repo.markFailed(check.id, 'The model has been deleted');
      return;
    }
    const unfinished = new Set(pending.map((check) => check.id));
    try {
      const checks = await this.jobChecks(pending, model);
      for (const check of pending)
        if (!checks.some((c) => c.checkId === check.id)) unfinished.delete(check.id);
      if (!checks.length) return;
      for (const check of checks) await this.repo.markRunning(check.checkId);
      const progressWritten = new Map<string, number>();
      await this.blobs.withLocalFile(model.blob_hash, async (ifcPath) => {
        const handle = runIdsChecks(
          {
            ifcPath,
            fileName: model.file_name,
            scratchDir: this.options.scratchDir,
            maxUnzippedBytes: this.options.maxUnzippedBytes,
            checks,
          },
          {
            progress: (checkId, fraction) => {
              // at most every tenth: progress is for people, not for the database
              const last = progressWritten.get(checkId) ?? 0;
              if (fraction - last < 0.1 && fraction < 1) return;
              progressWritten.set(checkId, fraction);
              void this.repo.setProgress(checkId, Math.min(0.99, fraction)).catch(() => {});
            },
            result: async (result) => {
              await this.repo.complete(result.checkId, result);
              unfinished.delete(result.checkId);
            },
            checkFailed: async (checkId, error) => {
              await this.repo.markFailed(checkId, error);
              unfinished.delete(checkId);
            },
          },
          { heapMb: this.options.heapMb, timeoutMs: this.options.timeoutMs },
        );
        this.running.set(modelVersionId, handle.cancel);
        try {
          await handle.done;
        } finally {
          this.running.delete(modelVersionId);
        }
      });
      this.options.log?.info(
        { modelVersionId, checks: pending.length, ms: Date.now() - started },
        `IDS checks of ${model.file_name} done`,
      );
    } catch (error) {
      // left 'running': taken again at the next start, or by another server
      if (this.closed) throw new Error('The server is stopping', { cause: error });
      const message = error instanceof Error ? error.message : String(error);
      for (const checkId of unfinished) await this.repo.markFailed(checkId, message);
      this.options.log?.warn({ modelVersionId, error: message }, `IDS checks of ${model.file_name} failed`);
    }
  }

  /** Each check's IDS text and, where it asks, the model's dynamic values by express id. */
  private async jobChecks(
    pending: readonly CheckRow[],
    model: { project_id: string; file_name: string; version_id: string },
  ): Promise<CheckJobIds[]> {
    let dynamic: CheckJobIds['dynamic'] = null;
    if (pending.some((check) => check.include_dynamic)) {
      const byTag = await this.options.dynamicValues(model.project_id, model.file_name);
      dynamic = new Map();
      if (byTag.size)
        for (const object of await this.repo.ownTags(model.version_id)) {
          const values = byTag.get(object.tag);
          if (values) dynamic.set(Number(object.local_id), values);
        }
    }
    const checks: CheckJobIds[] = [];
    for (const check of pending) {
      const ids = await this.files.fileVersion(check.ids_version_id);
      if (!ids) {
        await this.repo.markFailed(check.id, 'The IDS file has been deleted');
        continue;
      }
      checks.push({
        checkId: check.id,
        xml: (await readBlob(this.blobs, ids.blob_hash)).toString('utf8'),
        dynamic: check.include_dynamic ? dynamic : null,
      });
    }
    return checks;
  }
}
