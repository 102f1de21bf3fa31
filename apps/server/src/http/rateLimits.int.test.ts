import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, TEST_PASSWORD, type TestPenstock } from '../test/harness.ts';
import { SIGNIN_ATTEMPTS_PER_MINUTE } from './rateLimits.ts';

describe('sign-in attempts are rate-limited per address (issue 16, @fastify/rate-limit)', () => {
  let penstock: TestPenstock;
  let email: string;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite');
    ({ email } = await penstock.createUser());
  });
  afterAll(() => penstock.destroy());

  const signIn = (remoteAddress: string) =>
    penstock.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress,
      payload: { email, password: TEST_PASSWORD },
    });

  it('refuses an address past the limit with 429 and a clear message; others and loopback go on', async () => {
    for (let i = 0; i < SIGNIN_ATTEMPTS_PER_MINUTE; i++)
      expect((await signIn('198.51.100.9')).statusCode).toBe(200);
    const refused = await signIn('198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(
      /^Too many sign-in attempts from your address\. Try again in \d+ seconds\.$/,
    );
    expect((await signIn('198.51.100.10')).statusCode).toBe(200);
    expect((await signIn('127.0.0.1')).statusCode).toBe(200);
  }, 60_000);
});
