import type { Issue, IssueComment, IssueStatus, IssueType, LinkedDocument } from '@penstock/shared';
import { issueStatusKey } from '@penstock/shared';
import type { CommentRow, IssueRow } from './issues.repo.ts';

export function presentComment(row: CommentRow): IssueComment {
  return {
    id: row.id,
    authorId: row.author_id,
    author: row.author_name,
    body: row.body,
    createdAt: row.created_at,
  };
}

export function parseLinkedDocuments(text: string): LinkedDocument[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) return [];
    // pins stored before issue 33 have no object (model version + GlobalId)
    return (parsed as LinkedDocument[]).map((link) => ({
      ...link,
      details: { ...link.details, object: link.details.object ?? null },
    }));
  } catch {
    return [];
  }
}

/** Where an issue's snapshot is served; the hash in the query changes the address when the picture does. */
export const snapshotUrl = (issueId: string, hash: string): string =>
  `/api/issues/${encodeURIComponent(issueId)}/snapshot?v=${hash.slice(0, 16)}`;

/** Flat fields for the app plus `attributes`, the tracker's raw shape, for pin code written against it. */
export function presentIssue(row: IssueRow, comments: readonly CommentRow[]): Issue {
  const type = row.type as IssueType;
  const status = row.status as IssueStatus;
  const linkedDocuments = parseLinkedDocuments(row.linked_documents);
  const first = linkedDocuments[0];
  return {
    id: row.id,
    guid: row.guid,
    projectId: row.project_id,
    type,
    status,
    statusKey: issueStatusKey(type, status),
    title: row.title,
    description: row.description,
    assigneeId: row.assignee_id,
    dueDate: row.due_date,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    comments: comments.map(presentComment),
    linkedDocuments,
    snapshot: row.snapshot_hash ? snapshotUrl(row.id, row.snapshot_hash) : null,
    attributes: {
      status,
      title: row.title,
      description: row.description,
      assigned_to: row.assignee_id,
      due_date: row.due_date,
      sheet_metadata: first ? { sheetGuid: first.details.viewableGuid } : null,
      pushpin_attributes: first
        ? {
            location: first.details.position,
            object_id: first.details.objectId,
            viewer_state: first.details.viewerState,
          }
        : null,
    },
  };
}
