import { PgBoss } from 'pg-boss';
import type { JobHandler, JobQueue } from './jobQueue.ts';

const FINISHED = new Set(['completed', 'failed', 'cancelled']);

export interface PgBossQueueOptions {
  connectionString: string;
  /** a running job's server proves it is alive this often; a silent one's job is retried (>= 10 s) */
  heartbeatSeconds?: number;
  /** how often pg-boss looks for jobs whose heartbeat ran out (default 10 s) */
  superviseSeconds?: number;
  /** how many times a job is tried again after its server stopped or died (default 3) */
  retryLimit?: number;
  log?: { warn: (object: object, message: string) => void; error: (object: object, message: string) => void };
}

/**
 * Jobs in PostgreSQL through pg-boss (its own schema, `pgboss`): every server works every queue, one job at
 * a time; SKIP LOCKED gives each job to exactly one server; a job in hand is kept alive by a heartbeat, so a
 * server that dies loses its job to another after `heartbeatSeconds` (and a supervising pass).
 */
export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss';
  private readonly boss: PgBoss;
  private started: Promise<unknown> | null = null;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly running = new Set<string>();
  /** the jobs this server sent and has not yet seen finish (by job id): what idle() waits for */
  private readonly pending = new Map<string, string>();
  private closed = false;

  constructor(private readonly options: PgBossQueueOptions) {
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: 'pgboss',
      useListenNotify: true,
      max: 4,
      superviseIntervalSeconds: options.superviseSeconds ?? 10,
      monitorIntervalSeconds: options.superviseSeconds ?? 10,
    });
    this.boss.on('error', (error: unknown) =>
      options.log?.error({ err: error }, 'job queue (pg-boss) error'),
    );
  }

  async work(name: string, handler: JobHandler): Promise<void> {
    await this.queue(name);
    await this.boss.work<{ key: string }>(
      name,
      { batchSize: 1, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
      async ([job]) => {
        if (!job) return;
        const key = job.data.key;
        this.running.add(`${name}:${key}`);
        try {
          await handler(key);
        } finally {
          this.running.delete(`${name}:${key}`);
        }
      },
    );
  }

  async send(name: string, key: string): Promise<void> {
    if (this.closed) return;
    await this.queue(name);
    // the 'short' policy keeps one waiting job per key: sending again while one waits changes nothing
    let id = await this.boss.send(name, { key }, { singletonKey: key });
    id ??= (await this.boss.findJobs(name, { key, queued: true, limit: 1 }))[0]?.id ?? null;
    if (id) this.pending.set(id, name);
  }

  async resume(name: string, key: string): Promise<void> {
    await this.queue(name);
    const jobs = await this.boss.findJobs(name, { key });
    const live = jobs.find((job) => !FINISHED.has(job.state));
    if (live) this.pending.set(live.id, name);
    else await this.send(name, key);
  }

  /** Resolves when every job of `name` this server sent has finished (on whichever server ran it). */
  async idle(name: string): Promise<void> {
    await this.queue(name);
    for (;;) {
      for (const [id, queue] of this.pending) {
        if (queue !== name) continue;
        const [job] = await this.boss.findJobs(name, { id });
        if (!job || FINISHED.has(job.state)) this.pending.delete(id);
      }
      const mine = [...this.pending.values()].some((queue) => queue === name);
      if (!mine && ![...this.running].some((entry) => entry.startsWith(`${name}:`))) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (!this.started) return;
    await this.started.catch(() => {});
    // a job still in hand after the handlers were told to stop goes back to the queue for another server
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }

  private start(): Promise<unknown> {
    this.started ??= this.boss.start();
    return this.started;
  }

  private queue(name: string): Promise<void> {
    let ready = this.queues.get(name);
    if (!ready) {
      ready = (async () => {
        await this.start();
        if (!(await this.boss.getQueue(name)))
          await this.boss
            .createQueue(name, {
              policy: 'short',
              notify: true,
              retryLimit: this.options.retryLimit ?? 3,
              heartbeatSeconds: Math.max(10, this.options.heartbeatSeconds ?? 30),
              // a conversion may run for hours (its own time-out ends it sooner)
              expireInSeconds: 24 * 60 * 60,
            })
            .catch(async (error: unknown) => {
              // another server created it at the same moment
              if (!(await this.boss.getQueue(name))) throw error;
            });
      })();
      this.queues.set(name, ready);
    }
    return ready;
  }
}
