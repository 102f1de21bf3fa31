import { CALCULATIONS, isCalculationId, type CalculationId } from './index.ts';

/**
 * The inputs each calculation reads, with the label and unit to print them under. A run records the whole
 * project's data beside the form's values (the server passes both, and the calculation ignores names it does
 * not know), so anything that shows a run's inputs (the PDF report) lists these and no others.
 */
export interface CalculationInputLabel {
  key: string;
  label: string;
  /** '' for dimensionless or text inputs */
  unit: string;
  /** how the parsed value prints when it is not a plain number or text */
  show?: (value: unknown) => string;
}

const pipe: CalculationInputLabel[] = [
  { key: 'flow_l_s', label: 'Flow (Q)', unit: 'l/s' },
  { key: 'diameter_mm', label: 'Internal diameter (D)', unit: 'mm' },
  { key: 'length_m', label: 'Length (L)', unit: 'm' },
  { key: 'kinematic_viscosity_m2_s', label: 'Kinematic viscosity (ν)', unit: 'm²/s' },
];

/** An efficiency is parsed to a fraction: it prints as the percentage the form takes. */
const percent = (value: unknown) =>
  typeof value === 'number' ? String(Math.round(value * 100_000) / 1000) : String(value);

const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value));

const series = (value: unknown) =>
  Array.isArray(value)
    ? value
        .map((entry: { type?: unknown; values?: unknown }) => {
          const count = Array.isArray(entry?.values) ? entry.values.length : 0;
          return `${typeof entry?.type === 'string' && entry.type ? entry.type : 'Flow'} (${count} hourly values)`;
        })
        .join(', ')
    : String(value);

export const CALCULATION_INPUTS: Readonly<Record<CalculationId, readonly CalculationInputLabel[]>> = {
  dwf_formula_a: [
    { key: 'population', label: 'Population (P)', unit: 'heads' },
    { key: 'per_capita_flow_l_head_d', label: 'Per-capita flow (G)', unit: 'l/head/d' },
    { key: 'infiltration_m3_d', label: 'Infiltration (I)', unit: 'm³/d' },
    { key: 'trade_effluent_m3_d', label: 'Trade effluent (E)', unit: 'm³/d' },
  ],
  head_loss_colebrook_white: [...pipe, { key: 'roughness_ks_mm', label: 'Roughness (ks)', unit: 'mm' }],
  head_loss_hazen_williams: [...pipe, { key: 'hazen_williams_c', label: 'Hazen–Williams C', unit: '' }],
  tank_volume_hrt: [
    { key: 'shape', label: 'Shape', unit: '' },
    { key: 'length_m', label: 'Length (L)', unit: 'm' },
    { key: 'width_m', label: 'Width (W)', unit: 'm' },
    { key: 'diameter_m', label: 'Diameter (D)', unit: 'm' },
    { key: 'depth_m', label: 'Working depth (d)', unit: 'm' },
    { key: 'flow_l_s', label: 'Flow (q)', unit: 'l/s' },
    { key: 'target_hrt_h', label: 'Target retention time', unit: 'h' },
  ],
  pump_power: [
    { key: 'flow_l_s', label: 'Flow (Q)', unit: 'l/s' },
    { key: 'total_head_m', label: 'Total head (H)', unit: 'm' },
    { key: 'pump_efficiency', label: 'Pump efficiency', unit: '%', show: percent },
    { key: 'motor_efficiency', label: 'Motor efficiency', unit: '%', show: percent },
    { key: 'density_kg_m3', label: 'Density (ρ)', unit: 'kg/m³' },
  ],
  flow_percentiles: [
    { key: 'percentiles', label: 'Percentiles', unit: '%', show: list },
    { key: 'basis', label: 'Basis', unit: '' },
    { key: 'flows_l_s', label: 'Hourly flows', unit: 'l/s', show: (value) => series([{ values: value }]) },
    { key: 'annual_hourly_flows', label: 'Annual hourly flows', unit: 'l/s', show: series },
  ],
};

export interface ShownInput {
  key: string;
  label: string;
  value: string;
  unit: string;
}

const plain = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The inputs a run of `fmejob` used, labelled, in the calculation's order: the recorded inputs read again
 * with the calculation's own schema, so aliases, defaults and the flow data it lifts are shown as they went
 * in. Inputs that no longer parse show the recorded values of the calculation's own keys; an unknown
 * calculation shows none (its keys are unknown).
 */
export function calculationInputs(fmejob: string, recorded: Record<string, unknown>): ShownInput[] {
  if (!isCalculationId(fmejob)) return [];
  const parsed = CALCULATIONS[fmejob].inputSchema.safeParse(recorded);
  const values = parsed.success ? (parsed.data as Record<string, unknown>) : recorded;
  const shown: ShownInput[] = [];
  for (const input of CALCULATION_INPUTS[fmejob]) {
    const value = values[input.key];
    if (value === undefined || value === null || value === '') continue;
    if (!input.show && !plain(value)) continue;
    shown.push({
      key: input.key,
      label: input.label,
      value: input.show ? input.show(value) : String(value),
      unit: input.unit,
    });
  }
  return shown;
}
