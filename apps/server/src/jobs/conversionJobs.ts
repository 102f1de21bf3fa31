import fs from 'node:fs';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_TAG_FALLBACK, type TagFallback } from '@penstock/shared';
import { itemLocalIds, itemTableBytes } from '../modules/models/itemIndex.ts';
import type { ModelsRepo } from '../modules/models/models.repo.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import {
  ConversionCrash,
  conversionWorkerReady,
  runConversion,
  stopConversionWorker,
  setConversionMemoryMb,
  warmConversionWorker,
  type ConversionHandle,
} from './runConversion.ts';
import { publicErrorMessage } from './publicError.ts';
import type { JobQueue } from './jobQueue.ts';

export interface ConversionJobsOptions {
  /** a conversion running longer than this fails and its worker is terminated */
  timeoutMs: number;
  /** progress is written to the database at most this often */
  progressIntervalMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** the largest model a '.ifczip' may unzip to (default 2 GB) */
  maxUnzippedBytes?: number;
  /** a folder for unzipped models (default: the system's temporary folder) */
  scratchDir?: string;
  /** the tag fallback order, read when a job starts (default: the shipped order) */
  tagFallback?: () => Promise<readonly TagFallback[]>;
  /** the JavaScript heap a conversion worker may use (default: half the machine's memory, 2 to 16 GB) */
  memoryMb?: number;
}

const QUEUE = 'conversion';

/**
 * The fault hook of the tests (PENSTOCK_TEST_KILL_IN_INDEX=1): the server kills itself with SIGKILL inside
 * the transaction that loads a conversion's index, once every row is in and before it commits, as a
 * power cut or the kernel's out-of-memory killer would. The index must then be absent, not partial.
 */
const killAfterIndexRows =
  process.env.PENSTOCK_TEST_KILL_IN_INDEX === '1'
    ? async () => {
        process.kill(process.pid, 'SIGKILL');
        await new Promise(() => {});
      }
    : undefined;

/**
 * IFC conversions as jobs of the job queue (jobQueue.ts): on SQLite the in-process queue, on PostgreSQL
 * pg-boss, where whichever server is free takes the next model and a job whose server died goes to another.
 * Each job runs in a child process (runConversion.ts): a process that dies (a crash, an abort, out of
 * memory) is tried once more in a fresh one, then the job fails with the reason; the server goes on. The
 * job's state and progress are in the conversions table, which every server reads.
 */
export class ConversionJobs {
  private readonly running = new Map<string, ConversionHandle | null>();
  private readonly converted: Array<(versionId: string) => Promise<void>> = [];
  private readonly failed: Array<(versionId: string) => Promise<void>> = [];
  private closed = false;

  constructor(
    private readonly repo: ModelsRepo,
    private readonly blobs: BlobStore,
    private readonly queue: JobQueue,
    private readonly options: ConversionJobsOptions,
  ) {}

  /**
   * Starts taking conversion jobs. The jobs the table says are unfinished ('queued' or 'running' when a
   * server stopped) are queued again, oldest first, unless the queue still holds them (pg-boss keeps its
   * own: a waiting job is still waiting, a running one goes back to the queue when its server's heartbeat
   * stops). Then the models whose index predates IFC classes are converted again in the background (their
   * tabs show the conversion's progress).
   */
  async start(): Promise<void> {
    if (this.options.memoryMb) setConversionMemoryMb(this.options.memoryMb);
    // the first job finds a conversion worker with its libraries loaded
    warmConversionWorker();
    await this.queue.work(QUEUE, (versionId) => this.convert(versionId));
    for (const versionId of await this.repo.unfinished()) await this.queue.resume(QUEUE, versionId);
    for (const versionId of await this.repo.staleIndexes()) await this.enqueue(versionId);
  }

  /**
   * Calls `listener` when a version has converted (a model compare against the version before it is queued
   * then); its failure is logged, never the conversion's.
   */
  onConverted(listener: (versionId: string) => Promise<void>): void {
    this.converted.push(listener);
  }

  /**
   * Calls `listener` when a version's conversion has failed (the IDS checks record that the model cannot be
   * read); its failure is logged, never the conversion's.
   */
  onFailed(listener: (versionId: string) => Promise<void>): void {
    this.failed.push(listener);
  }

  /** Records the job as queued and sends it to the queue. */
  async enqueue(versionId: string): Promise<void> {
    await this.repo.queue(versionId);
    await this.queue.send(QUEUE, versionId);
  }

  /** Resolves when the conversion worker waiting for the next job has loaded its libraries. */
  workerReady(): Promise<void> {
    return conversionWorkerReady();
  }

  /** Resolves when no conversion is queued or running (tests wait for conversions with it). */
  idle(): Promise<void> {
    return this.queue.idle(QUEUE);
  }

  /** Stops the running process; its job stays 'running' and is taken again (next start, or another server). */
  async close(): Promise<void> {
    this.closed = true;
    for (const handle of this.running.values()) handle?.cancel('The server is stopping');
    stopConversionWorker();
    await this.queue.close();
  }

