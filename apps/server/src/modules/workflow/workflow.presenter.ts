import {
  isOverdue,
  formatDate,
  type HubWorkflow,
  type ParticipantStatus,
  type WorkflowDetail,
  type WorkflowParticipant,
  type WorkflowStatus,
} from '@penstock/shared';
import type { EventRow, ParticipantRow, WorkflowRow } from './workflow.repo.ts';

export interface WorkflowContext {
  projectNames: ReadonlyMap<string, string>;
  participants: readonly ParticipantRow[];
  /** revisions and suitabilities of the submitted and published versions, by version id */
  versions: ReadonlyMap<string, { revision: string; suitability: string }>;
  /** the asking user: their pending review or approval id is added */
  userId?: string | undefined;
  /** the UTC day overdue is measured against (today by default) */
  today?: string;
}

const presentParticipant = (row: ParticipantRow): WorkflowParticipant => ({
  id: row.id,
  userId: row.user_id,
  email: row.email,
  name: row.name,
  status: row.status as ParticipantStatus,
  comment: row.comment,
  decidedAt: row.decided_at,
});

export function presentWorkflow(row: WorkflowRow, context: WorkflowContext): HubWorkflow {
  const mine = context.participants.filter((p) => p.workflow_id === row.id);
  const pendingOf = (role: string) =>
    mine.find((p) => p.role === role && p.user_id === context.userId && p.status === 'Pending')?.id;
  const reviewId = row.status === 'In review' ? pendingOf('reviewer') : undefined;
  const approvalId = row.status === 'Awaiting approval' ? pendingOf('approver') : undefined;
  const submitted = context.versions.get(row.version_id);
  const published = row.published_version_id ? context.versions.get(row.published_version_id) : undefined;
  return {
    id: row.id,
    projectid: row.project_id,
    projectId: row.project_id,
    projectName: context.projectNames.get(row.project_id) ?? '',
    documentId: row.version_id,
    itemId: row.item_id,
    documentName: row.document_name,
    revision: submitted?.revision ?? '',
    suitability: submitted?.suitability ?? '',
    uploadFolderId: row.target_folder_id,
    uploadFolderName: row.target_folder_path,
    targetFolder: row.target_folder_path,
    targetSuitability: row.target_suitability,
    createdDate: row.created_at,
    createdByUserId: row.created_by,
    createdByName: row.created_by_name,
    createdByEmail: row.created_by_email,
    comment: row.comment,
    status: row.status as WorkflowStatus,
    reviewers: mine.filter((p) => p.role === 'reviewer').map(presentParticipant),
    approvers: mine.filter((p) => p.role === 'approver').map(presentParticipant),
    ...(reviewId ? { reviewId } : {}),
    ...(approvalId ? { approvalId } : {}),
    publishedVersionId: row.published_version_id,
    publishedRevision: published?.revision ?? null,
    dueDate: row.due_date ?? null,
    overdue: isOverdue(row.due_date, row.status, context.today ?? formatDate(new Date(), 'utc-date')),
  };
}

export const presentDetail = (
  row: WorkflowRow,
  context: WorkflowContext,
  events: readonly EventRow[],
): WorkflowDetail => ({
  ...presentWorkflow(row, context),
  history: events.map((event) => ({
    at: event.at,
    userId: event.user_id,
    userName: event.user_name,
    action: event.action,
    comment: event.comment,
  })),
});
