import {
  ReportConfigSchema,
  type CalculationDataAnswer,
  type CalculationRun,
  type ProjectInputAnswer,
  type ReportConfig,
  type StoredFormValue,
} from '@penstock/shared';
import { ApiError, apiFetch, apiSend } from '../../base/api.ts';

/**
 * The calls of the Project data, Calculations and Reports panels (forms spec §7): saving and reading project
 * input and calculation data, file upload for file fields, report creation and the per-project report config.
 */

export type FormKind = 'input' | 'calculation';

export const projectInputKey = (projectId: string) => ['projectInput', projectId] as const;
export const calculationDataKey = (projectId: string) => ['calculationData', projectId] as const;
export const reportConfigKey = (projectId: string) => ['reportConfig', projectId] as const;
export const formHistoryKey = (projectId: string, kind: FormKind, form: string) =>
  ['formHistory', projectId, kind, form] as const;

/** What a form submits: a list of {category, value} or, for flow_data, the flow data itself. */
export type SubmitData =
  | { category: string; value: string }[]
  | { percentiles: string; annual_hourly_flows?: { type: string; values: number[] }[] };

export interface SaveBody {
  projectid: string;
  /** the form_id */
  category: string;
  fmejob: string;
  data: SubmitData;
  fileType: string | null;
}
export interface SaveCalculationBody extends SaveBody {
  userId: string;
}
export interface SaveAnswer {
  saved: number;
  run?: CalculationRun;
}

export const fetchProjectInput = (projectid: string) =>
  apiFetch<ProjectInputAnswer>('/api/getprojectinput', { method: 'POST', json: { projectid } });

export const fetchCalculationData = (projectid: string) =>
  apiFetch<CalculationDataAnswer>('/api/getcalculationdata', { method: 'POST', json: { projectid } });

export const saveProjectInput = (body: SaveBody) =>
  apiFetch<SaveAnswer>('/api/saveprojectinput', { method: 'POST', json: body });

/** With fmejob set the server runs the calculation: 200 with the run, 422 {error: reason, run} when it failed. */
export const saveCalculationData = (body: SaveCalculationBody) =>
  apiFetch<SaveAnswer>('/api/savecalculationdata', { method: 'POST', json: body });

export interface UploadedFile {
  fileName: string;
  versionId: string;
}

/** POST /api/uploadfile (multipart file, ProjectId, Key): a file field is valid once this answered 200. */
export async function uploadFormFile(projectId: string, key: string, file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('ProjectId', projectId);
  form.append('Key', key);
  const response = await apiSend('/api/uploadfile', { method: 'POST', form });
  if (response.status !== 200) throw new ApiError(`The server answered ${response.status}`, response.status);
  const body = (await response.json().catch(() => ({}))) as Partial<UploadedFile>;
  return { fileName: body.fileName ?? file.name, versionId: body.versionId ?? '' };
}

// ---- reports -------------------------------------------------------------------

/** The report config's address: the project id without its 'b.' prefix (core spec §7). */
export const reportConfigUrl = (projectId: string) =>
  `/config/reports/${encodeURIComponent(projectId.replace(/^b\./, ''))}/reports_config.json`;

/** The project's report config, fetched without credentials; null (404) when it has no reports. */
export async function fetchReportConfig(projectId: string): Promise<ReportConfig | null> {
  let response: Response;
  try {
    response = await fetch(reportConfigUrl(projectId), {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 0);
  }
  if (response.status === 404) return null;
  if (!response.ok) {
    throw new ApiError(`The report configuration could not be loaded (${response.status}).`, response.status);
  }
  const parsed = ReportConfigSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError('reports_config.json is not a valid report configuration.', 0);
  return parsed.data;
}

export interface CreateReportBody {
  userId: string;
  projectid: string;
  report_id: string;
  report_name: string;
  bim360_folder_id: string;
  fileType: 'pdf';
  fmejob: string;
  schema: string;
  PLM_project_id: string;
  /** Penstock's addition: the model (version or item id) whose asset register the report prints */
  modelId?: string;
}
export interface CreatedReport {
  itemId: string;
  versionId: string;
  fileName: string;
  folderPath: string;
  /** ISO 19650 codes of the stored version (shown on the report's viewer tab) */
  revision?: string;
  suitability?: string;
}

export const createReport = (body: CreateReportBody) =>
  apiFetch<CreatedReport>('/api/createreport', { method: 'POST', json: body });

// ---- history of a form ---------------------------------------------------------

export interface FormHistoryEntry {
  id?: string;
  at: string;
  by: string;
  values: StoredFormValue[];
}

const historyBase = (kind: FormKind) => (kind === 'input' ? '/api/projectinput' : '/api/calculationdata');

/** The earlier saves of one form, newest first. */
export const fetchFormHistory = (kind: FormKind, projectid: string, form: string) =>
  apiFetch<FormHistoryEntry[]>(`${historyBase(kind)}/history`, { method: 'POST', json: { projectid, form } });

/** Saves an earlier entry's values again (the current ones go to the history first). */
export const restoreFormHistory = (
  kind: FormKind,
  projectid: string,
  form: string,
  entry: FormHistoryEntry,
) =>
  apiSend(`${historyBase(kind)}/restore`, {
    method: 'POST',
    json: { projectid, form, at: entry.at, ...(entry.id ? { id: entry.id } : {}) },
  }).then(() => undefined);
