import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, testDatabases, TEST_PASSWORD, type TestPenstock } from '../../test/harness.ts';

describe.each(await testDatabases())('accounts and sign-in on %s', (kind) => {
  let penstock: TestPenstock;
  let user: { id: string; email: string };

  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    user = await penstock.createUser({ name: 'Erin Walsh' });
  });
  afterAll(() => penstock.destroy());

  const inject = (options: import('fastify').InjectOptions) => penstock.app.inject(options);

  it('gives the sign-in address as text', async () => {
    const response = await inject({ method: 'GET', url: '/api/auth/signin-url' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('/auth/signin?returnTo=%2Fmain');
  });

  it('leads back to a deep link opened while signed out, never to another site', async () => {
    const back = await inject({
      method: 'GET',
      url: `/api/auth/signin-url?returnTo=${encodeURIComponent('/main?view=sv.1')}`,
    });
    expect(back.body).toBe(`/auth/signin?returnTo=${encodeURIComponent('/main?view=sv.1')}`);
    const away = await inject({
      method: 'GET',
      url: `/api/auth/signin-url?returnTo=${encodeURIComponent('//evil.example/')}`,
    });
    expect(away.body).toBe('/auth/signin?returnTo=%2Fmain');
  });

  it('signs in with the right password, sets an httpOnly SameSite cookie and answers /api/user', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'penstock_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const me = await inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `penstock_session=${cookie.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: user.id,
      name: 'Erin Walsh',
      email: user.email,
      picture: null,
      roles: [],
    });
  });

  it('refuses a wrong password with a clear message and no cookie', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: 'not-the-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Incorrect email or password.' });
    expect(response.cookies).toHaveLength(0);
  });

  it('answers bad input with 400', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'not an email', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/email/i);
  });

  it('slows repeated failures from one address down, even with the right password, but never locks the owner out', async () => {
    const victim = await penstock.createUser();
    const signIn = (password: string, remoteAddress: string) =>
      inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress,
        payload: { email: victim.email, password },
      });
    for (let i = 0; i < 3; i++) expect((await signIn(`wrong-${i}`, '203.0.113.66')).statusCode).toBe(401);
    // the fourth try from that address waits, whatever the password
    const limited = await signIn(TEST_PASSWORD, '203.0.113.66');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/);
    // the owner, at their own desk, signs in as usual
    expect((await signIn(TEST_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
  });

  it('the sign-in form redirects to /main on success and shows the message on failure', async () => {
    const other = await penstock.createUser();
    const ok = await inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.0.0.9' },
      payload: `email=${encodeURIComponent(other.email)}&password=${TEST_PASSWORD}&returnTo=%2Fmain`,
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/main');
    const bad = await inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(other.email)}&password=nope&returnTo=https%3A%2F%2Fevil.example`,
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toContain('Incorrect email or password.');
    expect(bad.body).toContain('value="/main"');
  });

  it('answers /api/user without a session with 401', async () => {
    const response = await inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Not signed in' });
    const forged = await inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: 'penstock_session=forged' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('signs out: the session is gone and the cookie cleared', async () => {
    const cookie = await penstock.signIn(user.email);
    const logoff = await inject({ method: 'GET', url: '/api/user/logoff', headers: { cookie } });
    expect(logoff.statusCode).toBe(200);
    expect(logoff.json()).toEqual({ signedOutUrl: '/auth/signed-out' });
    expect(logoff.cookies.find((c) => c.name === 'penstock_session')?.value).toBe('');
    const after = await inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const page = await inject({ method: 'GET', url: '/auth/signed-out' });
    expect(page.body).toContain('href="/"');
  });

  it('a disabled user cannot sign in and loses open sessions', async () => {
    const admin = await penstock.createUser({ roles: ['administrator'] });
    const target = await penstock.createUser();
    const targetCookie = await penstock.signIn(target.email);
    const adminCookie = await penstock.signIn(admin.email);
    const disable = await inject({
      method: 'PATCH',
      url: `/api/admin/users/${target.id}`,
      headers: { cookie: adminCookie },
      payload: { disabled: true },
    });
    expect(disable.statusCode).toBe(200);
    expect(
      (await inject({ method: 'GET', url: '/api/user', headers: { cookie: targetCookie } })).statusCode,
    ).toBe(401);
    const again = await inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: target.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toMatch(/disabled/);
  });
});

describe('session idle expiry', () => {
  it('a session unused for longer than the idle time is refused', async () => {
    const penstock = await createTestPenstock('sqlite', { PENSTOCK_SESSION_IDLE_MINUTES: '0' });
    try {
      const user = await penstock.createUser();
      const cookie = await penstock.signIn(user.email);
      const response = await penstock.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(response.statusCode).toBe(401);
    } finally {
      await penstock.destroy();
    }
  });
});

describe('session sliding expiry', () => {
  it("an active user's cookie is renewed with the session, at most once a minute", async () => {
    const penstock = await createTestPenstock('sqlite', { PENSTOCK_SESSION_IDLE_MINUTES: '30' });
    try {
      const user = await penstock.createUser();
      const cookie = await penstock.signIn(user.email);
      const get = () => penstock.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      // just signed in: nothing to renew
      const fresh = await get();
      expect(fresh.statusCode).toBe(200);
      expect(fresh.cookies.find((c) => c.name === 'penstock_session')).toBeUndefined();

      // last seen two minutes ago: the session's expiry moves on, and so does the cookie's Max-Age
      const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
      await penstock.database.db
        .updateTable('sessions')
        .set({ last_seen_at: twoMinutesAgo, expires_at: new Date(Date.now() + 60_000).toISOString() })
        .execute();
      const active = await get();
      expect(active.statusCode).toBe(200);
      const renewed = active.cookies.find((c) => c.name === 'penstock_session');
      expect(renewed?.maxAge).toBe(30 * 60);
      expect(renewed?.httpOnly).toBe(true);
      expect(`penstock_session=${renewed?.value}`).toBe(cookie.split(';')[0]);
      const session = await penstock.database.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
      expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now() + 29 * 60_000);
    } finally {
      await penstock.destroy();
    }
  });
});

describe('expired sessions', () => {
  it('are purged, idle or past the absolute lifetime, and live ones stay', async () => {
    const penstock = await createTestPenstock('sqlite');
    try {
      const user = await penstock.createUser();
      const cookie = await penstock.signIn(user.email);
      const db = penstock.database.db;
      const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
      const base = { user_id: user.id, last_seen_at: at(0) };
      await db
        .insertInto('sessions')
        .values([
          { ...base, id: 'idle', created_at: at(-3_600_000), expires_at: at(-1000) },
          { ...base, id: 'too-old', created_at: at(-31 * 24 * 3_600_000), expires_at: at(3_600_000) },
        ])
        .execute();
      const purged = await penstock.auth.purgeExpiredSessions();
      expect(purged).toBe(2);
      const left = await db.selectFrom('sessions').select('id').execute();
      expect(left).toHaveLength(1);
      const me = await penstock.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(me.statusCode).toBe(200);
    } finally {
      await penstock.destroy();
    }
  });
});
