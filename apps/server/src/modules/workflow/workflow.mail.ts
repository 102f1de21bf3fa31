import type { HubWorkflow, ParticipantRole, ReviewDecision, WorkflowParticipant } from '@penstock/shared';
import type { OutboxMessage } from '../../notify/outbox.repo.ts';

/**
 * E-mails about workflows. The service writes them to the outbox in the transaction of the change they
 * report (a crash keeps both or neither), then `sendQueued` starts sending; never blocks or fails a request
 * on sending. Without SMTP settings there are none.
 */
export interface WorkflowMail {
  /** whether e-mail is on (SMTP settings given): reminders are only looked for then */
  readonly enabled: boolean;
  submitted(workflow: HubWorkflow): OutboxMessage[];
  decided(
    workflow: HubWorkflow,
    decision: { role: ParticipantRole; deciderName: string; decision: ReviewDecision; comment: string },
  ): OutboxMessage[];
  /** to everyone named on it (and its submitter, when someone else withdrew it), when it is withdrawn */
  withdrawn(
    workflow: HubWorkflow,
    change: { byUserId: string; byName: string; reason: string },
  ): OutboxMessage[];
  /** to the person who replaced someone who had not answered */
  reassigned(workflow: HubWorkflow, person: WorkflowParticipant, role: ParticipantRole): OutboxMessage[];
  /** the daily reminder to someone who has not answered an overdue workflow */
  overdue(workflow: HubWorkflow, person: WorkflowParticipant, role: ParticipantRole): OutboxMessage[];
  /** after the commit: sends what was queued, in the background */
  sendQueued(): void;
}
