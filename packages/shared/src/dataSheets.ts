import type { FormConfig } from './forms.contract.ts';

/**
 * The Cloth Filter data sheet (forms spec §3 'Cloth filter data sheet fields', §9 constants), which the
 * earlier product left unfinished. Saved per project through saveprojectinput (category = its form id) and
 * exported as a PDF through createreport (report_id = its form id).
 */
export const CLOTH_FILTER_SHEET_ID = 'cloth_filter_datasheet';
export const CLOTH_FILTER_SHEET_TITLE = 'Cloth Filter data sheet';
/** The pump data sheet stays a placeholder (spec §2). */
export const PUMP_SHEET_PLACEHOLDER = 'This will be a Pump Data Sheet';

/** Spec §9: handover test and sampling constants. */
export const CLOTH_FILTER_CONSTANTS = {
  handoverTestMinDays: 10,
  handoverSpotSamples: 20,
  handoverBasis: 'average',
  maxWastewaterTemperatureC: 30,
  minWastewaterTemperatureC: 5,
  totalPThresholdMgL: 0.3,
  spotSamplesAboveThreshold: 10,
  spotSamplesAtOrBelowThreshold: 5,
  minBackwashesPerDay: 1,
} as const;

const num = (
  key: string,
  field_alias: string,
  unit: string,
  required = false,
  min?: number,
  max?: number,
) => ({
  key,
  field_alias,
  unit,
  datatype: 'number' as const,
  required,
  readonly: false,
  options: [],
  default_value: null,
  ...(min !== undefined ? { min } : {}),
  ...(max !== undefined ? { max } : {}),
});
const text = (key: string, field_alias: string, required = false) => ({
  key,
  field_alias,
  unit: 'other',
  datatype: 'string' as const,
  required,
  readonly: false,
  options: [],
  default_value: null,
});
const set = (
  field_set_id: string,
  field_set_alias: string,
  description: string,
  fields: FormConfig['field_sets'][number]['input_fields'],
) => ({
  field_set_id,
  field_set_alias,
  field_set_description: description,
  input_fields: fields,
  combined_validation: false,
});

export const CLOTH_FILTER_SHEET: FormConfig = {
  form_id: CLOTH_FILTER_SHEET_ID,
  form_alias: CLOTH_FILTER_SHEET_TITLE,
  project_id: '',
  fmejob: '',
  field_sets: [
    set('units', 'Tertiary treatment units', 'The cloth filter units and their model.', [
      num('units_duty', 'Duty units', 'no.', true, 1, 50),
      num('units_standby', 'Standby units', 'no.', false, 0, 50),
      text('model', 'Model', true),
    ]),
    set('flows', 'Flows', 'Design flows through the tertiary stage.', [
      num('flow_dwf', 'Dry weather flow', 'l/s', true, 0, 50000),
      num('flow_fft', 'Flow to full treatment', 'l/s', true, 0, 50000),
      num('flow_peak', 'Peak flow per unit', 'l/s', false, 0, 50000),
    ]),
    set('backwash', 'Backwash and desludge', 'Rates, frequency and duration.', [
      num('backwash_rate', 'Backwash rate', 'l/s', false, 0, 10000),
      num('backwash_frequency', 'Backwash frequency', 'per day', true, 0, 1440),
      num('backwash_duration', 'Backwash duration', 'min', false, 0, 600),
      num('desludge_rate', 'Desludge rate', 'l/s', false, 0, 10000),
      num('desludge_frequency', 'Desludge frequency', 'per day', false, 0, 1440),
      num('desludge_duration', 'Desludge duration', 'min', false, 0, 600),
    ]),
    set('chambers', 'Flash mixing and flocculation chambers', 'Hydraulic retention time and volume.', [
      num('flash_mix_hrt', 'Flash mixing HRT', 's', false, 0, 3600),
      num('flash_mix_volume', 'Flash mixing volume', 'm³', false, 0, 10000),
      num('floc_hrt', 'Flocculation HRT', 'min', false, 0, 600),
      num('floc_volume', 'Flocculation volume', 'm³', false, 0, 100000),
    ]),
    set('quality', 'Quality', 'Expected influent to the filters.', [
      num('tss_average', 'TSS average', 'mg/l', true, 0, 1000),
      num('total_p', 'Total P', 'mg/l', true, 0, 100),
      num('temperature_max', 'Wastewater temperature, maximum', '°C', false, -5, 60),
      num('temperature_min', 'Wastewater temperature, minimum', '°C', false, -5, 60),
    ]),
    set('site', 'Site', 'Where the filters stand.', [
      text('hazardous_area', 'Hazardous area classification'),
      text('site_location', 'Site location'),
    ]),
    set(
      'remarks',
      'Remarks',
      'Numbered remarks printed on the sheet.',
      Array.from({ length: 8 }, (_, i) => text(`remark_${i + 1}`, `Remark ${i + 1}`)),
    ),
  ],
};

export interface ClothFilterDerived {
  /** spot samples for the handover test: 10 when total P is above 0.3 mg/l, else 5 */
  spotSamples: number;
  handoverTest: string;
  temperatures: { maxC: number; minC: number };
  /** problems a reviewer should see before issuing the sheet */
  warnings: string[];
}

const numberOf = (value: unknown): number | undefined => {
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/** The sheet's rules (spec §9) applied to its values. */
export function clothFilterDerived(values: Readonly<Record<string, unknown>>): ClothFilterDerived {
  const c = CLOTH_FILTER_CONSTANTS;
  const totalP = numberOf(values.total_p);
  const warnings: string[] = [];
  const backwash = numberOf(values.backwash_frequency);
  if (backwash !== undefined && backwash < c.minBackwashesPerDay)
    warnings.push(`Backwash at least ${c.minBackwashesPerDay} time a day (entered ${backwash})`);
  const maxC = numberOf(values.temperature_max) ?? c.maxWastewaterTemperatureC;
  const minC = numberOf(values.temperature_min) ?? c.minWastewaterTemperatureC;
  if (minC > maxC) warnings.push('The minimum wastewater temperature is above the maximum');
  return {
    spotSamples:
      totalP !== undefined && totalP > c.totalPThresholdMgL
        ? c.spotSamplesAboveThreshold
        : c.spotSamplesAtOrBelowThreshold,
    handoverTest: `TSS over at least ${c.handoverTestMinDays} days, ${c.handoverSpotSamples} spot samples, judged on the ${c.handoverBasis}`,
    temperatures: { maxC, minC },
    warnings,
  };
}
