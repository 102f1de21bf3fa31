import { describe, expect, it } from 'vitest';
import { assignmentMessage, decisionMessage, subjectLine, workflowOutcomeMessage } from './messages.ts';

const hubUrl = 'https://penstock.example.com/hub';

describe('assignmentMessage', () => {
  const base = {
    toName: 'Tom Hughes',
    toEmail: 'tm@penstock.demo',
    role: 'reviewer' as const,
    submitterName: 'Erin Walsh',
    documentName: 'RWTW-PID-0101.pdf',
    projectName: 'Riverside WTW',
    targetFolder: 'Shared/Design',
    targetSuitability: 'S2',
    comment: 'Please check the dosing lines.\nSecond line.',
    hubUrl,
  };

  it('asks a reviewer to review, with the target, the comment and the hub link', () => {
    const message = assignmentMessage(base);
    expect(message.to).toBe('tm@penstock.demo');
    expect(message.subject).toBe('Review requested: RWTW-PID-0101.pdf (Riverside WTW)');
    expect(message.text).toContain('Hello Tom Hughes,');
    expect(message.text).toContain('Erin Walsh asks you to review RWTW-PID-0101.pdf in Riverside WTW.');
    expect(message.text).toContain('Target folder: Shared/Design');
    expect(message.text).toContain('Target suitability: S2');
    expect(message.text).toContain('Comment: Please check the dosing lines.\n  Second line.');
    expect(message.text).toContain(`Open your hub to respond: ${hubUrl}`);
  });

  it('asks an approver to approve, and leaves out an empty comment', () => {
    const message = assignmentMessage({ ...base, role: 'approver', comment: '  ' });
    expect(message.subject).toBe('Approval requested: RWTW-PID-0101.pdf (Riverside WTW)');
    expect(message.text).toContain('asks you to approve RWTW-PID-0101.pdf');
    expect(message.text).not.toContain('Comment:');
  });
});

describe('decisionMessage', () => {
  const base = {
    toName: 'Erin Walsh',
    toEmail: 'engineer@penstock.demo',
    deciderName: 'Tom Hughes',
    decision: 'Approved' as const,
    role: 'reviewer' as const,
    documentName: 'RWTW-PID-0101.pdf',
    projectName: 'Riverside WTW',
    comment: 'Looks good',
    workflowStatus: 'Awaiting approval' as const,
    hubUrl,
  };

  it('tells the submitter who decided what, and the workflow status', () => {
    const message = decisionMessage(base);
    expect(message.to).toBe('engineer@penstock.demo');
    expect(message.subject).toBe('Review approved: RWTW-PID-0101.pdf (Riverside WTW)');
    expect(message.text).toContain('Tom Hughes (reviewer) approved your submission of RWTW-PID-0101.pdf');
    expect(message.text).toContain('Comment: Looks good');
    expect(message.text).toContain('Workflow status: Awaiting approval');
    expect(message.text).toContain(hubUrl);
  });

  it("names an approver's rejection", () => {
    const message = decisionMessage({
      ...base,
      decision: 'Rejected',
      role: 'approver',
      workflowStatus: 'Rejected',
    });
    expect(message.subject).toBe('Approval rejected: RWTW-PID-0101.pdf (Riverside WTW)');
    expect(message.text).toContain('Tom Hughes (approver) rejected your submission');
    expect(message.text).toContain('Workflow status: Rejected');
  });
});

describe('workflowOutcomeMessage', () => {
  const base = {
    toName: 'Erin Walsh',
    toEmail: 'engineer@penstock.demo',
    status: 'Approved' as const,
    documentName: 'RWTW-PID-0101.pdf',
    projectName: 'Riverside WTW',
    targetFolder: 'Published/P&IDs',
    targetSuitability: 'A1',
    deciderName: 'Sara Patel',
    hubUrl,
  };

  it('reports an approval with where the document was published', () => {
    const message = workflowOutcomeMessage(base);
    expect(message.subject).toBe('Workflow approved: RWTW-PID-0101.pdf (Riverside WTW)');
    expect(message.text).toContain('is approved (last decision by Sara Patel)');
    expect(message.text).toContain('Published to: Published/P&IDs');
    expect(message.text).toContain('Suitability: A1');
  });

  it('reports a rejection without a publication', () => {
    const message = workflowOutcomeMessage({ ...base, status: 'Rejected' });
    expect(message.subject).toBe('Workflow rejected: RWTW-PID-0101.pdf (Riverside WTW)');
    expect(message.text).toContain('was rejected by Sara Patel');
    expect(message.text).not.toContain('Published to');
  });
});

describe('subjectLine', () => {
  it('keeps a subject on one line and at most 200 characters', () => {
    expect(subjectLine('Review requested:\r\nBcc: x@example.com')).toBe(
      'Review requested: Bcc: x@example.com',
    );
    const long = subjectLine(`Review requested: ${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });

  it('leaves out the project when there is none', () => {
    const message = assignmentMessage({
      toName: '',
      toEmail: 'a@b.c',
      role: 'reviewer',
      submitterName: 'Erin Walsh',
      documentName: 'A.pdf',
      projectName: '',
      targetFolder: '',
      targetSuitability: '',
      comment: '',
      hubUrl,
    });
    expect(message.subject).toBe('Review requested: A.pdf');
    expect(message.text.startsWith('Hello,\n\nErin Walsh asks you to review A.pdf.')).toBe(true);
  });
});
