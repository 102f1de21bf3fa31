import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, TEST_PASSWORD, type TestPenstock } from '../test/harness.ts';
import { CROSS_SITE_MESSAGE } from './originGuard.ts';

describe('state-changing calls from another site are refused (issue 16)', () => {
  let penstock: TestPenstock;
  let email: string;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite', { PENSTOCK_PUBLIC_URL: 'https://penstock.example.com' });
    ({ email } = await penstock.createUser());
  });
  afterAll(() => penstock.destroy());

  const signIn = (headers: Record<string, string>) =>
    penstock.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { host: 'localhost:3000', ...headers },
      payload: { email, password: TEST_PASSWORD },
    });

  it('refuses a POST a browser says came from another site, or from a sibling host', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const refused = await signIn({ 'sec-fetch-site': site });
      expect(refused.statusCode, site).toBe(403);
      expect(refused.json()).toEqual({ error: CROSS_SITE_MESSAGE });
      expect(refused.cookies).toHaveLength(0);
    }
    expect((await signIn({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('without Sec-Fetch-Site, checks Origin against the address used and the public address', async () => {
    expect((await signIn({ origin: 'https://evil.example.net' })).statusCode).toBe(403);
    expect((await signIn({ origin: 'http://localhost:3000' })).statusCode).toBe(200);
    expect((await signIn({ origin: 'https://penstock.example.com' })).statusCode).toBe(200);
    // a client that is not a browser (no Origin, no Sec-Fetch-Site) goes on to the session check
    expect((await signIn({})).statusCode).toBe(200);
  });

  it('refuses the spec sign-out GET from another site, and the session lives on', async () => {
    const cookie = await penstock.signIn(email);
    const forged = await penstock.app.inject({
      method: 'GET',
      url: '/api/user/logoff',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.statusCode).toBe(403);
    const me = await penstock.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    // reads from anywhere are left to the session check (a link from an e-mail opens the app)
    const read = await penstock.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    const own = await penstock.app.inject({
      method: 'GET',
      url: '/api/user/logoff',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('the session cookie is Secure over HTTPS behind a trusted proxy (issue 16)', () => {
  let penstock: TestPenstock;
  let email: string;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite', { PENSTOCK_TRUST_PROXY: '1' });
    ({ email } = await penstock.createUser());
  });
  afterAll(() => penstock.destroy());

  const cookieOf = async (headers: Record<string, string>) => {
    const response = await penstock.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers,
      payload: { email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return response.cookies.find((c) => c.name === 'penstock_session')!;
  };

  it('marks the cookie Secure when the proxy says the browser came over HTTPS, not otherwise', async () => {
    expect((await cookieOf({ 'x-forwarded-proto': 'https' })).secure).toBe(true);
    expect((await cookieOf({ 'x-forwarded-proto': 'http' })).secure).toBeFalsy();
    expect((await cookieOf({})).secure).toBeFalsy();
  });
});
