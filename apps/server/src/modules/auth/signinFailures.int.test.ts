import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { SigninFailuresRepo } from './signinFailures.repo.ts';
import { SignInThrottle } from './signinThrottle.ts';

/** The throttle's failures in the database: two servers count the same ones (issue 17). */
describe.each(await testDatabases())('the sign-in throttle in the database on %s', (kind) => {
  let penstock: TestPenstock;
  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
  });
  afterAll(() => penstock.destroy());

  it('slows a guesser on every server, forgets failures out of the window, and clears a pair on success', async () => {
    let now = Date.parse('2026-11-24T12:00:00Z');
    const options = { freeFailures: 2, baseDelayMs: 1000, windowMs: 60_000 };
    // two servers: two throttles, one database
    const [first, second] = [0, 1].map(
      () => new SignInThrottle(new SigninFailuresRepo(penstock.database.db), options, () => now),
    );
    await first!.recordFailure('Erin@X.test', '203.0.113.5');
    await second!.recordFailure('erin@x.test', '203.0.113.5');
    expect(await first!.retryAfterMs('erin@x.test', '203.0.113.5')).toBe(1000);
    expect(await second!.retryAfterMs('ERIN@x.test', '203.0.113.5')).toBe(1000);
    expect(await second!.retryAfterMs('erin@x.test', '198.51.100.1')).toBe(0);
    now += 61_000;
    expect(await first!.retryAfterMs('erin@x.test', '203.0.113.5')).toBe(0);
    await first!.recordFailure('erin@x.test', '203.0.113.5');
    await first!.recordFailure('erin@x.test', '203.0.113.5');
    expect(await second!.retryAfterMs('erin@x.test', '203.0.113.5')).toBe(1000);
    await second!.succeeded('erin@x.test', '203.0.113.5');
    expect(await first!.retryAfterMs('erin@x.test', '203.0.113.5')).toBe(0);
    // the old failures were purged when the newer ones were recorded
    const rows = await penstock.database.db.selectFrom('signin_failures').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
