import {
  CALCULATIONS,
  calculationInputs,
  formatSignificant,
  isCalculationId,
  type CalculationRun,
  type FormConfig,
  type FormField,
  type StoredFormValue,
} from '@penstock/shared';
import type { ReportCalculation, ReportForm, ReportValue } from './reportModel.ts';

/**
 * The printed sections of the project data and calculations report, from what is stored: pure functions, so
 * what a report says is decided here and the PDF engine only lays it out.
 */

export const SAMPLING_FORM = 'sampling_data';
const FLOW_FORM = 'flow_data';

/** A field's unit as printed: the input kinds 'file', 'select' and 'other' are no units. */
const unitOf = (field: FormField): Pick<ReportValue, 'unit'> =>
  field.unit === 'file' || field.unit === 'select' || field.unit === 'other' || !field.unit
    ? {}
    : { unit: field.unit };

/** A file field stores '<version id>|<file name>': the name is what a reader wants. */
const printed = (field: FormField, value: string) =>
  field.unit === 'file' ? value.split('|').pop()! : value;

const fieldsOf = (form: FormConfig) => form.field_sets.flatMap((set) => set.input_fields);

/** The sampling items (stored as one JSON list under the form id), each field as 'Sample n – <label>'. */
function samplingFields(form: FormConfig, stored: string | undefined): ReportValue[] {
  let items: unknown;
  try {
    items = JSON.parse(stored ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown, index) => {
    if (item === null || typeof item !== 'object') return [];
    const values = item as Record<string, unknown>;
    return fieldsOf(form)
      .filter((field) => String(values[field.key] ?? '').trim() !== '')
      .map((field) => ({
        label: `Sample ${index + 1} – ${field.field_alias}`,
        value: printed(field, String(values[field.key])),
        ...unitOf(field),
      }));
  });
}

/** The Project data section: one table per form with its saved values; sampling items listed one by one. */
export function projectDataForms(
  forms: readonly FormConfig[],
  values: readonly StoredFormValue[],
): ReportForm[] {
  const valueOf = (key: string) => values.find((value) => value.category === key)?.value ?? '';
  return forms
    .filter((form) => form.form_id !== FLOW_FORM)
    .map((form) => ({
      form: form.form_alias,
      fields:
        form.form_id === SAMPLING_FORM
          ? samplingFields(form, values.find((value) => value.category === SAMPLING_FORM)?.value)
          : fieldsOf(form)
              .filter((field) => valueOf(field.key) !== '')
              .map((field) => ({
                label: field.field_alias,
                value: printed(field, valueOf(field.key)),
                ...unitOf(field),
              })),
    }))
    .filter((form) => form.fields.length > 0);
}

/** The latest successful run of each calculation, each with only its own inputs and its results to 4 s.f. */
export function calculationSections(runs: readonly CalculationRun[]): ReportCalculation[] {
  const latest = new Map<string, CalculationRun>();
  for (const run of runs) if (run.state === 'done' && !latest.has(run.fmejob)) latest.set(run.fmejob, run);
  return [...latest.values()].map((run) => {
    const definition = isCalculationId(run.fmejob) ? CALCULATIONS[run.fmejob] : undefined;
    return {
      title: definition?.title ?? run.fmejob,
      source: definition?.source ?? '',
      ...(definition?.description ? { formula: definition.description } : {}),
      inputs: calculationInputs(run.fmejob, run.inputs).map(({ label, value, unit }) => ({
        label,
        value,
        unit,
      })),
      results: Object.values(run.results ?? {}).map((result) => ({
        label: result.label,
        value: formatSignificant(result.value),
        unit: result.unit,
      })),
      ranBy: run.createdByName,
      ranAt: run.finishedAt ?? run.createdAt,
    };
  });
}
