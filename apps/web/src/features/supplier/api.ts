import type {
  SdcFormValues,
  SdcRegister,
  SdcReviewInput,
  SdcStatus,
  SdcSubmissionDetail,
  SdcSubmissionSummary,
  SupplierZoneSettings,
} from '@penstock/shared';
import { apiFetch } from '../../base/api.ts';

export const supplierSettingsKey = ['supplier', 'settings'] as const;
export const supplierRegisterKey = ['supplier', 'register'] as const;
export const submissionsKey = (status: SdcStatus | 'All') => ['supplier', 'submissions', status] as const;
export const submissionKey = (id: string) => ['supplier', 'submission', id] as const;

/** GET /api/getsdcdata: the register, keyed by id (approved records only). */
export const fetchSdcRegister = (): Promise<SdcRegister> => apiFetch('/api/getsdcdata');

/** The files of a form: one logo, and the track-record documents. */
export interface SdcFiles {
  logo: File | null;
  documents: File[];
}

/**
 * POST /api/savesdcdata (spec §7): multipart with Attachments (each file), Logo (file) and Data (JSON of
 * the form's values without files).
 */
export function submitSdcForm(values: SdcFormValues, files: SdcFiles): Promise<unknown> {
  const form = new FormData();
  for (const file of files.documents) form.append('Attachments', file, file.name);
  if (files.logo) form.append('Logo', files.logo, files.logo.name);
  form.append('Data', JSON.stringify(values));
  return apiFetch('/api/savesdcdata', { method: 'POST', form });
}

export const fetchSupplierSettings = (): Promise<SupplierZoneSettings> => apiFetch('/api/supplier/settings');

export const saveSupplierSettings = (settings: SupplierZoneSettings): Promise<SupplierZoneSettings> =>
  apiFetch('/api/supplier/settings', { method: 'PUT', json: settings });

export const fetchSubmissions = (status: SdcStatus | 'All'): Promise<SdcSubmissionSummary[]> =>
  apiFetch(`/api/supplier/submissions${status === 'All' ? '' : `?status=${status}`}`);

export const fetchSubmission = (id: string): Promise<SdcSubmissionDetail> =>
  apiFetch(`/api/supplier/submissions/${encodeURIComponent(id)}`);

export const reviewSubmission = (id: string, input: SdcReviewInput): Promise<SdcSubmissionDetail> =>
  apiFetch(`/api/supplier/submissions/${encodeURIComponent(id)}/review`, { method: 'POST', json: input });
