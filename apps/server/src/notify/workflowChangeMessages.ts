import type { OutboxMessage } from './outbox.repo.ts';
import { about, body, details, greeting, subjectLine } from './messages.ts';

/** The texts of the e-mails about a workflow's later changes (issue 31): withdrawn, overdue. Pure. */

interface About {
  toName: string;
  toEmail: string;
  documentName: string;
  projectName: string;
  hubUrl: string;
}
const inProject = (projectName: string) => (projectName.trim() ? ` in ${projectName}` : '');

/** To everyone named on a workflow, when its submitter or a project manager withdraws it. */
export function withdrawnMessage(input: About & { byName: string; reason: string }): OutboxMessage {
  return {
    to: input.toEmail,
    subject: subjectLine(`Workflow withdrawn: ${about(input.documentName, input.projectName)}`),
    text: body([
      greeting(input.toName),
      `${input.byName} withdrew the workflow for ${input.documentName}${inProject(input.projectName)}. ` +
        'Nothing more is asked of you on it.',
      details([['Reason', input.reason]]),
      `See the workflow in your hub: ${input.hubUrl}`,
    ]),
  };
}

/** The daily reminder to someone who has not answered a workflow past its due date. */
export function overdueReminderMessage(
  input: About & { role: 'reviewer' | 'approver'; dueDate: string; submitterName: string },
): OutboxMessage {
  const task = input.role === 'reviewer' ? 'review' : 'approval';
  return {
    to: input.toEmail,
    subject: subjectLine(`Overdue ${task}: ${about(input.documentName, input.projectName)}`),
    text: body([
      greeting(input.toName),
      `Your ${task} of ${input.documentName}${inProject(input.projectName)} was due on ${input.dueDate} ` +
        `and ${input.submitterName} is still waiting for it.`,
      `Open your hub to respond: ${input.hubUrl}`,
    ]),
  };
}
