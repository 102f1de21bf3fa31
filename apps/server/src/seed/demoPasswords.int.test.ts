import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/auth/password.ts';
import { createTestPenstock, type TestPenstock } from '../test/harness.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo.ts';
import { isLoopbackHost } from '../http/loopback.ts';
import { guardDemoPasswords } from './demoPasswords.ts';

describe('no account with the published demo password on a network (issue 16)', () => {
  let penstock: TestPenstock;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite');
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const demo of DEMO_USERS.slice(0, 2))
      await penstock.users.create({ name: demo.name, email: demo.email, passwordHash, roles: demo.roles });
  });
  afterAll(() => penstock.destroy());

  const status = (email: string, password: string) =>
    penstock.app
      .inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } })
      .then((r) => r.statusCode);

  it('tells loopback addresses from the rest', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.1.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'penstock.example.com'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('keeps the published password on loopback', async () => {
    expect(await guardDemoPasswords(penstock.users, '127.0.0.1')).toEqual({
      kind: 'published',
      password: DEMO_PASSWORD,
    });
  });

  it('on a network, gives the demo accounts one random password and ends their sessions', async () => {
    const engineer = DEMO_USERS[0]!.email;
    const cookie = await penstock.signIn(engineer, DEMO_PASSWORD);
    const guarded = await guardDemoPasswords(penstock.users, '0.0.0.0');
    expect(guarded.kind).toBe('random');
    const password = guarded.kind === 'random' ? guarded.password : '';
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(await status(engineer, DEMO_PASSWORD)).toBe(401);
    expect(await status(engineer, password)).toBe(200);
    expect(await status(DEMO_USERS[1]!.email, password)).toBe(200);
    const me = await penstock.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    // a later start (on a network or not) finds no published password to replace or print
    expect(await guardDemoPasswords(penstock.users, '0.0.0.0')).toEqual({ kind: 'changed' });
    expect(await guardDemoPasswords(penstock.users, '127.0.0.1')).toEqual({ kind: 'changed' });
  });
});
