import { z } from 'zod';
import { L_S_PER_M3_D, numberField, numberFieldWithDefault, withAliases } from './inputs.ts';

/**
 * Dry weather flow, flow to full treatment and the storm overflow setting 'Formula A' (UK practice).
 *
 *   DWF       = P·G + I + E                     (m³/d)
 *   FFT       = 3·P·G + I + 3·E                 (m³/d; the '3 DWF' rule, infiltration counted once)
 *   Formula A = DWF + 1360·P + 2·E              (l/d in the original, P in heads, E in l/d)
 *
 * where P is the population served (heads), G the domestic flow per head (l/head/d), I infiltration and E
 * trade effluent (both as 24-hour averages, m³/d). Formula A's 1360 l/head/d is written here as
 * 1.36 m³/head/d so every term is in m³/d; results are also given in l/s (× 1000 / 86 400).
 *
 * SOURCES
 * - Formula A and DWF = PG + I + E: Ministry of Housing and Local Government (1970), 'Technical Committee on
 *   Storm Overflows and the Disposal of Storm Sewage — Final Report', HMSO, London.
 * - DWF = PG + I + E as used in permitting today: Environment Agency (2018), 'Calculating dry weather flow
 *   (DWF) at waste water treatment works', GOV.UK guidance, published 8 May 2018.
 * - FFT = 3PG + I + 3E: the flow to full treatment written into Environment Agency permits for treatment
 *   works receiving combined sewage; Environment Agency (2018), 'Water companies: environmental permits for
 *   storm overflows and emergency overflows', GOV.UK guidance, published 8 May 2018.
 *
 * Inputs may also arrive under the project data form's names (population_resident, per_capita_flow,
 * infiltration, trade_effluent); the canonical names win when both are given.
 *
 * Formula A and the 3 DWF rule are long-standing defaults; a permit may set other values, so a design
 * check should use the permitted figures where they differ.
 */

/** Formula A's storm allowance per head, l/head/d (MHLG 1970). */
export const FORMULA_A_L_PER_HEAD_D = 1360;

/** The project data form's names for the same inputs, used when the canonical names are missing. */
export const DWF_INPUT_ALIASES = {
  population: ['population_resident'],
  per_capita_flow_l_head_d: ['per_capita_flow'],
  infiltration_m3_d: ['infiltration'],
  trade_effluent_m3_d: ['trade_effluent'],
} as const;

const dwfFields = z.object({
  population: numberField('population', {
    unit: 'heads',
    min: 0,
    max: 10_000_000,
    integer: true,
    description: 'P — population served (heads)',
  }),
  per_capita_flow_l_head_d: numberField('per_capita_flow_l_head_d', {
    unit: 'l/head/d',
    min: 50,
    max: 500,
    description: 'G — domestic wastewater flow per head (l/head/d)',
  }),
  infiltration_m3_d: numberFieldWithDefault('infiltration_m3_d', 0, {
    unit: 'm³/d',
    min: 0,
    max: 1_000_000,
    description: 'I — infiltration (m³/d); 0 when left blank',
  }),
  trade_effluent_m3_d: numberFieldWithDefault('trade_effluent_m3_d', 0, {
    unit: 'm³/d',
    min: 0,
    max: 1_000_000,
    description: 'E — trade effluent, 24-hour average (m³/d); 0 when left blank',
  }),
});
export const dwfInputSchema = withAliases(dwfFields, DWF_INPUT_ALIASES);
export type DwfInputs = z.output<typeof dwfInputSchema>;

export interface DwfResults {
  /** Dry weather flow, m³/d */
  dwf_m3_d: number;
  /** Dry weather flow, l/s */
  dwf_l_s: number;
  /** Flow to full treatment (3PG + I + 3E), m³/d */
  fft_m3_d: number;
  /** Flow to full treatment, l/s */
  fft_l_s: number;
  /** Formula A overflow setting, m³/d */
  formula_a_m3_d: number;
  /** Formula A overflow setting, l/s */
  formula_a_l_s: number;
}

export function runDwf(inputs: DwfInputs): DwfResults {
  const { population: p, per_capita_flow_l_head_d: g, infiltration_m3_d: i, trade_effluent_m3_d: e } = inputs;
  const domestic = (p * g) / 1000; // m³/d
  const dwf = domestic + i + e;
  const fft = 3 * domestic + i + 3 * e;
  const formulaA = dwf + (FORMULA_A_L_PER_HEAD_D * p) / 1000 + 2 * e;
  return {
    dwf_m3_d: dwf,
    dwf_l_s: dwf * L_S_PER_M3_D,
    fft_m3_d: fft,
    fft_l_s: fft * L_S_PER_M3_D,
    formula_a_m3_d: formulaA,
    formula_a_l_s: formulaA * L_S_PER_M3_D,
  };
}

export const DWF_RESULT_LABELS = {
  dwf_m3_d: { label: 'Dry weather flow (DWF = PG + I + E)', unit: 'm³/d' },
  dwf_l_s: { label: 'Dry weather flow', unit: 'l/s' },
  fft_m3_d: { label: 'Flow to full treatment (3PG + I + 3E)', unit: 'm³/d' },
  fft_l_s: { label: 'Flow to full treatment', unit: 'l/s' },
  formula_a_m3_d: { label: 'Formula A overflow setting (DWF + 1360P + 2E)', unit: 'm³/d' },
  formula_a_l_s: { label: 'Formula A overflow setting', unit: 'l/s' },
} as const satisfies Record<keyof DwfResults, { label: string; unit: string }>;

export const DWF_SOURCE =
  'Ministry of Housing and Local Government (1970), Technical Committee on Storm Overflows and the Disposal of ' +
  'Storm Sewage — Final Report, HMSO (Formula A; DWF = PG + I + E). Environment Agency (2018), Calculating dry ' +
  'weather flow (DWF) at waste water treatment works, GOV.UK. FFT = 3PG + I + 3E as set in Environment Agency ' +
  'permits: Environment Agency (2018), Water companies: environmental permits for storm overflows and ' +
  'emergency overflows, GOV.UK.';
