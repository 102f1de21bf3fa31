import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, postgresReachable } from '../test/harness.ts';
import { InProcessQueue } from './inProcessQueue.ts';
import type { JobQueue } from './jobQueue.ts';
import { PgBossQueue } from './pgBossQueue.ts';

/**
 * The job interface's contract, run against each implementation (issue 17): every job sent is handled once,
 * a key already waiting is not queued twice, resume() queues only what is not waiting or running, a job
 * whose handler throws is tried again; and pg-boss gives each job to exactly one of two servers.
 */
const postgres = await postgresReachable();
let database: { url: string; drop: () => Promise<void> } | undefined;
beforeAll(async () => {
  if (postgres) database = await createPostgresDatabase();
});
afterAll(async () => database?.drop());

const makers: Array<[string, () => JobQueue]> = [['in-process', () => new InProcessQueue()]];
if (postgres)
  makers.push([
    'pg-boss',
    () => new PgBossQueue({ connectionString: database!.url, heartbeatSeconds: 10, superviseSeconds: 2 }),
  ]);

describe.each(makers)('the job queue contract: %s', (kind, make) => {
  let queue: JobQueue;
  beforeAll(() => {
    queue = make();
  });
  afterAll(() => queue.close());

  it('handles every job sent, once, and waits for them with idle()', async () => {
    const handled: string[] = [];
    await queue.work(`contract-${kind}`, async (key) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      handled.push(key);
    });
    for (const key of ['a', 'b', 'c']) await queue.send(`contract-${kind}`, key);
    await queue.idle(`contract-${kind}`);
    expect(handled.sort()).toEqual(['a', 'b', 'c']);
  });

  it('does not queue a waiting key twice, and resume() adds only what is missing', async () => {
    const name = `dedupe-${kind}`;
    const handled: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // no worker yet: the jobs wait
    await queue.send(name, 'same');
    await queue.send(name, 'same');
    await queue.resume(name, 'same');
    await queue.work(name, async (key) => {
      await gate;
      handled.push(key);
    });
    release();
    await queue.idle(name);
    expect(handled).toEqual(['same']);
    await queue.resume(name, 'other');
    await queue.idle(name);
    expect(handled).toEqual(['same', 'other']);
  });

  it('tries a job again when its handler throws (its server stopping)', async () => {
    if (kind === 'in-process') return; // in process the job's own table requeues it at the next start
    const name = `retry-${kind}`;
    let attempts = 0;
    await queue.work(name, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('The server is stopping');
    });
    await queue.send(name, 'once-more');
    await queue.idle(name);
    expect(attempts).toBe(2);
  }, 30_000);
});

describe.skipIf(!postgres)('pg-boss with two servers', () => {
  it('gives each of 30 jobs to exactly one of two servers, both taking some', async () => {
    const servers = [0, 1].map(
      () => new PgBossQueue({ connectionString: database!.url, heartbeatSeconds: 10, superviseSeconds: 2 }),
    );
    const handledBy = new Map<string, number[]>();
    await Promise.all(
      servers.map((server, index) =>
        server.work('two-servers', async (key) => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          handledBy.set(key, [...(handledBy.get(key) ?? []), index]);
        }),
      ),
    );
    const keys = Array.from({ length: 30 }, (_, i) => `job-${i}`);
    for (const [i, key] of keys.entries()) await servers[i % 2]!.send('two-servers', key);
    await Promise.all(servers.map((server) => server.idle('two-servers')));
    expect([...handledBy.keys()].sort()).toEqual([...keys].sort());
    for (const key of keys) expect(handledBy.get(key), key).toHaveLength(1);
    const counts = [0, 1].map((index) => [...handledBy.values()].filter(([by]) => by === index).length);
    expect(counts[0]! + counts[1]!).toBe(30);
    expect(Math.min(...counts)).toBeGreaterThan(0);
    await Promise.all(servers.map((server) => server.close()));
  }, 60_000);
});
