import type {
  IssueTransmittalBody,
  SharedTransmittal,
  Transmittal,
  TransmittalAccessEntry,
  TransmittalPurpose,
  TransmittalRegister,
  TransmittalSummary,
  WorkflowStructure,
} from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

/** The transmittal calls (docs/api.md 'Transmittals'). */
export const transmittalKeys = {
  all: ['transmittals'] as const,
  mine: ['transmittals', 'mine'] as const,
  one: (id: string) => ['transmittals', 'one', id] as const,
  shared: (token: string) => ['transmittals', 'shared', token] as const,
};

const q = (value: string) => encodeURIComponent(value);

export const fetchMine = (): Promise<{ received: TransmittalSummary[]; sent: TransmittalSummary[] }> =>
  apiFetch('/api/me/transmittals');
export const fetchTransmittal = (id: string): Promise<Transmittal> => apiFetch(`/api/transmittals/${q(id)}`);
export const acknowledgeTransmittal = (id: string): Promise<Transmittal> =>
  apiFetch(`/api/transmittals/${q(id)}/acknowledge`, { method: 'POST' });

/** The response as multipart: decision, comment and an optional attachment. */
export function responseForm(decision: string, comment: string, attachment: File | null): FormData {
  const form = new FormData();
  form.append('decision', decision);
  form.append('comment', comment);
  if (attachment) form.append('attachment', attachment);
  return form;
}

export const respondToTransmittal = (id: string, form: FormData): Promise<Transmittal> =>
  apiFetch(`/api/transmittals/${q(id)}/response`, { method: 'POST', form });

// ---- an outside recipient's link (no session)
const sharedUrl = (token: string) => `/api/shared/transmittals/${q(token)}`;
export const fetchShared = (token: string): Promise<SharedTransmittal> => apiFetch(sharedUrl(token));
export const sharedFileUrl = (token: string, versionId: string) =>
  `${sharedUrl(token)}/files/${q(versionId)}`;
export const sharedZipUrl = (token: string) => `${sharedUrl(token)}/zip`;
export const acknowledgeShared = (token: string): Promise<SharedTransmittal> =>
  apiFetch(`${sharedUrl(token)}/acknowledge`, { method: 'POST' });
export const respondShared = (token: string, form: FormData): Promise<SharedTransmittal> =>
  apiFetch(`${sharedUrl(token)}/response`, { method: 'POST', form });

// ---- issuing, the project's register and the sender's controls
export const purposesKey = (projectId: string) => ['transmittals', 'purposes', projectId] as const;
export const registerKey = (projectId: string) => ['transmittals', 'register', projectId] as const;
export const accessLogKey = (id: string) => ['transmittals', 'accessLog', id] as const;

const projectUrl = (projectId: string) => `/api/projects/${q(projectId)}`;

export const fetchPurposes = (projectId: string): Promise<TransmittalPurpose[]> =>
  apiFetch(`${projectUrl(projectId)}/transmittal-purposes`);

export interface IssuedTransmittal {
  transmittal: Transmittal;
  links: Array<{ email: string; url: string }>;
}
export const issueTransmittal = (projectId: string, body: IssueTransmittalBody): Promise<IssuedTransmittal> =>
  apiFetch(`${projectUrl(projectId)}/transmittals`, { method: 'POST', json: body });

export type ProjectRegister = TransmittalRegister & { all: TransmittalSummary[] };
export const fetchRegister = (projectId: string): Promise<ProjectRegister> =>
  apiFetch(`${projectUrl(projectId)}/transmittals`);
export const registerXlsxUrl = (projectId: string) => `${projectUrl(projectId)}/transmittals/register.xlsx`;

export const revokeLink = (id: string, recipientId: string): Promise<Transmittal> =>
  apiFetch(`/api/transmittals/${q(id)}/recipients/${q(recipientId)}/revoke`, { method: 'POST' });
export const fetchAccessLog = (id: string): Promise<TransmittalAccessEntry[]> =>
  apiFetch(`/api/transmittals/${q(id)}/access-log`);

/**
 * The project's folders and files (GET /api/workflow/structure), for choosing the documents to issue: the
 * Workflow panel's own query (the same key, so one cache), asked here without importing that feature.
 */
export const structureKey = (projectId: string) => ['workflowStructure', projectId] as const;
export const fetchStructure = (projectId: string): Promise<WorkflowStructure> =>
  apiFetch<WorkflowStructure>(`/api/workflow/structure?projectId=${encodeURIComponent(projectId)}`);
