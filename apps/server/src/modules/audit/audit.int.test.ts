import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@penstock/shared';
import { createTestPenstock, testDatabases, TEST_PASSWORD, type TestPenstock } from '../../test/harness.ts';

describe.each(await testDatabases())('the audit log on %s (issue 16)', (kind) => {
  let penstock: TestPenstock;
  let admin: string;
  let adminEmail: string;
  let member: string;
  let memberEmail: string;
  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    ({ email: adminEmail } = await penstock.createUser({ roles: ['administrator'] }));
    ({ email: memberEmail } = await penstock.createUser());
    admin = await penstock.signIn(adminEmail);
    member = await penstock.signIn(memberEmail);
  });
  afterAll(() => penstock.destroy());

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie: string, payload?: object) =>
    penstock.app.inject({
      method,
      url,
      headers: { cookie },
      remoteAddress: '198.51.100.20',
      ...(payload ? { payload } : {}),
    });
  const page = async (query = '') =>
    (await inject('GET', `/api/admin/audit${query}`, admin)).json() as AuditPage;
  const newest = async (action: string) =>
    (await page()).entries.find((e: AuditEntry) => e.action === action);

  it('records sign-ins and refused sign-ins with their reason and address', async () => {
    await penstock.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress: '203.0.113.5',
      payload: { email: memberEmail, password: 'not-the-password' },
    });
    await penstock.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress: '203.0.113.5',
      payload: { email: 'nobody@example.com', password: 'whatever-it-is' },
    });
    const entries = (await page()).entries.filter((e) => e.action === 'signin');
    expect(entries[0]).toMatchObject({
      actorId: null,
      actorEmail: 'nobody@example.com',
      outcome: 'refused',
      detail: { reason: 'no such account' },
      ip: '203.0.113.5',
    });
    expect(entries[1]).toMatchObject({
      actorEmail: memberEmail,
      outcome: 'refused',
      detail: { reason: 'wrong password' },
    });
    expect(entries.some((e) => e.actorEmail === adminEmail && e.outcome === 'ok')).toBe(true);
    // the password typed is never kept
    expect(JSON.stringify(entries)).not.toContain('not-the-password');
  });

  it('records administrative actions with who made them', async () => {
    const created = await inject('POST', '/api/admin/users', admin, {
      name: 'New Starter',
      email: 'starter@example.com',
      password: TEST_PASSWORD,
      roles: [],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    await inject('POST', `/api/admin/users/${id}/password`, admin, { password: 'another-long-password' });
    await inject('PATCH', `/api/admin/users/${id}`, admin, { disabled: true });
    const project = (await inject('POST', '/api/admin/projects', admin, { name: 'Audit works' })).json();
    await inject('PUT', `/api/admin/projects/${project.id}/members`, admin, { userId: id, role: 'viewer' });
    const entries = (await page()).entries;
    expect(entries.slice(0, 5).map((e) => [e.action, e.target, e.actorEmail])).toEqual([
      ['member.set', 'Audit works', adminEmail],
      ['project.create', 'Audit works', adminEmail],
      ['user.update', 'starter@example.com', adminEmail],
      ['user.password', 'starter@example.com', adminEmail],
      ['user.create', 'starter@example.com', adminEmail],
    ]);
    expect(await newest('user.update')).toMatchObject({ detail: { disabled: true }, ip: '198.51.100.20' });
    expect(JSON.stringify(entries)).not.toContain('another-long-password');
  });

  it('is read by administrators only, a page at a time', async () => {
    expect((await inject('GET', '/api/admin/audit', member)).statusCode).toBe(403);
    expect((await penstock.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
    const first = await page('?limit=2');
    expect(first.entries).toHaveLength(2);
    const second = await page(`?limit=2&before=${first.next}`);
    expect(second.entries).toHaveLength(2);
    expect(second.entries[0]!.at <= first.entries[1]!.at).toBe(true);
    expect(second.entries.map((e) => e.id)).not.toContain(first.entries[1]!.id);
    expect((await inject('GET', '/api/admin/audit?before=nonsense', admin)).statusCode).toBe(400);
    expect((await inject('GET', '/api/admin/audit?limit=5000', admin)).statusCode).toBe(400);
  });
});
