import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/jobQueue.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { readSignaturePair, signatureMap } from './compareSignatures.ts';
import type { ModelCompareRepo } from './modelCompare.repo.ts';
import { changeRow, facetsOf } from './modelCompare.presenter.ts';
import { diffModels } from './modelDiff.ts';

const QUEUE = 'model-compare';

export interface CompareJobsOptions {
  /** a compare running longer than this fails (default 30 minutes) */
  timeoutMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Model compares as jobs of the job queue (the conversion's: in process on SQLite, pg-boss on PostgreSQL, so
 * any server takes them). A job reads both versions' object indexes from the database and their geometry
 * signatures from their .frag files (in a child process), diffs them (modelDiff.ts) and stores the changes
 * with the summary in one transaction. Its state is in model_compares, which every server reads.
 */
export class CompareJobs {
  private closed = false;

  constructor(
    private readonly repo: ModelCompareRepo,
    private readonly blobs: BlobStore,
    private readonly queue: JobQueue,
    private readonly options: CompareJobsOptions = {},
  ) {}

  /** Starts taking compare jobs; those left queued or running when a server stopped are queued again. */
  async start(): Promise<void> {
    await this.queue.work(QUEUE, (compareId) => this.run(compareId));
    for (const id of await this.repo.unfinished()) await this.queue.resume(QUEUE, id);
  }

  /** Sends a compare (recorded as queued) to the queue. */
  send(compareId: string): Promise<void> {
    return this.queue.send(QUEUE, compareId);
  }

  /** Resolves when no compare is queued or running (tests and the bench wait with it). */
  idle(): Promise<void> {
    return this.queue.idle(QUEUE);
  }

  close(): void {
    this.closed = true;
  }

  private async run(compareId: string): Promise<void> {
    const compare = await this.repo.find(compareId);
    if (!compare || compare.status === 'done' || compare.status === 'failed') return;
    if (this.closed) throw new Error('The server is stopping');
    const started = Date.now();
    await this.repo.markRunning(compareId);
    try {
      const [base, head] = await Promise.all([
        this.repo.findVersion(compare.base_version_id),
        this.repo.findVersion(compare.head_version_id),
      ]);
      if (!base?.frag_hash || base.state !== 'done' || !head?.frag_hash || head.state !== 'done')
        throw new Error('Both versions must be converted models');
      const baseHash = base.frag_hash;
      const headHash = head.frag_hash;
      const signatures = this.blobs.withLocalFile(baseHash, (basePath) =>
        this.blobs.withLocalFile(headHash, (headPath) =>
          readSignaturePair({ basePath, headPath }, this.options.timeoutMs ?? 30 * 60_000),
        ),
      );
      const [baseObjects, headObjects] = await Promise.all([
        this.repo.diffObjects(base.version_id),
        this.repo.diffObjects(head.version_id),
      ]);
      await this.repo.setProgress(compareId, 0.3);
      const geometry = await signatures;
      await this.repo.setProgress(compareId, 0.7);
      const diff = diffModels(
        baseObjects,
        headObjects,
        signatureMap(geometry.base),
        signatureMap(geometry.head),
      );
      // positions as the viewer draws them (its coordinates, for issue pins)
      for (const change of diff.changes) {
        const origin = change.kind === 'removed' ? geometry.base.coordinates : geometry.head.coordinates;
        if (change.position)
          change.position = [
            change.position[0] + origin[0],
            change.position[1] + origin[1],
            change.position[2] + origin[2],
          ];
      }
      await this.repo.complete(
        compareId,
        diff.changes.map((change, index) => changeRow(change, index)),
        { summary: JSON.stringify(diff.summary), facets: JSON.stringify(facetsOf(diff.changes)) },
      );
      this.options.log?.info(
        { compareId, changes: diff.changes.length, ms: Date.now() - started },
        'model compare done',
      );
    } catch (error) {
      if (this.closed) throw new Error('The server is stopping', { cause: error });
      const message = error instanceof Error ? error.message : String(error);
      await this.repo.markFailed(compareId, message);
      this.options.log?.warn({ compareId, error: message }, 'model compare failed');
    }
  }
}
