import type { Db } from '../db/database.ts';
import { BlobCollectorRepo } from './blobCollector.repo.ts';
import type { BlobStore } from './blobStore.ts';
import { Periodic } from '../jobs/periodic.ts';

/** The collector runs at start and then once a day. */
export const COLLECT_EVERY_MS = 24 * 60 * 60_000;

export interface CollectionReport {
  /** stored blob files looked at */
  stored: number;
  /** of them, named by a row */
  referenced: number;
  /** orphans removed (or, on a dry run, that would be) */
  removed: Array<{ hash: string; size: number }>;
  /** orphans kept because they were stored within the grace period */
  keptWithinGrace: number;
  /** catalogue rows (table blobs) deleted with their blob, or found without a file */
  catalogueRowsRemoved: number;
  /** true when a backup held the blobs: nothing was removed */
  postponed: boolean;
}

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Removes stored blobs that no row names (orphans). Blobs are content-addressed and stored before the row
 * that names them is written, so a crash between the two, a failed request, a replaced markup preview or
 * training material, or a model converted again leaves a file nothing refers to.
 *
 * A pass: list the stored files, read every hash the database names (BLOB_REFERENCES), and remove each file
 * named by none whose modification time is older than the grace period. The blob store sets a file's
 * modification time to now whenever content is stored again (LocalBlobStore.reuse), and the final check and
 * removal of each file is synchronous, so a blob an upload in flight has just stored, or stored again, is
 * never removed: the upload has the grace period to write its row. Nothing is removed while a backup holds
 * the blobs (backupHold.ts). Then the catalogue rows (table blobs) of
 * blobs that are gone and that nothing names are deleted, each in one statement that checks the references
 * again. One process owns a data folder; a second server on the same folder would need a shared lock.
 *
 * On S3 (S3BlobStore) the same pass runs on every server sharing the bucket: the objects' LastModified is
 * their time (content stored again is copied onto itself, or uploaded again, so it moves), each removal
 * looks at it again first, and the backup hold is an object in the bucket that every server sees
 * (docs/reliability.md: the collector on S3, and the one narrow window S3 leaves).
 */
export class BlobCollector {
  private readonly repo: BlobCollectorRepo;
  private readonly periodic: Periodic;
  private running: Promise<CollectionReport> | undefined;
  private stopped = false;

  constructor(
    db: Db,
    private readonly blobs: BlobStore,
    private readonly options: { graceMinutes: number; log?: Log; now?: () => number },
  ) {
    this.repo = new BlobCollectorRepo(db);
    this.periodic = new Periodic(
      () => this.collect(),
      (error) => this.options.log?.error({ err: error }, 'blob collector: the pass failed'),
    );
  }

  /** A pass in the background now, then one a day; each logs what it removed. */
  start(everyMs = COLLECT_EVERY_MS): void {
    if (!this.stopped) this.periodic.start(everyMs);
  }

  /** Stops the timer and waits for a pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.periodic.stop();
    await this.running?.catch(() => {});
  }

  /** One pass (one at a time: a second call while one runs gets the running one's report). */
  collect(): Promise<CollectionReport> {
    this.running ??= this.pass(false).finally(() => (this.running = undefined));
    return this.running;
  }

  /** What a pass would remove now, removing nothing (the fault tests count orphans with it). */
  orphans(graceMinutes = this.options.graceMinutes): Promise<CollectionReport> {
    return this.pass(true, graceMinutes);
  }

  private async pass(dryRun: boolean, graceMinutes = this.options.graceMinutes): Promise<CollectionReport> {
    const started = Date.now();
    const cutoffMs = (this.options.now?.() ?? started) - graceMinutes * 60_000;
    // the files first, the references after: a row written meanwhile names a file stored after the cutoff
    const stored: Array<{ hash: string; size: number; mtimeMs: number }> = [];
    for await (const blob of this.blobs.list()) stored.push(blob);
    const referenced = await this.repo.referencedHashes();
    const report: CollectionReport = {
      stored: stored.length,
      referenced: 0,
      removed: [],
      keptWithinGrace: 0,
      catalogueRowsRemoved: 0,
      postponed: false,
    };
    // checked after the references were read: a backup that started before has its database copy
    if (!dryRun && (await this.blobs.heldForBackup())) {
      this.options.log?.info({}, 'blob collector: a backup is running; orphans are removed next time');
      return { ...report, postponed: true };
    }
    for (const blob of stored) {
      if (referenced.has(blob.hash)) {
        report.referenced++;
        continue;
      }
      if (blob.mtimeMs >= cutoffMs) {
        report.keptWithinGrace++;
        continue;
      }
      if (dryRun) {
        report.removed.push({ hash: blob.hash, size: blob.size });
        continue;
      }
      if (this.stopped) break;
      const size = await this.blobs.removeIfUnusedSince(blob.hash, cutoffMs);
      if (size === null) report.keptWithinGrace++;
      else report.removed.push({ hash: blob.hash, size });
    }
    if (!dryRun && !this.stopped)
      for (const hash of await this.repo.unreferencedCatalogueHashes())
        if (!(await this.blobs.exists(hash)) && (await this.repo.deleteCatalogueRow(hash).catch(() => false)))
          report.catalogueRowsRemoved++;
    if (!dryRun && (report.removed.length || report.catalogueRowsRemoved))
      this.options.log?.info(
        {
          removed: report.removed.length,
          hashes: report.removed.slice(0, 50).map((blob) => blob.hash),
          bytes: report.removed.reduce((sum, blob) => sum + blob.size, 0),
          catalogueRowsRemoved: report.catalogueRowsRemoved,
          keptWithinGrace: report.keptWithinGrace,
          stored: report.stored,
          ms: Date.now() - started,
        },
        `blob collector: removed ${report.removed.length} orphan file(s) no row names`,
      );
    return report;
  }
}
