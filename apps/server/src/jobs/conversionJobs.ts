import fs from 'node:fs';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_TAG_FALLBACK, type TagFallback } from '@penstock/shared';
import type { ModelsRepo } from '../modules/models/models.repo.ts';
import type { LocalBlobStore } from '../storage/blobStore.ts';
import {
  conversionWorkerReady,
  runConversion,
  setConversionMemoryMb,
  warmConversionWorker,
  type ConversionHandle,
} from './runConversion.ts';
import { publicErrorMessage } from './publicError.ts';

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

/**
 * The in-process queue of IFC conversions: one job at a time, each in its own worker thread, the state
 * of every job in the conversions table (so a restart picks up what was queued or running).
 */
export class ConversionJobs {
  private readonly queue: string[] = [];
  private running: { versionId: string; handle: ConversionHandle | null } | null = null;
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly repo: ModelsRepo,
    private readonly blobs: LocalBlobStore,
    private readonly options: ConversionJobsOptions,
  ) {}

  /**
   * Requeues the jobs a stopped server left 'queued' or 'running', oldest first, then the models whose index
   * predates IFC classes (converted again in the background: their tabs show the conversion's progress).
   */
  async start(): Promise<void> {
    if (this.options.memoryMb) setConversionMemoryMb(this.options.memoryMb);
    // the first job finds a conversion worker with its libraries loaded
    warmConversionWorker();
    for (const versionId of await this.repo.unfinished()) this.push(versionId);
    for (const versionId of await this.repo.staleIndexes()) await this.enqueue(versionId);
  }

  /** Records the job as queued and runs it when its turn comes. */
  async enqueue(versionId: string): Promise<void> {
    await this.repo.queue(versionId);
    this.push(versionId);
  }

  /** Resolves when the conversion worker waiting for the next job has loaded its libraries. */
  workerReady(): Promise<void> {
    return conversionWorkerReady();
  }

  /** Resolves when nothing is queued or running (tests wait for conversions with it). */
  idle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops the running worker; its job stays 'running' in the table and is requeued on the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    this.running?.handle?.cancel('The server is stopping');
    await this.idle();
  }

  private push(versionId: string): void {
    if (this.closed || this.queue.includes(versionId)) return;
    this.queue.push(versionId);
    void this.next();
  }

  private async next(): Promise<void> {
    if (this.running) return;
    const versionId = this.queue.shift();
    if (!versionId) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
      return;
    }
    this.running = { versionId, handle: null };
    try {
      await this.convert(versionId);
    } catch (error) {
      this.options.log?.error({ err: error, versionId }, 'conversion bookkeeping failed');
    } finally {
      this.running = null;
      void this.next();
    }
  }

  private async convert(versionId: string): Promise<void> {
    const version = await this.repo.findVersion(versionId);
    if (!version) return;
    if (this.closed) return;
    await this.repo.markRunning(versionId);
    const started = Date.now();
    const interval = this.options.progressIntervalMs ?? 1000;
    let lastWrite = 0;
    let writing: Promise<void> = Promise.resolve();
    const scratchDir = this.options.scratchDir ?? os.tmpdir();
    fs.mkdirSync(scratchDir, { recursive: true });
    const handle = runConversion(this.blobs.pathOf(version.blob_hash), {
      fileName: version.file_name,
      scratchDir,
      maxUnzippedBytes: this.options.maxUnzippedBytes ?? 2048 * 1024 * 1024,
      tagFallback: (await this.options.tagFallback?.()) ?? DEFAULT_TAG_FALLBACK,
      timeoutMs: this.options.timeoutMs,
      onProgress: (fraction) => {
        const now = Date.now();
        if (now - lastWrite < interval) return;
        lastWrite = now;
        writing = writing
          .then(() => this.repo.setProgress(versionId, Math.min(0.99, Math.max(0, fraction))))
          .catch(() => {});
      },
    });
    this.running!.handle = handle;
    try {
      const output = await handle.result;
      await writing;
      const frag = await this.blobs.putBuffer(output.frag);
      await this.repo.complete(versionId, {
        fragHash: frag.hash,
        fragSize: frag.size,
        viewables: output.viewables,
        objects: output.rows,
      });
      this.options.log?.info(
        { versionId, objects: output.rows.length, ms: Date.now() - started },
        `converted ${version.file_name}`,
      );
    } catch (error) {
      await writing;
      const message = error instanceof Error ? error.message : String(error);
      if (this.closed) return; // left 'running': requeued on the next start
      // users read the reason; the server's own paths stay in its log
      await this.repo.markFailed(versionId, publicErrorMessage(message));
      this.options.log?.warn({ versionId, error: message }, `conversion of ${version.file_name} failed`);
    }
  }
}
