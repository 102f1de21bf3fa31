import type { FormConfig, FormField, StoredFormValue } from '@penstock/shared';

/** The form ids with their own views (forms spec §2 'Project data accordion'). */
export const FLOW_DATA_FORM = 'flow_data';
export const SAMPLING_DATA_FORM = 'sampling_data';
export const DEFAULT_PERCENTILES = '10,50,90,95';

/** The values of one form as the inputs hold them: text per field key. */
export type Values = Record<string, string>;

export const allFields = (form: FormConfig): FormField[] =>
  form.field_sets.flatMap((set) => set.input_fields);

/** The stored values of one form (the answer of getprojectinput or getcalculationdata). */
export const storedOf = (values: readonly StoredFormValue[] | undefined, formId: string): StoredFormValue[] =>
  (values ?? []).filter((value) => !value.form || value.form === formId);

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Values start from the stored value (category === field key), else the field's default_value. */
export function initialValues(form: FormConfig, stored: readonly StoredFormValue[]): Values {
  const values: Values = {};
  for (const field of allFields(form)) {
    const found = stored.find((value) => value.category === field.key);
    values[field.key] = found ? found.value : text(field.default_value);
  }
  return values;
}

/** File fields with a stored value: their upload answered 200 when they were saved. */
export const storedUploads = (form: FormConfig, values: Values): Set<string> =>
  new Set(
    allFields(form)
      .filter((f) => f.unit === 'file' && values[f.key])
      .map((f) => f.key),
  );

/** A file field's value: '<version id>|<file name>' of the stored upload (the file name alone when unknown). */
export const fileValue = (upload: { versionId: string; fileName: string }): string =>
  upload.versionId ? `${upload.versionId}|${upload.fileName}` : upload.fileName;
export const fileNameOf = (value: string): string => value.split('|').pop() ?? value;

/** What an ordinary form submits: {category: field key, value} for every input and select. */
export const fieldsPayload = (form: FormConfig, values: Values) =>
  allFields(form).map((field) => ({ category: field.key, value: values[field.key] ?? '' }));

// ---- flow data -----------------------------------------------------------------

export interface FlowSeries {
  type: string;
  values: number[];
}
export interface FlowData {
  percentiles: string;
  annual_hourly_flows: FlowSeries[];
}

const isSeries = (entry: unknown): entry is FlowSeries =>
  typeof entry === 'object' &&
  entry !== null &&
  typeof (entry as FlowSeries).type === 'string' &&
  Array.isArray((entry as FlowSeries).values) &&
  (entry as FlowSeries).values.every((value) => typeof value === 'number');

/** The flow data stored under category === form id (JSON text); the default percentiles when none is. */
export function parseFlowData(
  stored: readonly StoredFormValue[],
  formId: string,
  defaultPercentiles = DEFAULT_PERCENTILES,
): FlowData {
  const found = stored.find((value) => value.category === formId);
  let data: unknown;
  try {
    data = found ? JSON.parse(found.value) : undefined;
  } catch {
    data = undefined;
  }
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const percentiles = Array.isArray(record.percentiles)
    ? record.percentiles.join(',')
    : typeof record.percentiles === 'string'
      ? record.percentiles
      : defaultPercentiles;
  const flows = Array.isArray(record.annual_hourly_flows) ? record.annual_hourly_flows.filter(isSeries) : [];
  return { percentiles, annual_hourly_flows: flows };
}

// ---- sampling items ------------------------------------------------------------

/** The sampling items stored under category === form id: JSON text of a list of values per item. */
export function parseSamplingRows(stored: readonly StoredFormValue[], form: FormConfig): Values[] {
  const found = stored.find((value) => value.category === form.form_id);
  let rows: unknown;
  try {
    rows = found ? JSON.parse(found.value) : undefined;
  } catch {
    rows = undefined;
  }
  if (!Array.isArray(rows)) return [initialValues(form, [])];
  return rows.map((row) => {
    const values = initialValues(form, []);
    if (typeof row === 'object' && row !== null)
      for (const [key, value] of Object.entries(row as Record<string, unknown>)) values[key] = text(value);
    return values;
  });
}

// ---- settings ------------------------------------------------------------------

/**
 * An optional text setting of generalSettings (failedMessage, calculationsFileExtension): undefined when the
 * settings do not carry it.
 */
export function settingText(settings: unknown, name: string): string | undefined {
  if (typeof settings !== 'object' || settings === null) return undefined;
  const value = (settings as Record<string, unknown>)[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The notes under a calculation form's empty fields that the server fills from the saved project data (a
 * run reads the project's data first, then the form's non-empty values): field key → note.
 */
export function projectDataFallbacks(
  form: FormConfig,
  values: Values,
  projectValues: readonly StoredFormValue[] | undefined,
): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const field of allFields(form)) {
    if ((values[field.key] ?? '').trim() !== '') continue;
    const saved = projectValues?.find((value) => value.category === field.key)?.value.trim();
    if (!saved || saved.startsWith('[') || saved.startsWith('{')) continue;
    const unit = field.unit && !['other', 'select', 'file'].includes(field.unit) ? ` ${field.unit}` : '';
    notes[field.key] = `Left empty: the saved project data is used (${saved}${unit}).`;
  }
  return notes;
}
