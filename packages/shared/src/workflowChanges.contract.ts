import { z } from 'zod';
import { isIsoDay } from './issues.contract.ts';

/**
 * Changes to a workflow after it was submitted (issue 31): withdrawing it, replacing a reviewer or approver
 * who has not answered, and its due date. Penstock's additions to the forms spec's calls, in their style:
 * POST /api/workflow/{id}/withdraw {reason}, POST /api/workflow/{id}/reassign {from, to}.
 */

export const WORKFLOW_WITHDRAWN = 'Workflow has been withdrawn';
export const WORKFLOW_REASSIGNED = 'Workflow has been updated';

/** In review or awaiting approval: the only states a workflow can be withdrawn or changed in. */
export const isOpenWorkflow = (status: string): boolean =>
  status === 'In review' || status === 'Awaiting approval';

/** Open after its due day has passed. */
export const isOverdue = (dueDate: string | null | undefined, status: string, today: string): boolean =>
  !!dueDate && isOpenWorkflow(status) && dueDate < today;

/** Why a submission's due date is refused, or null: it may be missing, else today or later. */
export const dueDateProblem = (dueDate: string | null | undefined, today: string): string | null =>
  !dueDate
    ? null
    : !isIsoDay(dueDate)
      ? 'The due date must be a date (YYYY-MM-DD)'
      : dueDate < today
        ? 'The due date cannot be in the past'
        : null;

/** POST /api/workflow/{id}/withdraw */
export const WorkflowWithdrawSchema = z.object({
  reason: z
    .string({ message: 'Give a reason for withdrawing the workflow' })
    .trim()
    .min(1, 'Give a reason for withdrawing the workflow')
    .max(2000, 'The reason can have at most 2000 characters'),
});
export type WorkflowWithdraw = z.input<typeof WorkflowWithdrawSchema>;

/**
 * POST /api/workflow/{id}/reassign: `from` is the review or approval id (or the user id) of the person who
 * has not answered; `to` a project member's user id or the pickers' option value.
 */
export const WorkflowReassignSchema = z.object({
  from: z
    .string({ message: 'from is required' })
    .trim()
    .min(1, 'from is required')
    .max(100, 'from is too long'),
  to: z
    .string({ message: 'to is required' })
    .trim()
    .min(1, 'Choose the new person')
    .max(600, 'to is too long'),
});
export type WorkflowReassign = z.input<typeof WorkflowReassignSchema>;

/** URL parameter of the calls on one workflow. */
export const WorkflowIdParams = z.object({
  id: z.string().min(1, 'The workflow id is required').max(100, 'The workflow id is too long'),
});

/** GET /api/workflow/document?projectId=&itemId=: the document's open workflow, if any. */
export const WorkflowDocumentQuery = z.object({
  projectId: z.string({ message: 'Query parameter projectId is required' }).min(1).max(100),
  itemId: z.string({ message: 'Query parameter itemId is required' }).min(1).max(100),
});
