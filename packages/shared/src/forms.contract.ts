import { z } from 'zod';

/**
 * Project data and calculation forms (forms spec §2 'Project data accordion', §3 'Form config', 'Project input
 * save payload', 'Flow data', 'Report config', §4 'Forms and reports', §5, §7). The field names are the
 * spec's; the answers of getprojectinput and getcalculationdata (not shown by the spec) are Penstock's.
 */

export const FormFieldSchema = z.object({
  key: z.string().min(1, 'key is required'),
  field_alias: z.string().min(1, 'field_alias is required'),
  /** 'file' and 'select' choose the input kind; anything else is the unit shown beside the input */
  unit: z.string().default('other'),
  /** 'number_list': numbers separated by commas, spaces or semicolons (percentiles), each within min and max */
  datatype: z.enum(['string', 'number', 'integer', 'date', 'boolean', 'number_list']).default('string'),
  required: z.boolean().default(false),
  readonly: z.boolean().default(false),
  options: z.array(z.string()).default([]),
  default_value: z.union([z.string(), z.number()]).nullable().default(null),
  /** numbers: the accepted range, shown and checked */
  min: z.number().optional(),
  max: z.number().optional(),
  /** a short help text under the input */
  help: z.string().optional(),
});
export type FormField = z.output<typeof FormFieldSchema>;

export const FieldSetSchema = z.object({
  field_set_id: z.string().min(1, 'field_set_id is required'),
  field_set_alias: z.string().default(''),
  field_set_description: z.string().default(''),
  input_fields: z.array(FormFieldSchema).default([]),
  /** any one valid input of the set makes the whole set valid */
  combined_validation: z.boolean().default(false),
});
export type FieldSet = z.output<typeof FieldSetSchema>;

export const FormConfigSchema = z.object({
  form_id: z.string().min(1, 'form_id is required'),
  form_alias: z.string().min(1, 'form_alias is required'),
  /** '' or '*': every project; otherwise the one project id the form is for */
  project_id: z.string().default(''),
  /** the calculation a 'Run calculation' runs (calculation forms); '' for data-only forms */
  fmejob: z.string().default(''),
  field_sets: z.array(FieldSetSchema).default([]),
});
export type FormConfig = z.output<typeof FormConfigSchema>;

/** projectDataConfig.json and calculationsConfig.json */
export const FormsFileSchema = z.object({
  version: z.literal(1),
  forms: z.array(FormConfigSchema),
});
export type FormsFile = z.output<typeof FormsFileSchema>;

/** /config/reports/<project id without b.>/reports_config.json */
export const ReportConfigSchema = z.object({
  reports: z.array(
    z.object({
      report_id: z.string().min(1),
      report_title: z.string().min(1),
      description: z.string().default(''),
      /** the folder the PDF is stored in: a folder id (f.<uuid>) or a path such as 'Published/Reports' */
      bim360_folder_id: z.string().default(''),
      fmejob: z.string().default(''),
      schema: z.string().default(''),
    }),
  ),
  PLM_project_id: z.string().default(''),
});
export type ReportConfig = z.output<typeof ReportConfigSchema>;

// ---- calls ---------------------------------------------------------------------

/** One value of a form: the field key as category, the value as text. */
export const FormValueSchema = z.object({
  category: z.string().min(1).max(200),
  value: z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]),
});

/** The flow_data form submits {percentiles} (spec §7 'Other calls'); its hourly flows may come too. */
export const FlowDataSchema = z.object({
  percentiles: z.union([z.string().max(500), z.array(z.number())]),
  annual_hourly_flows: z
    .array(z.object({ type: z.string().max(100), values: z.array(z.number()).length(24) }))
    .max(20)
    .optional(),
});

export const SaveProjectInputSchema = z.object({
  projectid: z.string().min(1, 'projectid is required'),
  /** the form_id */
  category: z.string().min(1, 'category is required').max(200),
  fmejob: z.string().max(200).nullable().default(''),
  data: z.union([z.array(FormValueSchema).max(500), FlowDataSchema]),
  fileType: z.string().max(20).nullable().default(null),
});
export const SaveCalculationDataSchema = SaveProjectInputSchema.extend({
  userId: z.string().max(100).default(''),
});
export const ProjectIdBodySchema = z.object({ projectid: z.string().min(1, 'projectid is required') });

/** A stored value (getprojectinput, getcalculationdata): category is the field key or, for flow data, the form id. */
export interface StoredFormValue {
  form: string;
  category: string;
  value: string;
  updatedAt: string;
  updatedBy: string;
}

export const CALCULATION_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type CalculationState = (typeof CALCULATION_STATES)[number];

