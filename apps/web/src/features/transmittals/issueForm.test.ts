import { describe, expect, it } from 'vitest';
import { DEFAULT_PURPOSES } from '@penstock/shared';
import { issueBody, issueProblem, parseOutside, type IssueChoices } from './issueForm.ts';

const choices = (overrides: Partial<IssueChoices> = {}): IssueChoices => ({
  versionIds: ['v.1'],
  purpose: 'For information',
  message: ' Hello ',
  memberIds: [],
  outside: 'sam@contractor.example',
  dueDate: '',
  ...overrides,
});

describe('the Issue transmittal form', () => {
  it('reads outside addresses a line, by comma or semicolon, with names, once each', () => {
    expect(parseOutside('Sam Site <sam@c.example>\n"Ann Other" <ann@c.example>; SAM@c.example, ')).toEqual({
      people: [
        { email: 'sam@c.example', name: 'Sam Site' },
        { email: 'ann@c.example', name: 'Ann Other' },
      ],
      invalid: null,
    });
    expect(parseOutside('sam@c.example, not an address').invalid).toBe('not an address');
    expect(parseOutside('sam@localhost').invalid).toBe('sam@localhost');
  });

  it('finds the first problem, and the due date only where the purpose asks for a response', () => {
    const today = '2026-11-29';
    expect(issueProblem(choices(), DEFAULT_PURPOSES, today)).toBeNull();
    expect(issueProblem(choices({ versionIds: [] }), DEFAULT_PURPOSES, today)).toMatch(
      /at least one document/,
    );
    expect(issueProblem(choices({ outside: '' }), DEFAULT_PURPOSES, today)).toMatch(/at least one recipient/);
    expect(issueProblem(choices({ outside: '', memberIds: ['u2'] }), DEFAULT_PURPOSES, today)).toBeNull();
    expect(issueProblem(choices({ purpose: 'For comment' }), DEFAULT_PURPOSES, today)).toMatch(/due/);
    expect(
      issueProblem(choices({ purpose: 'For comment', dueDate: '2026-11-28' }), DEFAULT_PURPOSES, today),
    ).toBe('The response cannot be due in the past.');
    expect(
      issueProblem(choices({ purpose: 'For comment', dueDate: today }), DEFAULT_PURPOSES, today),
    ).toBeNull();
  });

  it('sends no due date for a purpose that asks for no response, and the message trimmed', () => {
    expect(issueBody(choices({ dueDate: '2099-01-01' }), DEFAULT_PURPOSES)).toEqual({
      versionIds: ['v.1'],
      purpose: 'For information',
      message: 'Hello',
      memberIds: [],
      outside: [{ email: 'sam@contractor.example', name: '' }],
      dueDate: null,
    });
  });
});
