import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@penstock/shared';
import { HttpError } from '../../http/errors.ts';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { AdminService } from './admin.service.ts';

describe.each(await testDatabases())('administration on %s', (kind) => {
  let penstock: TestPenstock;
  let admin: string;
  let adminId: string;
  let engineer: string;
  let engineerUser: CurrentUser;

  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    const a = await penstock.createUser({ name: 'Ada Admin', roles: ['administrator'] });
    const e = await penstock.createUser({ name: 'Erin Engineer' });
    adminId = a.id;
    admin = await penstock.signIn(a.email);
    engineer = await penstock.signIn(e.email);
    engineerUser = { id: e.id, email: e.email, name: 'Erin Engineer', picture: null, roles: [] };
  });
  afterAll(() => penstock.destroy());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    cookie: string,
    payload?: object,
  ) => penstock.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('refuses everyone but administrators', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users'],
      ['GET', '/api/admin/projects'],
      ['POST', '/api/admin/projects'],
    ] as const) {
      const response = await call(method, url, engineer, {});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Only administrators can do this' });
    }
    expect((await penstock.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
  });

  it('refuses a non-administrator in the service itself, not only in the route hook (issue 32)', async () => {
    const service = new AdminService(penstock.users, penstock.projectsRepo, penstock.access);
    const refusal = async (work: Promise<unknown>) => {
      const error = await work.then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(HttpError);
      return { status: (error as HttpError).statusCode, message: (error as HttpError).message };
    };
    const refused = { status: 403, message: 'Only administrators can do this' };
    const projects = await penstock.projectsRepo.listProjects();
    const before = await penstock.users.list();
    for (const work of [
      service.listUsers(engineerUser),
      service.createUser(engineerUser, {
        name: 'X',
        email: 'x@example.com',
        password: 'long-enough-pw',
        roles: [],
      }),
      service.updateUser(engineerUser, engineerUser.id, { roles: ['administrator'] }),
      service.resetPassword(engineerUser, adminId, 'a-new-long-password'),
      service.listProjects(engineerUser),
      service.createProject(engineerUser, 'Not allowed'),
      service.setMember(engineerUser, 'b.00000000-0000-4000-8000-000000000000', engineerUser.id, 'manager'),
      service.removeMember(engineerUser, 'b.00000000-0000-4000-8000-000000000000', adminId),
      service.emailOf(engineerUser, adminId),
    ])
      expect(await refusal(work)).toEqual(refused);
    // nothing was written
    expect(await penstock.projectsRepo.listProjects()).toEqual(projects);
    expect(await penstock.users.list()).toEqual(before);
  });

  it('creates a user who can sign in, gives roles and resets the password', async () => {
    const created = await call('POST', '/api/admin/users', admin, {
      name: 'Sara Patel',
      email: 'Sara.Patel@Example.com',
      password: 'a-long-enough-password',
      roles: ['senior_design_manager'],
    });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      email: 'sara.patel@example.com',
      roles: ['senior_design_manager'],
      disabled: false,
    });
    await penstock.signIn('sara.patel@example.com', 'a-long-enough-password');

    const duplicate = await call('POST', '/api/admin/users', admin, {
      name: 'X',
      email: 'sara.patel@example.com',
      password: 'a-long-enough-password',
    });
    expect(duplicate.statusCode).toBe(409);

    const roles = await call('PATCH', `/api/admin/users/${user.id}`, admin, {
      roles: ['practitioner', 'checker_lead_engineer'],
    });
    expect(roles.json().roles).toEqual(['checker_lead_engineer', 'practitioner']);

    const reset = await call('POST', `/api/admin/users/${user.id}/password`, admin, {
      password: 'another-long-password',
    });
    expect(reset.statusCode).toBe(204);
    await expect(penstock.signIn('sara.patel@example.com', 'a-long-enough-password')).rejects.toThrow(/401/);
    await penstock.signIn('sara.patel@example.com', 'another-long-password');
  });

  it('rejects bad input with clear messages', async () => {
    const short = await call('POST', '/api/admin/users', admin, {
      name: 'X',
      email: 'x@example.com',
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 10 characters/);
    const role = await call('POST', '/api/admin/users', admin, {
      name: 'X',
      email: 'x@example.com',
      password: 'long-enough-pw',
      roles: ['king'],
    });
    expect(role.statusCode).toBe(400);
    const self = await call('PATCH', `/api/admin/users/${adminId}`, admin, { disabled: true });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot disable your own account');
    const nothing = await call('PATCH', `/api/admin/users/${adminId}`, admin, {});
    expect(nothing.statusCode).toBe(400);
  });

  it('creates a project with the ISO 19650 folders and manages its members', async () => {
    const created = await call('POST', '/api/admin/projects', admin, { name: 'Northbrook SPS' });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    expect(project.id).toMatch(/^b\./);
    expect(project.members).toEqual([expect.objectContaining({ userId: adminId, role: 'manager' })]);

    const users = (await call('GET', '/api/admin/users', admin)).json();
    const erin = users.find((u: { name: string }) => u.name === 'Erin Engineer');
    expect((await call('GET', `/api/tree?id=${project.id}`, engineer)).statusCode).toBe(404);
    const added = await call('PUT', `/api/admin/projects/${project.id}/members`, admin, {
      userId: erin.id,
      role: 'member',
    });
    expect(added.statusCode).toBe(200);
    const tree = await call('GET', `/api/tree?id=${project.id}`, engineer);
    expect(tree.json().map((n: { text: string }) => n.text)).toEqual([
      'WIP',
      'Shared',
      'Published',
      'Archived',
    ]);

    const removed = await call('DELETE', `/api/admin/projects/${project.id}/members/${erin.id}`, admin);
    expect(removed.json().members).toHaveLength(1);
    expect((await call('GET', `/api/tree?id=${project.id}`, engineer)).statusCode).toBe(404);

    expect(
      (await call('PUT', `/api/admin/projects/b.nope/members`, admin, { userId: erin.id })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/admin/projects', admin, { name: '  ' })).statusCode).toBe(400);
  });
});
