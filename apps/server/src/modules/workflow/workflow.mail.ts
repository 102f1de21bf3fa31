import type { HubWorkflow, ParticipantRole, ReviewDecision } from '@penstock/shared';

/** E-mails about workflows, queued after the database commit; never blocks or fails a request. */
export interface WorkflowMail {
  submitted(workflow: HubWorkflow): void;
  decided(
    workflow: HubWorkflow,
    decision: { role: ParticipantRole; deciderName: string; decision: ReviewDecision; comment: string },
  ): void;
}
