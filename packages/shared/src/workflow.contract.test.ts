import { describe, expect, it } from 'vitest';
import {
  WORKFLOW_MISSING_FIELDS,
  WorkflowDecisionSchema,
  decisionProblem,
  filterRows,
  isFolderNode,
  projectUserOptionLabel,
  projectUserOptionValue,
  submissionProblem,
  workflowStatus,
} from './workflow.contract.ts';

describe('workflow rules', () => {
  it('derives the status from the answers: reviewers, then approvers; any rejection rejects', () => {
    expect(workflowStatus(['Pending', 'Approved'], ['Pending'])).toBe('In review');
    expect(workflowStatus(['Approved', 'Approved'], ['Pending', 'Approved'])).toBe('Awaiting approval');
    expect(workflowStatus(['Approved'], ['Approved', 'Approved'])).toBe('Approved');
    expect(workflowStatus(['Approved', 'Rejected'], ['Pending'])).toBe('Rejected');
    expect(workflowStatus(['Approved'], ['Rejected'])).toBe('Rejected');
  });

  it('lets each person answer once, reviewers first', () => {
    expect(decisionProblem('reviewer', 'Pending', 'In review')).toBeNull();
    expect(decisionProblem('approver', 'Pending', 'In review')).toMatch(/once every reviewer/);
    expect(decisionProblem('approver', 'Pending', 'Awaiting approval')).toBeNull();
    expect(decisionProblem('reviewer', 'Approved', 'Awaiting approval')).toMatch(/already responded/);
    expect(decisionProblem('approver', 'Pending', 'Rejected')).toMatch(/already rejected/);
  });

  it('asks for reviewers, approvers and a target folder, not a comment', () => {
    const ok = { reviewers: ['a'], approvers: ['b'], uploadFolderId: 'f.1' };
    expect(submissionProblem(ok)).toBeNull();
    expect(submissionProblem({ ...ok, reviewers: [] })).toBe(WORKFLOW_MISSING_FIELDS);
    expect(submissionProblem({ ...ok, approvers: [] })).toBe(WORKFLOW_MISSING_FIELDS);
    expect(submissionProblem({ ...ok, uploadFolderId: '' })).toBe(
      'Please ensure Reviewers, Approves and a Target folder is provided',
    );
  });

  it('builds the pickers’ option value and label', () => {
    const user = { autodeskId: 'u.1', email: 'tm@x.test', firstName: 'Tom', lastName: 'Hughes' };
    expect(projectUserOptionValue(user)).toBe('u.1-tm@x.test-Tom Hughes');
    expect(projectUserOptionLabel(user)).toBe('Tom Hughes (tm@x.test)');
  });

  it('accepts only Approved or Rejected as a decision', () => {
    expect(WorkflowDecisionSchema.safeParse({ id: 'r.1', userId: 'u', status: 'Approved' }).success).toBe(
      true,
    );
    expect(WorkflowDecisionSchema.safeParse({ id: 'r.1', userId: 'u', status: 'Maybe' }).success).toBe(false);
  });

  it('marks folders by a type containing the word folder', () => {
    expect(isFolderNode({ Type: 'folders:autodesk.bim360:Folder' })).toBe(true);
    expect(isFolderNode({ Type: 'file' })).toBe(false);
  });

  it('filters hub rows per column, case-insensitively (capitals match)', () => {
    const rows = [
      { project: 'Riverside WTW', document: 'PID-0101.pdf' },
      { project: 'Hillside', document: 'Layout.pdf' },
    ];
    const text = (row: (typeof rows)[number], column: string) => row[column as keyof typeof row];
    expect(filterRows(rows, { project: 'RIVER' }, text)).toEqual([rows[0]]);
    expect(filterRows(rows, { project: 'side', document: 'layout' }, text)).toEqual([rows[1]]);
    expect(filterRows(rows, { project: '  ' }, text)).toEqual(rows);
  });
});
