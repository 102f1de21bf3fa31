import type { ParticipantRole, ReviewDecision, WorkflowStatus } from '@penstock/shared';
import type { OutboxMessage } from './outbox.repo.ts';

/** The texts of Penstock's notification e-mails: short plain text with a link to the hub. Pure functions. */

const SUBJECT_MAX = 200;

/** One line (no CR/LF or control characters, which would break the header), at most 200 characters. */
export function subjectLine(text: string): string {
  const line = [...text]
    .map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > SUBJECT_MAX ? `${line.slice(0, SUBJECT_MAX - 1)}…` : line;
}

export const about = (documentName: string, projectName: string) =>
  projectName.trim() ? `${documentName} (${projectName})` : documentName;

export const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

/** Lines of 'Label: value' for the values given; a multi-line value continues indented. */
export function details(entries: ReadonlyArray<readonly [string, string | null | undefined]>): string[] {
  return entries
    .filter(([, value]) => value != null && value.trim() !== '')
    .map(([label, value]) => `${label}: ${value!.trim().replace(/\r?\n/g, '\n  ')}`);
}

export function body(paragraphs: ReadonlyArray<string | string[]>): string {
  return `${paragraphs
    .map((p) => (Array.isArray(p) ? p.join('\n') : p))
    .filter((p) => p !== '')
    .join('\n\n')}\n\n-- \nPenstock (an automatic message)\n`;
}

export interface AssignmentMessageInput {
  toName: string;
  toEmail: string;
  role: ParticipantRole;
  submitterName: string;
  documentName: string;
  projectName: string;
  /** the folder the document is published to when approved */
  targetFolder: string;
  targetSuitability: string;
  /** the submitter's comment; may be empty */
  comment: string;
  /** where the person answers: the personal hub */
  hubUrl: string;
}

/** To a reviewer or approver named on a new workflow. */
export function assignmentMessage(input: AssignmentMessageInput): OutboxMessage {
  const review = input.role === 'reviewer';
  return {
    to: input.toEmail,
    subject: subjectLine(
      `${review ? 'Review' : 'Approval'} requested: ${about(input.documentName, input.projectName)}`,
    ),
    text: body([
      greeting(input.toName),
      `${input.submitterName} asks you to ${review ? 'review' : 'approve'} ${input.documentName}` +
        `${input.projectName.trim() ? ` in ${input.projectName}` : ''}.` +
        (review ? '' : ' Approvers answer once every reviewer has.'),
      details([
        ['Target folder', input.targetFolder],
        ['Target suitability', input.targetSuitability],
        ['Comment', input.comment],
      ]),
      `Open your hub to respond: ${input.hubUrl}`,
    ]),
  };
}

export interface DecisionMessageInput {
  /** the submitter */
  toName: string;
  toEmail: string;
  deciderName: string;
  decision: ReviewDecision;
  /** the decider's part in the workflow */
  role: ParticipantRole;
  documentName: string;
  projectName: string;
  /** the decider's comment; may be empty */
  comment: string;
  /** the workflow's status after this decision */
  workflowStatus: WorkflowStatus;
  hubUrl: string;
}

/** To the submitter, when a reviewer or approver answers on their submission. */
export function decisionMessage(input: DecisionMessageInput): OutboxMessage {
  const stage = input.role === 'reviewer' ? 'Review' : 'Approval';
  const verb = input.decision === 'Approved' ? 'approved' : 'rejected';
  return {
    to: input.toEmail,
    subject: subjectLine(`${stage} ${verb}: ${about(input.documentName, input.projectName)}`),
    text: body([
      greeting(input.toName),
      `${input.deciderName} (${input.role}) ${verb} your submission of ${input.documentName}` +
        `${input.projectName.trim() ? ` in ${input.projectName}` : ''}.`,
      details([
        ['Comment', input.comment],
        ['Workflow status', input.workflowStatus],
      ]),
      `See the workflow in your hub: ${input.hubUrl}`,
    ]),
  };
}

export interface WorkflowOutcomeMessageInput {
  toName: string;
  toEmail: string;
  /** the final status */
  status: Extract<WorkflowStatus, 'Approved' | 'Rejected'>;
  documentName: string;
  projectName: string;
  /** where an approved document was published; ignored for a rejection */
  targetFolder: string;
  targetSuitability: string;
  /** who made the last decision */
  deciderName: string;
  hubUrl: string;
}

/** To the workflow's people when it ends: approved (and published) or rejected. */
export function workflowOutcomeMessage(input: WorkflowOutcomeMessageInput): OutboxMessage {
  const approved = input.status === 'Approved';
  return {
    to: input.toEmail,
    subject: subjectLine(
      `Workflow ${approved ? 'approved' : 'rejected'}: ${about(input.documentName, input.projectName)}`,
    ),
    text: body([
      greeting(input.toName),
      approved
        ? `The workflow for ${input.documentName}${input.projectName.trim() ? ` in ${input.projectName}` : ''} ` +
          `is approved (last decision by ${input.deciderName}).`
        : `The workflow for ${input.documentName}${input.projectName.trim() ? ` in ${input.projectName}` : ''} ` +
          `was rejected by ${input.deciderName}.`,
      approved
        ? details([
            ['Published to', input.targetFolder],
            ['Suitability', input.targetSuitability],
          ])
        : '',
      `See the workflow in your hub: ${input.hubUrl}`,
    ]),
  };
}
