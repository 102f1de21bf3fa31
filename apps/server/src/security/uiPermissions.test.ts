import { describe, expect, it } from 'vitest';
import {
  GLOBAL_ROLES,
  PROJECT_ACTIONS,
  PROJECT_ROLES,
  withdrawActionFor,
  type CurrentUser,
  type GlobalRole,
  type ProjectAction,
  type ProjectRole,
} from '@penstock/shared';
import {
  PERMISSION_GATES,
  mayAs,
  type PermissionGate,
} from '../../../web/src/features/projects/permissions.ts';
import { AccessService } from './access.ts';
import type { AccessRepo } from './access.repo.ts';
import { COLUMNS, type Column } from '../test/access/accessFixture.ts';
import { ACCESS } from '../test/access/expectedAccess.ts';

/**
 * One permission vocabulary, server to screen (issue 32, section 1): the web app hides and disables its
 * controls with useMayInProject, whose answer for a role is `mayAs(role)`
 * (apps/web/src/features/projects/permissions.ts). Two checks keep it equal to what the server does:
 *
 * 1. For every action of the shared table, every project role (and none) and every global role, the server's
 *    own decision (AccessService.requireAccess, with a repository that answers the membership) allows
 *    exactly what `mayAs` answers. A server that starts deciding from anything else (an administrator
 *    override, a role of its own) fails here until the screen follows.
 * 2. For every control the web app gates (PERMISSION_GATES: the call it makes and the action it asks), the
 *    access matrix's expected answer for each column (expectedAccess.ts, which accessMatrix.int.test.ts checks
 *    against the real server, route by route) is what `mayAs` answers for that column's person. A service
 *    that checks another action for a call, or a rule changed in the matrix, fails here.
 */

const PROJECT_ID = 'p.1';
const ACTIONS = Object.keys(PROJECT_ACTIONS) as ProjectAction[];
const MEMBERSHIPS: readonly (ProjectRole | undefined)[] = [...PROJECT_ROLES, undefined];
/** no global role, each alone, and all of them together */
const GLOBALS: readonly (readonly GlobalRole[])[] = [[], ...GLOBAL_ROLES.map((role) => [role]), GLOBAL_ROLES];

const userWith = (roles: readonly GlobalRole[]): CurrentUser =>
  ({ id: 'u.me', name: 'Me', email: 'me@example.com', roles: [...roles] }) as unknown as CurrentUser;

type Access = Pick<AccessService, 'requireAccess'>;

/** The server's access service, over a repository that answers the user's membership of the project. */
const serverFor = (membership: ProjectRole | undefined): Access =>
  new AccessService({ membershipRole: async () => membership } as unknown as AccessRepo);

/** Where the server's decision and the web app's answer differ for an action, in words. */
async function disagreements(
  serverOf: (membership: ProjectRole | undefined) => Access,
  action: ProjectAction,
) {
  const found: string[] = [];
  for (const membership of MEMBERSHIPS)
    for (const roles of GLOBALS) {
      const server = await serverOf(membership)
        .requireAccess(userWith(roles), { project: PROJECT_ID }, action)
        .then(
          () => true,
          () => false,
        );
      if (server !== mayAs(membership)(action))
        found.push(
          `${membership ?? 'no member'} [${roles.join(', ')}]: the server ${server ? 'allows' : 'refuses'}`,
        );
    }
  return found;
}

describe("the web app's permission answers and the server's decision", () => {
  it.each(ACTIONS)('%s: the same for every project role (or none) and global role', async (action) => {
    expect(await disagreements(serverFor, action)).toEqual([]);
  });

  it('the check can fail: a server that lets administrators do everything disagrees', async () => {
    const lenientFor = (membership: ProjectRole | undefined): Access => ({
      requireAccess: ((user: CurrentUser, resource: never, action: never) =>
        user.roles.includes('administrator')
          ? Promise.resolve('manager')
          : serverFor(membership).requireAccess(user, resource, action)) as AccessService['requireAccess'],
    });
    expect(await disagreements(lenientFor, 'upload')).toContain(
      'no member [administrator]: the server allows',
    );
  });
});

/** The project role of each column of the matrix (accessFixture.ts): the global roles are not members. */
const MEMBERSHIP_OF: Partial<Record<Column, ProjectRole>> = {
  viewer: 'viewer',
  member: 'member',
  manager: 'manager',
  workflowReviewer: 'member',
  workflowApprover: 'member',
};
/** the fixture's workflow to withdraw was submitted by the member column (expectedAccess.ts) */
const SUBMITTER: Column = 'member';
const WITHDRAW = 'POST /api/workflow/:id/withdraw';

const signedIn = COLUMNS.filter((column) => column !== 'anonymous');

/** Where the access matrix's expectation for a gated call differs from the web app's answer, by column. */
function gateDisagreements(gate: Pick<PermissionGate, 'route' | 'action'>): string[] {
  const rule = ACCESS[gate.route];
  if (!rule) return [`${gate.route} is no line of the access matrix`];
  const columns =
    gate.route === WITHDRAW
      ? signedIn.filter(
          (column) => withdrawActionFor({ id: column }, { createdByUserId: SUBMITTER }) === gate.action,
        )
      : signedIn;
  return columns
    .filter((column) => rule.allow.includes(column) !== mayAs(MEMBERSHIP_OF[column])(gate.action))
    .map((column) => `${column}: the matrix ${rule.allow.includes(column) ? 'allows' : 'refuses'}`);
}

describe('every control the web app gates agrees with the access matrix', () => {
  it.each(PERMISSION_GATES.map((gate) => [gate.control, gate] as const))('%s', (_control, gate) => {
    expect(gateDisagreements(gate)).toEqual([]);
  });

  it('asks, for the withdrawal, both the own and the any action (the submitter and everyone else)', () => {
    const actions = PERMISSION_GATES.filter((gate) => gate.route === WITHDRAW).map((gate) => gate.action);
    expect(actions.sort()).toEqual(['withdrawAnyWorkflow', 'withdrawOwnWorkflow']);
  });

  it('the check can fail: a control asking the wrong action disagrees', () => {
    expect(
      gateDisagreements({ route: 'GET /api/projects/:projectId/deleted', action: 'deleteFiles' }),
    ).toContain('member: the matrix refuses');
    expect(gateDisagreements({ route: 'GET /api/nothing', action: 'read' })).toHaveLength(1);
  });
});
