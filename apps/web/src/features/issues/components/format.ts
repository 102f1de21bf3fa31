import type { Issue, IssueStatus, ProjectUser } from '@penstock/shared';
import { userLabel } from '../api.ts';

export const STATUS_LABELS: Record<IssueStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
  void: 'Void',
};

export const statusVariant = (status: IssueStatus): string =>
  status === 'open' ? 'primary' : status === 'answered' ? 'info' : status === 'closed' ? 'secondary' : 'dark';

export const assigneeName = (issue: Issue, users: readonly ProjectUser[] | undefined): string => {
  if (!issue.assigneeId) return '';
  const user = users?.find((candidate) => candidate.autodeskId === issue.assigneeId);
  return user ? userLabel(user) : issue.assigneeId;
};

/**
 * A comment's text for the list. A BCF comment that only pointed at a viewpoint is imported as
 * '(viewpoint)' or '(viewpoint 2 of 3)' (docs/api.md); a comment is never shown empty.
 */
export const commentText = (body: string): { text: string; placeholder: boolean } => {
  const text = body.trim();
  if (!text) return { text: '(no text)', placeholder: true };
  return { text, placeholder: /^\(viewpoint( \d+ of \d+)?\)$/.test(text) };
};
