import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@penstock/shared';
import { HttpError } from '../http/errors.ts';
import { createTestPenstock, testDatabases, type TestPenstock } from '../test/harness.ts';
import { EVERYWHERE } from './access.ts';

/** The one access rule against a real database: the project role is read there, the rest is policy. */
describe.each(await testDatabases())('requireAccess on %s (issue 16)', (kind) => {
  let penstock: TestPenstock;
  let projectId: string;
  const people: Record<'manager' | 'member' | 'viewer' | 'outsider' | 'admin', CurrentUser> = {} as never;

  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    const person = async (name: keyof typeof people, roles: CurrentUser['roles'] = []) => {
      const { id, email } = await penstock.createUser({ name, roles });
      people[name] = { id, email, name, picture: null, roles };
    };
    await person('manager');
    await person('member');
    await person('viewer');
    await person('outsider');
    await person('admin', ['administrator']);
    ({ id: projectId } = await penstock.createProject('Access works', [
      { userId: people.manager.id, role: 'manager' },
      { userId: people.member.id, role: 'member' },
      { userId: people.viewer.id, role: 'viewer' },
    ]));
  }, 60_000);
  afterAll(() => penstock.destroy());

  const outcome = async (work: Promise<unknown>) => {
    try {
      return { status: 200, value: await work };
    } catch (error) {
      if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
      throw error;
    }
  };

  it("returns the member's role, refuses a viewer's change with the action's sentence, hides the project from others", async () => {
    const { access } = penstock;
    expect(await outcome(access.requireAccess(people.viewer, { project: projectId }, 'read'))).toEqual({
      status: 200,
      value: 'viewer',
    });
    expect(await outcome(access.requireAccess(people.viewer, { project: projectId }, 'upload'))).toEqual({
      status: 403,
      message: 'Viewers cannot upload files to this project',
    });
    expect(
      await outcome(access.requireAccess(people.member, { project: projectId }, 'upload')),
    ).toMatchObject({
      status: 200,
      value: 'member',
    });
    expect(
      await outcome(access.requireAccess(people.member, { project: projectId }, 'restoreDeleted')),
    ).toEqual({
      status: 403,
      message: 'Only project managers can restore deleted items',
    });
    expect(
      await outcome(access.requireAccess(people.manager, { project: projectId }, 'restoreDeleted')),
    ).toMatchObject({ status: 200 });
    // an outsider and an administrator who is not a member: the project does not exist for them
    for (const who of [people.outsider, people.admin])
      expect(await outcome(access.requireAccess(who, { project: projectId }, 'read'))).toMatchObject({
        status: 404,
      });
    expect(
      await outcome(
        access.requireAccess(people.member, { project: 'b.00000000-0000-4000-8000-000000000000' }, 'read'),
      ),
    ).toMatchObject({ status: 404 });
  });

  it('follows a membership change at once (nothing cached)', async () => {
    const { access } = penstock;
    await penstock.projectsRepo.upsertMember(projectId, people.outsider.id, 'viewer');
    expect(
      await outcome(access.requireAccess(people.outsider, { project: projectId }, 'read')),
    ).toMatchObject({
      status: 200,
    });
    await penstock.projectsRepo.removeMember(projectId, people.outsider.id);
    expect(
      await outcome(access.requireAccess(people.outsider, { project: projectId }, 'read')),
    ).toMatchObject({
      status: 404,
    });
  });

  it('checks global roles, own records and listed answers', async () => {
    const { access } = penstock;
    expect(await outcome(access.requireAccess(people.admin, EVERYWHERE, 'readAuditLog'))).toMatchObject({
      status: 200,
    });
    expect(await outcome(access.requireAccess(people.member, EVERYWHERE, 'readAuditLog'))).toEqual({
      status: 403,
      message: 'Only administrators can read the audit log',
    });
    expect(
      await outcome(access.requireAccess(people.member, { person: people.viewer.id }, 'listWorkflows')),
    ).toEqual({ status: 403, message: 'You can only list your own workflows' });
    expect(
      await outcome(access.requireAccess(people.admin, { person: people.viewer.id }, 'listWorkflows')),
    ).toMatchObject({ status: 200 });
    expect(
      await outcome(
        access.requireAccess(
          people.member,
          { listed: { userId: people.viewer.id, name: 'Vera' } },
          'respondToReview',
        ),
      ),
    ).toEqual({ status: 403, message: 'Only Vera can respond to this review' });
    expect(
      await outcome(
        access.requireAccess(
          people.viewer,
          { listed: { userId: people.viewer.id, name: 'Vera' } },
          'respondToReview',
        ),
      ),
    ).toMatchObject({ status: 200 });
  });
});