/** One run of a calculation: who ran what with which inputs, when, and what came out. */
export interface CalculationRun {
  id: string;
  form: string;
  fmejob: string;
  state: CalculationState;
  reason: string | null;
  inputs: Record<string, unknown>;
  results: Record<string, { label: string; value: number | string; unit: string }> | null;
  createdBy: string;
  createdByName: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface ProjectInputAnswer {
  values: StoredFormValue[];
}
export interface CalculationDataAnswer {
  values: StoredFormValue[];
  runs: CalculationRun[];
}

// ---- rules ---------------------------------------------------------------------

export type Validity = Record<string, boolean>;

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

const rangeText = (field: FormField) =>
  field.min !== undefined && field.max !== undefined
    ? ` from ${field.min} to ${field.max}`
    : field.min !== undefined
      ? ` of at least ${field.min}`
      : field.max !== undefined
        ? ` of at most ${field.max}`
        : '';

const inRange = (field: FormField, n: number) =>
  (field.min === undefined || n >= field.min) && (field.max === undefined || n <= field.max);

/** A real calendar date written yyyy-mm-dd (what a date input gives): '2026-02-30' is not one. */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/**
 * The yyyy-mm-dd form of a stored date, for a date input: dates typed before the field became a date
 * field were kept as the UK's dd/mm/yyyy (or with dots or dashes), and a date input shows those as empty.
 * Anything else comes back as it was.
 */
export function isoDateText(text: string): string {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!match) return text;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : text;
}

/**
 * Why a typed value is not valid, in the spec's style ('Markup font size ... must be numbers from 0 to
 * 100'), or null when it is valid. An empty value has no message (a required one only shows the non-valid
 * style, spec §5); file and select fields are judged by fieldValid alone.
 */
export function fieldMessage(field: FormField, value: unknown): string | null {
  if (isEmpty(value) || field.unit === 'file') return null;
  const text = String(value).trim();
  const name = field.field_alias;
  if (field.datatype === 'number' || field.datatype === 'integer') {
    const n = NUMBER_TEXT.test(text) ? Number(text) : Number.NaN;
    const kind = field.datatype === 'integer' ? 'a whole number' : 'a number';
    if (!Number.isFinite(n) || (field.datatype === 'integer' && !Number.isInteger(n)) || !inRange(field, n))
      return `${name} must be ${kind}${rangeText(field)}`;
  }
  if (field.datatype === 'number_list') {
    const entries = text.split(/[\s,;]+/).filter(Boolean);
    const ok = entries.every((entry) => NUMBER_TEXT.test(entry) && inRange(field, Number(entry)));
    if (!ok) return `${name} must be numbers${rangeText(field)}, separated by commas`;
  }
  if (field.datatype === 'date' && !isIsoDate(isoDateText(text))) return `${name} must be a valid date`;
  return null;
}

/**
 * Spec §5: a text input or select is valid when it has a value or is not required; a file field is valid
 * only once its upload answered 200; a typed value must be what its datatype says (fieldMessage).
 */
export function fieldValid(field: FormField, value: unknown, uploaded = false): boolean {
  if (field.unit === 'file') return uploaded || (!field.required && isEmpty(value));
  if (isEmpty(value)) return !field.required;
  if (fieldMessage(field, value) !== null) return false;
  if (field.unit === 'select' && field.options.length > 0) return field.options.includes(String(value));
  return true;
}

/**
 * The validity map of a form, one entry per field key; in a combined-validation set every entry is true as
 * soon as one input of the set is valid and filled.
 */
export function formValidity(
  form: FormConfig,
  values: Readonly<Record<string, unknown>>,
  uploaded: ReadonlySet<string> = new Set(),
): Validity {
  const validity: Validity = {};
  for (const set of form.field_sets) {
    const own = set.input_fields.map(
      (field) => [field.key, fieldValid(field, values[field.key], uploaded.has(field.key))] as const,
    );
    const anyFilled = set.input_fields.some(
      (field) =>
        (field.unit === 'file' ? uploaded.has(field.key) : !isEmpty(values[field.key])) &&
        fieldValid(field, values[field.key], uploaded.has(field.key)),
    );
    for (const [key, valid] of own) validity[key] = set.combined_validation ? anyFilled : valid;
  }
  return validity;
}

/** Save and Run calculation are enabled only when every entry of the validity map is true. */
export const allValid = (validity: Validity): boolean => Object.values(validity).every(Boolean);

/** The failed message with the form title inserted ('{title}' in the setting, else appended). */
export function failedMessage(template: string | undefined, title: string): string {
  const text = template?.trim() || 'Saving {title} failed';
  return text.includes('{title}') ? text.replaceAll('{title}', title) : `${text} ${title}`;
}

/** Spec §2 'Flow data': 24 hourly points, 00:00 to 23:00, y-axis top = the highest flow plus 5. */
export const FLOW_CHART_HEIGHT = 400;
export const FLOW_CHART_HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
export const flowChartYMax = (series: ReadonlyArray<{ values: readonly number[] }>): number =>
  Math.max(0, ...series.flatMap((entry) => entry.values.filter(Number.isFinite))) + 5;

/** Forms offered for a project: those for every project ('' or '*') and those naming it. */
export const formsForProject = (forms: readonly FormConfig[], projectId: string | null | undefined) =>
  forms.filter((form) => !form.project_id || form.project_id === '*' || form.project_id === projectId);