  /** One job: returns when the model is converted or its failure recorded; throws when the server stops. */
  private async convert(versionId: string): Promise<void> {
    const version = await this.repo.findVersion(versionId);
    if (!version) return;
    if (this.closed) throw new Error('The server is stopping');
    await this.repo.markRunning(versionId);
    try {
      await this.run(versionId, version);
    } finally {
      this.running.delete(versionId);
    }
  }

  private async run(versionId: string, version: { blob_hash: string; file_name: string }): Promise<void> {
    const started = Date.now();
    const progress = { lastWrite: 0, writing: Promise.resolve() as Promise<void> };
    const state = { indexWritten: false };
    try {
      let objects = 0;
      for (let attempt = 1; ; attempt++) {
        try {
          objects = await this.attempt(versionId, version, progress, state);
          break;
        } catch (error) {
          // a process that died is tried once more, in a fresh one; a file the conversion refused is not
          if (!(error instanceof ConversionCrash) || attempt >= 2 || this.closed) {
            if (error instanceof ConversionCrash && attempt >= 2)
              error.message = `${error.message}; tried twice`;
            throw error;
          }
          this.options.log?.warn(
            { versionId, error: error.message },
            `the conversion of ${version.file_name} died: trying once more`,
          );
        }
      }
      this.options.log?.info(
        { versionId, objects, ms: Date.now() - started },
        `converted ${version.file_name}`,
      );
      for (const listener of this.converted)
        await listener(versionId).catch((error: unknown) =>
          this.options.log?.warn({ versionId, err: error }, 'after the conversion: a listener failed'),
        );
    } catch (error) {
      await progress.writing;
      const message = error instanceof Error ? error.message : String(error);
      // left 'running': taken again at the next start, or by another server (which writes the index again)
      if (this.closed) throw new Error('The server is stopping', { cause: error });
      // users read the reason; the server's own paths stay in its log. An index already written goes with
      // the failure: a failed conversion leaves none.
      await this.repo.markFailed(versionId, publicErrorMessage(message), { dropIndex: state.indexWritten });
      this.options.log?.warn({ versionId, error: message }, `conversion of ${version.file_name} failed`);
      for (const listener of this.failed)
        await listener(versionId).catch((error: unknown) =>
          this.options.log?.warn({ versionId, err: error }, 'after the failed conversion: a listener failed'),
        );
    }
  }

  /** One try in a conversion process: the index and the .frag stored; the number of objects. */
  private async attempt(
    versionId: string,
    version: { blob_hash: string; file_name: string },
    progress: { lastWrite: number; writing: Promise<void> },
    state: { indexWritten: boolean },
  ): Promise<number> {
    const interval = this.options.progressIntervalMs ?? 1000;
    const scratchDir = this.options.scratchDir ?? os.tmpdir();
    fs.mkdirSync(scratchDir, { recursive: true });
    // the process reads a file: the stored one, or on S3 a copy downloaded to the scratch folder first
    return this.blobs.withLocalFile(version.blob_hash, async (file) => {
      if (this.closed) throw new Error('The server is stopping');
      let indexed = false;
      const handle = runConversion(file, {
        fileName: version.file_name,
        scratchDir,
        maxUnzippedBytes: this.options.maxUnzippedBytes ?? 2048 * 1024 * 1024,
        tagFallback: (await this.options.tagFallback?.()) ?? DEFAULT_TAG_FALLBACK,
        testCrash: process.env.PENSTOCK_TEST_CONVERSION_CRASH || undefined,
        timeoutMs: this.options.timeoutMs,
        onProgress: (fraction) => {
          const now = Date.now();
          if (indexed || now - progress.lastWrite < interval) return;
          progress.lastWrite = now;
          progress.writing = progress.writing
            .then(() => this.repo.setProgress(versionId, Math.min(0.99, Math.max(0, fraction))))
            .catch(() => {});
        },
      });
      this.running.set(versionId, handle);
      // the index comes first: it is written while the process still writes and compresses the .frag
      const index = await handle.index;
      try {
        indexed = true;
        await progress.writing;
        if (this.closed) throw new Error('The server is stopping');
        await this.repo.loadIndex(versionId, index.stagingPath, { afterRows: killAfterIndexRows });
        state.indexWritten = true;
      } finally {
        fs.rmSync(index.stagingPath, { force: true });
      }
      const fragBytes = await handle.result;
      const frag = await this.blobs.putBuffer(fragBytes);
      // the item table beside it: the viewer asks for it with the .frag, and working it out then (a
      // 33 MB inflate at 100k objects) took the CPU from the browser drawing the model
      const items = await this.blobs.putBuffer(itemTableBytes(await itemLocalIds(fragBytes)));
      await this.repo.complete(versionId, {
        fragHash: frag.hash,
        fragSize: frag.size,
        itemsHash: items.hash,
        itemsSize: items.size,
        viewables: index.viewables,
        georeference: index.georeference,
        objectCount: index.objectCount,
      });
      return index.rowCount;
    });
  }
}
