import type { MarkupItem, MarkupRecord, ProjectUser } from '@penstock/shared';

export type { ProjectUser };
import { apiFetch, type ApiOptions } from '../../base/api.ts';

/** The reviewer picker's label: 'first last - {email}'. */
export const userLabel = (user: ProjectUser): string =>
  `${`${user.firstName} ${user.lastName}`.trim()} - ${user.email}`;

/** One drawing of a markup record as it is sent (the server gives it its id). */
export type MarkupItemDraft = Omit<MarkupItem, 'markupId'>;

/** The markup record sent to saveMarkup (the server fills in the id, author and dates). */
export type MarkupDraft = Omit<MarkupRecord, 'id' | 'markupData'> & { markupData: MarkupItemDraft[] };

export const markupsKey = (projectId: string, documentId: string) =>
  ['markups', projectId, documentId] as const;
export const projectUsersKey = (projectId: string) => ['projectUsers', projectId] as const;

const multipart = (value: unknown): FormData => {
  const body = new FormData();
  body.append('formData', JSON.stringify(value));
  return body;
};

/** apiFetch with a body of its own (form data); the app's helper otherwise only sends JSON */
const post = <T>(url: string, body: BodyInit, headers?: Record<string, string>): Promise<T> =>
  apiFetch<T>(url, { method: 'POST', body, ...(headers ? { headers } : {}) } as ApiOptions);

/** POST /api/markups/getMarkups, form-encoded field formData = {projectId, documentId}. */
export const fetchMarkups = (projectId: string, documentId: string): Promise<MarkupRecord[]> =>
  post<MarkupRecord[]>(
    '/api/markups/getMarkups',
    new URLSearchParams({ formData: JSON.stringify({ projectId, documentId }) }),
    { 'Content-Type': 'application/x-www-form-urlencoded' },
  );

/** POST /api/markups/saveMarkup, multipart field formData = the markup record. */
export const saveMarkup = (record: MarkupDraft): Promise<MarkupRecord> =>
  post<MarkupRecord>('/api/markups/saveMarkup', multipart(record));

/** POST /api/markups/updateMarkup, multipart field formData = the changed markup. */
export const updateMarkup = (
  change: { id: string } & Partial<Pick<MarkupRecord, 'title' | 'createdFor' | 'actioned'>>,
): Promise<MarkupRecord> => post<MarkupRecord>('/api/markups/updateMarkup', multipart(change));

/** GET /api/forge/bim360/Users?projectid= → the project's members. */
export async function fetchProjectUsers(projectId: string): Promise<ProjectUser[]> {
  const answer = await apiFetch<{ data?: { results?: ProjectUser[] } }>(
    `/api/forge/bim360/Users?projectid=${encodeURIComponent(projectId)}`,
  );
  return answer.data?.results ?? [];
}
