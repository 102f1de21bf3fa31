import {
  DSEAR_EXPORT_FILE_NAME,
  dsearAttachmentsUrl,
  dsearExportUrl,
  type DsearAttachment,
  type DsearEntry,
  type DsearEntryInput,
  type DsearFilters,
  type DsearListEntry,
  type DsearPeople,
  type DsearSdm,
} from '@penstock/shared';
import { apiFetch, apiSend, type ApiOptions } from '../../base/api.ts';

/** A register line: the entry, and whether the signed-in user may open that project. */
/** A line of the register: the full entry where the user has access, else the register's columns only. */
export type DsearRegisterEntry = DsearListEntry;

/** What the form sends to saveOrCreate: the whole entry (the server sets date, tmRag and approvals). */
export type DsearDraft = Omit<DsearEntryInput, 'id' | 'sdms' | 'tmRag' | 'date'> & {
  id?: string;
  sdms: Pick<DsearSdm, 'email'>[];
};

export const dsearRegisterKey = ['dsear', 'register'] as const;
export const dsearEntryKey = (projectName: string) => ['dsear', 'entry', projectName] as const;
export const dsearPeopleKey = ['dsear', 'people'] as const;
export const dsearPendingKey = (email: string) => ['dsear', 'pending', email] as const;

/** POST with the spec's form-encoded body: one field, formData, holding JSON. */
const postForm = <T>(url: string, payload: unknown): Promise<T> =>
  apiFetch<T>(url, {
    method: 'POST',
    body: new URLSearchParams({ formData: JSON.stringify(payload) }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  } as ApiOptions);

/** GET /api/dsear: every register entry. */
export const fetchRegister = (): Promise<DsearRegisterEntry[]> => apiFetch('/api/dsear');

/** POST /api/dsear/get {projectName}: the project's entry with its history, or null when there is none. */
export async function fetchEntry(projectName: string): Promise<DsearEntry | null> {
  const entry = await postForm<DsearEntry | null | undefined>('/api/dsear/get', { projectName });
  return entry && typeof entry === 'object' && 'id' in entry ? entry : null;
}

/** POST /api/dsear/saveOrCreate: the whole entry; no id creates, an id updates. */
export const saveEntry = (draft: DsearDraft): Promise<DsearEntry> =>
  postForm<DsearEntry>('/api/dsear/saveOrCreate', draft);

/** POST /api/dsear/approve {dsearId, email}. */
export const approveEntry = (dsearId: string, email: string): Promise<DsearEntry> =>
  postForm<DsearEntry>('/api/dsear/approve', { dsearId, email });

/** GET /api/dsear/pendingApproval?email=: entries waiting for this senior design manager. */
export const fetchPendingApproval = (email: string): Promise<DsearListEntry[]> =>
  apiFetch(`/api/dsear/pendingApproval?email=${encodeURIComponent(email)}`);

/** GET /api/dsear/people: who may be picked as senior design manager, checker/lead engineer, practitioner. */
export const fetchPeople = (): Promise<DsearPeople> => apiFetch('/api/dsear/people');

export const dsearAttachmentsKey = (dsearId: string) => ['dsear', 'attachments', dsearId] as const;

/** GET /api/dsear/{id}/attachments: the files attached to an entry. */
export const fetchAttachments = (dsearId: string): Promise<DsearAttachment[]> =>
  apiFetch(dsearAttachmentsUrl(dsearId));

/** POST /api/dsear/{id}/attachments: one file, stored in the project's WIP/DSEAR folder. */
export function uploadAttachment(dsearId: string, file: File): Promise<DsearAttachment> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<DsearAttachment>(dsearAttachmentsUrl(dsearId), { method: 'POST', form });
}

/** GET /api/dsear/export with the register's filters: the workbook and its file name. */
export async function exportRegister(filters: DsearFilters): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiSend(dsearExportUrl(filters), { headers: { Accept: '*/*' } });
  return { blob: await response.blob(), fileName: DSEAR_EXPORT_FILE_NAME };
}
