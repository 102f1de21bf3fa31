import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, testDatabases, type TestPenstock, penstockTables } from '../test/harness.ts';
import { BlobCollector } from '../storage/blobCollector.ts';
import { DEMO_PROJECT_NAME, OTHER_PROJECT_NAME, seedDemoIfEmpty } from './demo.ts';

const SIZES = { demoModelSizes: [40, 60] as [number, number] };

/**
 * The demo seed is one transaction (issue 16: a process that died half way left a half-seeded project that
 * the next start, seeing users, never finished): cut off at its last write, it leaves no row at all, only
 * stored files no row names, which the collector removes; the next seed then runs whole.
 */
describe.each(await testDatabases())('the demo seed is all or nothing on %s', (kind) => {
  let penstock: TestPenstock;
  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
  });
  afterAll(() => penstock.destroy());

  const db = () => penstock.database.db;
  /** rows in every table of the application (not Kysely's migration tables) */
  const rows = async () => {
    const counts: Record<string, number> = {};
    for (const table of await penstockTables(db())) {
      const {
        rows: [row],
      } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table.name)}`.execute(db());
      counts[table.name] = Number(row!.n);
    }
    return counts;
  };
  /** the DSEAR line is the seed's last write: refuse it */
  const failLastWrite = async () => {
    if (kind === 'sqlite')
      await sql`create trigger seed_cut before insert on dsear_entries begin select raise(abort, 'cut off'); end`.execute(
        db(),
      );
    else {
      await sql`create function seed_cut() returns trigger language plpgsql as $$ begin raise exception 'cut off'; end $$`.execute(
        db(),
      );
      await sql`create trigger seed_cut before insert on dsear_entries for each row execute function seed_cut()`.execute(
        db(),
      );
    }
  };
  const allowLastWrite = async () => {
    if (kind === 'sqlite') await sql`drop trigger seed_cut`.execute(db());
    else {
      await sql`drop trigger seed_cut on dsear_entries`.execute(db());
      await sql`drop function seed_cut()`.execute(db());
    }
  };

  it('cut off at its last write, leaves no row, and only files the collector removes', async () => {
    const empty = await rows();
    await failLastWrite();
    try {
      await expect(seedDemoIfEmpty(penstock, SIZES)).rejects.toThrow(/cut off/);
    } finally {
      await allowLastWrite();
    }
    expect(await rows()).toEqual(empty);
    expect(Object.values(empty).every((n) => n === 0)).toBe(true);

    const collector = new BlobCollector(db(), penstock.blobs, { graceMinutes: 0 });
    const orphans = await collector.orphans(0);
    expect(orphans.stored).toBeGreaterThan(10);
    expect(orphans.removed).toHaveLength(orphans.stored);
    expect((await collector.collect()).removed).toHaveLength(orphans.stored);
    expect((await collector.orphans(0)).stored).toBe(0);
  }, 120_000);

  it('the next start seeds the whole demo', async () => {
    expect(await seedDemoIfEmpty(penstock, SIZES)).toBe(true);
    const projects = await penstock.projectsRepo.listProjects();
    expect(projects.map((p) => p.name).sort()).toEqual([OTHER_PROJECT_NAME, DEMO_PROJECT_NAME].sort());
    const counts = await rows();
    expect(counts.users).toBe(5);
    expect(counts.versions).toBeGreaterThan(7);
    expect(counts.training_courses).toBeGreaterThan(0);
    expect(counts.sdc_submissions).toBe(2);
    expect(counts.dsear_entries).toBe(1);
    expect((await penstock.blobCollector.orphans(0)).removed).toEqual([]);
    // the models were queued for conversion after the commit
    await penstock.jobs.idle();
    const converted = await db().selectFrom('conversions').select('state').execute();
    expect(converted.map((c) => c.state)).toEqual(['done', 'done']);
    expect(await seedDemoIfEmpty(penstock, SIZES)).toBe(false);
  }, 120_000);
});
