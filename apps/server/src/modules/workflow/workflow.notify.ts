import type { HubWorkflow } from '@penstock/shared';
import type { Notifier } from '../../notify/mailer.ts';
import type { OutboxMessage } from '../../notify/mailer.ts';
import { assignmentMessage, decisionMessage, workflowOutcomeMessage } from '../../notify/messages.ts';
import { overdueReminderMessage, withdrawnMessage } from '../../notify/workflowChangeMessages.ts';
import type { WorkflowMail } from './workflow.mail.ts';

/**
 * Who hears what: reviewers when a document is submitted, approvers once every reviewer has answered, the
 * submitter on every decision, and everyone named when the workflow ends. The service stores the messages
 * with its change; the notifier sends in the background and retries, so a request never waits for or fails
 * on e-mail.
 */
export function workflowMail(
  notifier: Pick<Notifier, 'enabled' | 'kick'>,
  env: { publicUrl: string },
): WorkflowMail {
  const hubUrl = `${env.publicUrl}/personalHub`;
  const assign = (
    workflow: HubWorkflow,
    role: 'reviewer' | 'approver',
    people = role === 'reviewer' ? workflow.reviewers : workflow.approvers,
  ): OutboxMessage[] =>
    people.map((person) =>
      assignmentMessage({
        toName: person.name,
        toEmail: person.email,
        role,
        submitterName: workflow.createdByName,
        documentName: workflow.documentName,
        projectName: workflow.projectName,
        targetFolder: workflow.targetFolder,
        targetSuitability: workflow.targetSuitability,
        comment: workflow.comment,
        hubUrl,
      }),
    );
  /** once each (address and subject); none without SMTP settings */
  const send = (messages: OutboxMessage[]): OutboxMessage[] => {
    if (!notifier.enabled) return [];
    const seen = new Set<string>();
    return messages.filter(
      (m) => m.to.trim() && !seen.has(`${m.to}\n${m.subject}`) && seen.add(`${m.to}\n${m.subject}`),
    );
  };
  return {
    enabled: notifier.enabled,
    sendQueued: () => notifier.kick(),
    submitted: (workflow) => send(assign(workflow, 'reviewer')),
    reassigned: (workflow, person, role) => send(assign(workflow, role, [person])),
    withdrawn: (workflow, { byUserId, byName, reason }) => {
      const people = [...workflow.reviewers, ...workflow.approvers].map(({ name, email }) => ({
        name,
        email,
      }));
      if (byUserId !== workflow.createdByUserId)
        people.push({ name: workflow.createdByName, email: workflow.createdByEmail });
      return send(
        people.map((person) =>
          withdrawnMessage({
            toName: person.name,
            toEmail: person.email,
            documentName: workflow.documentName,
            projectName: workflow.projectName,
            hubUrl,
            byName,
            reason,
          }),
        ),
      );
    },
    overdue: (workflow, person, role) =>
      send([
        overdueReminderMessage({
          toName: person.name,
          toEmail: person.email,
          documentName: workflow.documentName,
          projectName: workflow.projectName,
          hubUrl,
          role,
          dueDate: workflow.dueDate ?? '',
          submitterName: workflow.createdByName,
        }),
      ]),
    decided: (workflow, decision) => {
      const messages: OutboxMessage[] = [];
      if (workflow.createdByEmail)
        messages.push(
          decisionMessage({
            toName: workflow.createdByName,
            toEmail: workflow.createdByEmail,
            deciderName: decision.deciderName,
            decision: decision.decision,
            role: decision.role,
            documentName: workflow.documentName,
            projectName: workflow.projectName,
            comment: decision.comment,
            workflowStatus: workflow.status,
            hubUrl,
          }),
        );
      if (workflow.status === 'Awaiting approval' && decision.role === 'reviewer') {
        const reviewsLeft = workflow.reviewers.some((r) => r.status === 'Pending');
        if (!reviewsLeft) messages.push(...assign(workflow, 'approver'));
      }
      if (workflow.status === 'Approved' || workflow.status === 'Rejected')
        for (const person of [...workflow.reviewers, ...workflow.approvers])
          messages.push(
            workflowOutcomeMessage({
              toName: person.name,
              toEmail: person.email,
              status: workflow.status,
              documentName: workflow.documentName,
              projectName: workflow.projectName,
              targetFolder: workflow.targetFolder,
              targetSuitability: workflow.targetSuitability,
              deciderName: decision.deciderName,
              hubUrl,
            }),
          );
      return send(messages);
    },
  };
}
