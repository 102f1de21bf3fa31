import type { HubWorkflow, ParticipantRole, ReviewDecision } from '@penstock/shared';
import type { OutboxMessage } from '../../notify/outbox.repo.ts';

/**
 * E-mails about workflows. The service writes them to the outbox in the transaction of the change they
 * report (a crash keeps both or neither), then `sendQueued` starts sending; never blocks or fails a request
 * on sending. Without SMTP settings there are none.
 */
export interface WorkflowMail {
  submitted(workflow: HubWorkflow): OutboxMessage[];
  decided(
    workflow: HubWorkflow,
    decision: { role: ParticipantRole; deciderName: string; decision: ReviewDecision; comment: string },
  ): OutboxMessage[];
  /** after the commit: sends what was queued, in the background */
  sendQueued(): void;
}