describe.each(await testDatabases())("AccessService's other questions on %s (issue 32)", (kind) => {
  let penstock: TestPenstock;
  let alpha: string;
  let beta: string;
  const people: Record<'manager' | 'viewer' | 'outsider' | 'admin' | 'reviewer', CurrentUser> = {} as never;

  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    const person = async (name: keyof typeof people, roles: CurrentUser['roles'] = []) => {
      const { id, email } = await penstock.createUser({ name, roles });
      people[name] = { id, email, name, picture: null, roles };
    };
    await person('manager');
    await person('viewer');
    await person('outsider');
    await person('admin', ['administrator']);
    await person('reviewer', ['feedback_reviewer']);
    ({ id: beta } = await penstock.createProject('Beta works', [
      { userId: people.manager.id, role: 'manager' },
      { userId: people.admin.id, role: 'viewer' },
    ]));
    ({ id: alpha } = await penstock.createProject('Alpha works', [
      { userId: people.manager.id, role: 'member' },
      { userId: people.viewer.id, role: 'viewer' },
    ]));
  }, 60_000);
  afterAll(() => penstock.destroy());

  const shape = (projects: ReadonlyArray<{ id: string; name: string; member_role: string | null }>) =>
    projects.map(({ id, name, member_role }) => ({ id, name, member_role }));

  it("gives a member's role, or undefined", async () => {
    const { access } = penstock;
    expect(await access.memberRole(people.manager, alpha)).toBe('member');
    expect(await access.memberRole({ id: people.viewer.id }, alpha)).toBe('viewer');
    expect(await access.memberRole(people.outsider, alpha)).toBeUndefined();
    expect(await access.memberRole(people.admin, alpha)).toBeUndefined();
  });

  it('lists the projects a user belongs to, by name, with their role', async () => {
    const { access } = penstock;
    expect(shape(await access.memberProjects(people.manager))).toEqual([
      { id: alpha, name: 'Alpha works', member_role: 'member' },
      { id: beta, name: 'Beta works', member_role: 'manager' },
    ]);
    expect(shape(await access.memberProjects(people.admin))).toEqual([
      { id: beta, name: 'Beta works', member_role: 'viewer' },
    ]);
    expect(await access.memberProjects(people.outsider)).toEqual([]);
  });

  it('shows an administrator every project (their role where they are a member), others their own', async () => {
    const { access } = penstock;
    expect(access.seesEveryProject(people.admin)).toBe(true);
    for (const who of [people.manager, people.outsider, people.reviewer])
      expect(access.seesEveryProject(who)).toBe(false);
    expect(shape(await access.visibleProjects(people.admin))).toEqual([
      { id: alpha, name: 'Alpha works', member_role: null },
      { id: beta, name: 'Beta works', member_role: 'viewer' },
    ]);
    expect(shape(await access.visibleProjects(people.viewer))).toEqual([
      { id: alpha, name: 'Alpha works', member_role: 'viewer' },
    ]);
    expect(await access.visibleProjects(people.outsider)).toEqual([]);
    expect(await access.visibleProjectIds(people.admin)).toBeNull();
    expect(await access.visibleProjectIds(people.manager)).toEqual([alpha, beta]);
    expect(await access.visibleProjectIds(people.outsider)).toEqual([]);
  });

  it("answers from the shared policies: a known role's project actions, global roles", async () => {
    const { access } = penstock;
    const [alphaOfManager, betaOfManager] = await access.memberProjects(people.manager);
    expect(access.allowsInProject(alphaOfManager!, 'saveDsear')).toBe(true);
    expect(access.allowsInProject(alphaOfManager!, 'restoreDeleted')).toBe(false);
    expect(access.allowsInProject(betaOfManager!, 'restoreDeleted')).toBe(true);
    const [alphaOfViewer] = await access.memberProjects(people.viewer);
    expect(access.allowsInProject(alphaOfViewer!, 'read')).toBe(true);
    expect(access.allowsInProject(alphaOfViewer!, 'saveDsear')).toBe(false);
    const [alphaOfAdmin] = await access.visibleProjects(people.admin);
    expect(access.allowsInProject(alphaOfAdmin!, 'read')).toBe(false);

    expect(access.allowsGlobally(people.admin, 'manageTraining')).toBe(true);
    expect(access.allowsGlobally(people.manager, 'manageTraining')).toBe(false);
    expect(access.allowsGlobally(people.reviewer, 'reviewFeedback')).toBe(true);
    expect(access.allowsGlobally(people.admin, 'reviewFeedback')).toBe(false);
  });
});

describe.each(await testDatabases())('access before input on %s (issue 16)', (kind) => {
  let penstock: TestPenstock;
  let outsider: string;
  let member: string;
  let folderId: string;
  let issueId: string;
  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    const a = await penstock.createUser();
    const b = await penstock.createUser();
    outsider = await penstock.signIn(a.email);
    member = await penstock.signIn(b.email);
    const project = await penstock.createProject('Input works', [{ userId: b.id, role: 'member' }]);
    folderId = project.folders.WIP!;
    const issue = await penstock.app.inject({
      method: 'POST',
      url: '/api/issues',
      headers: { cookie: member },
      payload: { projectId: project.id, title: 'An issue', type: 'design_query' },
    });
    issueId = issue.json().id;
  }, 60_000);
  afterAll(() => penstock.destroy());

  it('refuses a caller without access before reading what they sent (no validation message for them)', async () => {
    const calls: Array<[method: 'POST' | 'PATCH' | 'PUT', url: string]> = [
      ['POST', `/api/folders/${folderId}/folders`],
      ['POST', `/api/folders/${folderId}/files`],
      ['PATCH', `/api/issues/${issueId}`],
      ['POST', `/api/issues/${issueId}/comments`],
      ['PUT', '/api/supplier/settings'],
      ['POST', '/api/supplier/submissions/sdc.00000000-0000-4000-8000-000000000000/review'],
      ['POST', '/api/supplier/submissions/not-an-id/review'],
    ];
    for (const [method, url] of calls) {
      const response = await penstock.app.inject({
        method,
        url,
        headers: { cookie: outsider, 'content-type': 'application/json' },
        payload: '{"wrong":1}',
      });
      expect([403, 404], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
    }
    // the same bad input from someone allowed is told what is wrong
    const folder = await penstock.app.inject({
      method: 'POST',
      url: `/api/folders/${folderId}/folders`,
      headers: { cookie: member, 'content-type': 'application/json' },
      payload: '{"wrong":1}',
    });
    expect(folder.statusCode).toBe(400);
  });
});
