import type { JobHandler, JobQueue } from './jobQueue.ts';

interface Lane {
  handler: JobHandler | null;
  waiting: string[];
  running: string | null;
  idleWaiters: Array<() => void>;
}

/** One server's queue in memory: one job at a time per queue, in the order sent. */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process';
  private readonly lanes = new Map<string, Lane>();
  private closed = false;

  async work(name: string, handler: JobHandler): Promise<void> {
    this.lane(name).handler = handler;
    void this.next(name);
  }

  async send(name: string, key: string): Promise<void> {
    if (this.closed) return;
    const lane = this.lane(name);
    if (lane.waiting.includes(key)) return;
    lane.waiting.push(key);
    void this.next(name);
  }

  resume(name: string, key: string): Promise<void> {
    if (this.lane(name).running === key) return Promise.resolve();
    return this.send(name, key);
  }

  idle(name: string): Promise<void> {
    const lane = this.lane(name);
    if (!lane.running && (lane.waiting.length === 0 || !lane.handler)) return Promise.resolve();
    return new Promise((resolve) => lane.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const lane of this.lanes.values()) lane.waiting.length = 0;
    await Promise.all([...this.lanes.keys()].map((name) => this.idle(name)));
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = { handler: null, waiting: [], running: null, idleWaiters: [] };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  private async next(name: string): Promise<void> {
    const lane = this.lane(name);
    if (lane.running || !lane.handler) return;
    const key = this.closed ? undefined : lane.waiting.shift();
    if (key === undefined) {
      const waiters = lane.idleWaiters;
      lane.idleWaiters = [];
      for (const resolve of waiters) resolve();
      return;
    }
    lane.running = key;
    try {
      await lane.handler(key);
    } catch {
      // left to the next start: the job's own table still says it is not done
    } finally {
      lane.running = null;
      void this.next(name);
    }
  }
}
