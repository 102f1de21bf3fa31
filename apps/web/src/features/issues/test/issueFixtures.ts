import type { Issue, ProjectUsersAnswer } from '@penstock/shared';

export const PROJECT = 'b.11111111-1111-4111-8111-111111111111';
export const ISSUE_1 = 'q.aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const ISSUE_2 = 'q.bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

export const users: ProjectUsersAnswer = {
  data: {
    results: [
      { autodeskId: 'u1', email: 'ada@penstock.demo', firstName: 'Ada', lastName: 'Lovelace' },
      { autodeskId: 'u2', email: 'erin@penstock.demo', firstName: 'Erin', lastName: 'Walsh' },
    ],
  },
};

export function makeIssue(overrides: Partial<Issue> = {}): Issue {
  const type = overrides.type ?? 'quality_issues';
  const status = overrides.status ?? 'open';
  return {
    id: ISSUE_1,
    guid: '11111111-2222-4333-8444-555555555555',
    projectId: PROJECT,
    type,
    status,
    statusKey: `${type}-${status}`,
    title: 'Leaking flange',
    description: 'At the inlet',
    assigneeId: 'u1',
    dueDate: '2030-01-31',
    createdBy: 'u2',
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-02T10:00:00.000Z',
    comments: [],
    linkedDocuments: [],
    snapshot: null,
    attributes: {
      status,
      title: overrides.title ?? 'Leaking flange',
      description: '',
      assigned_to: null,
      due_date: null,
      sheet_metadata: null,
      pushpin_attributes: null,
    },
    ...overrides,
  };
}
