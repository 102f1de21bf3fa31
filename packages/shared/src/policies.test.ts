import { describe, expect, it } from 'vitest';
import {
  mayWithdrawWorkflow,
  changeViewActionFor,
  GLOBAL_ACTIONS,
  PERSON_ACTIONS,
  PROJECT_ACTIONS,
  mayAnswerAsListed,
  mayForPerson,
  mayGlobally,
  mayInProject,
  type ProjectAction,
} from './policies.ts';
import { PROJECT_ROLES, type GlobalRole } from './roles.ts';

const actor = (...roles: GlobalRole[]) => ({ id: 'u.me', email: 'Me@Example.org', roles });

describe('the permission policies (one rule for server and browser)', () => {
  it('lets every member read, members and managers change, managers restore; non-members nothing', () => {
    const table = Object.fromEntries(
      (Object.keys(PROJECT_ACTIONS) as ProjectAction[]).map((action) => [
        action,
        PROJECT_ROLES.filter((role) => mayInProject(role, action)).join(','),
      ]),
    );
    expect(table.read).toBe('manager,member,viewer');
    expect(table.completeMarkups).toBe('manager,member,viewer');
    for (const action of ['upload', 'addFolder', 'deleteFiles', 'saveProperties', 'writeIssues', 'saveDsear'])
      expect(table[action]).toBe('manager,member');
    expect(table.listDeleted).toBe('manager');
    expect(table.restoreDeleted).toBe('manager');
    for (const action of Object.keys(PROJECT_ACTIONS) as ProjectAction[]) {
      expect(mayInProject(undefined, action)).toBe(false);
      expect(mayInProject(null, action)).toBe(false);
    }
  });

  it('gives each refusal its own sentence', () => {
    const sentences = Object.values(PROJECT_ACTIONS)
      .filter((rule) => rule.roles.length < 3)
      .map((rule) => rule.refusal);
    expect(new Set(sentences).size).toBe(sentences.length);
    for (const rule of [...Object.values(GLOBAL_ACTIONS), ...Object.values(PERSON_ACTIONS)])
      expect(rule.refusal).toMatch(/^(Only|You can only) /);
  });

  it('grants global actions by the role an administrator gave, never by being an administrator alone', () => {
    expect(mayGlobally(actor('administrator'), 'administer')).toBe(true);
    expect(mayGlobally(actor('administrator'), 'readAuditLog')).toBe(true);
    expect(mayGlobally(actor('senior_design_manager'), 'administer')).toBe(false);
    expect(mayGlobally(actor('feedback_reviewer'), 'reviewFeedback')).toBe(true);
    expect(mayGlobally(actor('administrator'), 'reviewFeedback')).toBe(false);
    expect(mayGlobally(actor('supplier_register_manager'), 'reviewSupplierRegister')).toBe(true);
    expect(mayGlobally(actor('administrator'), 'reviewSupplierRegister')).toBe(false);
    expect(mayGlobally(null, 'administer')).toBe(false);
  });

  it("keeps a person's records theirs, with administrators only where they oversee lists", () => {
    expect(mayForPerson(actor(), 'u.me', 'trainingRecord')).toBe(true);
    expect(mayForPerson(actor(), undefined, 'createReportsAs')).toBe(true);
    expect(mayForPerson(actor(), 'u.other', 'trainingRecord')).toBe(false);
    expect(mayForPerson(actor('administrator'), 'u.other', 'trainingRecord')).toBe(false);
    expect(mayForPerson(actor('administrator'), 'u.other', 'listWorkflows')).toBe(true);
    expect(mayForPerson(actor(), 'u.other', 'listWorkflows')).toBe(false);
  });

  it('lets only the listed person answer, by id or by address (any capitals)', () => {
    expect(mayAnswerAsListed(actor(), { userId: 'u.me' })).toBe(true);
    expect(mayAnswerAsListed(actor(), { userId: 'u.other' })).toBe(false);
    expect(mayAnswerAsListed(actor(), { email: ' me@example.ORG ' })).toBe(true);
    expect(mayAnswerAsListed(actor(), { email: 'other@example.org' })).toBe(false);
    expect(mayAnswerAsListed(actor(), {})).toBe(false);
  });

  it('lets the submitter (while a contributor) or a project manager withdraw a workflow', () => {
    const mine = { createdByUserId: 'u.me' };
    const theirs = { createdByUserId: 'u.other' };
    expect(mayWithdrawWorkflow({ id: 'u.me' }, 'member', mine)).toBe(true);
    expect(mayWithdrawWorkflow({ id: 'u.me' }, 'viewer', mine)).toBe(false);
    expect(mayWithdrawWorkflow({ id: 'u.me' }, 'member', theirs)).toBe(false);
    expect(mayWithdrawWorkflow({ id: 'u.me' }, 'manager', theirs)).toBe(true);
    expect(mayWithdrawWorkflow({ id: 'u.me' }, undefined, mine)).toBe(false);
  });

  it("lets a saved view's author (while a contributor) or a project manager change it", () => {
    const may = (role: 'viewer' | 'member' | 'manager', author: string) =>
      mayInProject(role, changeViewActionFor({ id: 'u.me' }, { createdById: author }));
    expect(may('member', 'u.me')).toBe(true);
    expect(may('viewer', 'u.me')).toBe(false);
    expect(may('member', 'u.other')).toBe(false);
    expect(may('manager', 'u.other')).toBe(true);
  });
});
