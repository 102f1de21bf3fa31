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

export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};
