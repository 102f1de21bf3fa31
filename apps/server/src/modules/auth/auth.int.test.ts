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

  it('rate-limits repeated failures, even with the right password afterwards', async () => {
    const victim = await penstock.createUser();
    for (let i = 0; i < 5; i++) {
      const failed = await inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: victim.email, password: `wrong-${i}` },
      });
      expect(failed.statusCode).toBe(401);
    }
    const limited = await inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: victim.email, password: TEST_PASSWORD },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many failed sign-in attempts/);
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
