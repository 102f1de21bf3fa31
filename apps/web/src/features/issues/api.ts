import type {
  BcfExportVersion,
  BcfImportAnswer,
  Issue,
  IssueComment,
  IssueStatus,
  IssueType,
  LinkedDocument,
  ProjectUser,
} from '@penstock/shared';
import { ApiError, apiFetch } from '../../base/api.ts';

/** The issues API (docs/api.md 'Issues, project users, markups and BCF'). */

export const ISSUES_LOAD_ERROR = 'Error, cannot get issues from API';
export const NOT_A_MEMBER_TEXT = 'You are not a member of this project.';

export interface IssueFilters {
  status?: IssueStatus | '' | undefined;
  type?: IssueType | '' | undefined;
  documentId?: string | undefined;
}

export interface NewIssue {
  projectId: string;
  title: string;
  type?: IssueType;
  description?: string;
  assigneeId?: string | null;
  dueDate?: string | null;
  linkedDocuments?: LinkedDocument[];
  /** the view's picture, a PNG data URL (at most MAX_ISSUE_SNAPSHOT_BYTES), or null */
  snapshot?: string | null;
}

export type IssueChanges = Partial<
  Pick<Issue, 'type' | 'status' | 'title' | 'description' | 'assigneeId' | 'dueDate'>
>;

export const issuesKey = (projectId: string, filters: IssueFilters = {}) =>
  ['issues', projectId, filters.status ?? '', filters.type ?? '', filters.documentId ?? ''] as const;
export const issueKey = (id: string) => ['issue', id] as const;

export function issuesUrl(projectId: string, filters: IssueFilters = {}): string {
  const query = new URLSearchParams({ projectid: projectId });
  if (filters.status) query.set('status', filters.status);
  if (filters.type) query.set('type', filters.type);
  if (filters.documentId) query.set('documentId', filters.documentId);
  return `/api/issues?${query.toString()}`;
}

export const fetchIssues = (projectId: string, filters?: IssueFilters): Promise<Issue[]> =>
  apiFetch<Issue[]>(issuesUrl(projectId, filters));

export const fetchIssue = (id: string): Promise<Issue> =>
  apiFetch<Issue>(`/api/issues/${encodeURIComponent(id)}`);

export const createIssue = (body: NewIssue): Promise<Issue> =>
  apiFetch<Issue>('/api/issues', { method: 'POST', json: body });

export const updateIssue = (id: string, changes: IssueChanges): Promise<Issue> =>
  apiFetch<Issue>(`/api/issues/${encodeURIComponent(id)}`, { method: 'PATCH', json: changes });

export const addComment = (id: string, body: string): Promise<IssueComment> =>
  apiFetch<IssueComment>(`/api/issues/${encodeURIComponent(id)}/comments`, {
    method: 'POST',
    json: { body },
  });

// a project's users are the projects feature's (the workflow's reviewers are them too)
export { fetchProjectUsers, projectUsersKey } from '../projects/api.ts';

export { BCF_EXPORT_VERSIONS, type BcfExportVersion, type BcfSkippedTopic } from '@penstock/shared';

/** GET (export, with `version` unless it is the default 3.0) and POST (import) of a project's BCF file. */
export const bcfUrl = (projectId: string, version: BcfExportVersion = '3.0') =>
  `/api/issues/bcf?projectid=${encodeURIComponent(projectId)}${version === '3.0' ? '' : `&version=${version}`}`;

/** POST /api/issues/bcf's answer (the shared contract). */
export type BcfImportResult = BcfImportAnswer;

/** Upload a .bcf file (multipart, one file field); throws an ApiError with the server's message. */
export async function importBcf(projectId: string, file: File): Promise<BcfImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(bcfUrl(projectId), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 0);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON
  }
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
        ? body.error
        : `The server answered ${response.status}`;
    throw new ApiError(message, response.status);
  }
  return body as BcfImportResult;
}

/** 'first last - {email}' (the spec's user list label). */
export const userLabel = (user: ProjectUser): string =>
  `${[user.firstName, user.lastName].filter(Boolean).join(' ')} - ${user.email}`;

/** The API answers 404 to anyone outside the project. */
export const isNotMember = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** An issue's link in the project log. */
export const issueHref = (projectId: string, issueId: string) =>
  `/projectLog?projectId=${encodeURIComponent(projectId)}&issue=${encodeURIComponent(issueId)}`;
