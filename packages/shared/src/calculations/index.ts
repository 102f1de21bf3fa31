import type { z } from 'zod';
import { DWF_RESULT_LABELS, DWF_SOURCE, dwfInputSchema, runDwf } from './dwf.ts';
import {
  COLEBROOK_WHITE_RESULT_LABELS,
  COLEBROOK_WHITE_SOURCE,
  HAZEN_WILLIAMS_RESULT_LABELS,
  HAZEN_WILLIAMS_SOURCE,
  colebrookWhiteInputSchema,
  hazenWilliamsInputSchema,
  runColebrookWhite,
  runHazenWilliams,
} from './headLoss.ts';
import {
  TANK_VOLUME_RESULT_LABELS,
  TANK_VOLUME_SOURCE,
  runTankVolume,
  tankVolumeInputSchema,
} from './tankVolume.ts';
import {
  PUMP_POWER_RESULT_LABELS,
  PUMP_POWER_SOURCE,
  pumpPowerInputSchema,
  runPumpPower,
} from './pumpPower.ts';
import {
  FLOW_PERCENTILES_RESULT_LABELS,
  FLOW_PERCENTILES_SOURCE,
  flowPercentilesInputSchema,
  runFlowPercentiles,
} from './flowPercentiles.ts';
import { issuesReason } from './inputs.ts';

/**
 * The engineering calculations the server runs as jobs, keyed by the spec's `fmejob` id. Each is pure: a zod
 * schema for its inputs (coercing form text, enforcing ranges with messages naming the field), a `run` that
 * returns results with units in their names, labels for showing them, and its source. See
 * docs/calculations.md for the formulae, ranges and worked examples.
 */

export interface ResultLabel {
  label: string;
  /** '' for dimensionless or text results */
  unit: string;
}

export interface CalculationDefinition<Inputs, Results> {
  /** The fmejob id */
  id: string;
  title: string;
  description: string;
  /** The standard, paper or textbook the formula comes from */
  source: string;
  inputSchema: z.ZodType<Inputs>;
  run: (inputs: Inputs) => Results;
  resultLabels: { readonly [Key in keyof Results]: ResultLabel };
}

const define = <Inputs, Results>(definition: CalculationDefinition<Inputs, Results>) => definition;

export const CALCULATIONS = {
  dwf_formula_a: define({
    id: 'dwf_formula_a',
    title: 'Dry weather flow, flow to full treatment and Formula A',
    description:
      'DWF = PG + I + E, FFT = 3PG + I + 3E and the storm overflow setting Formula A = DWF + 1360P + 2E, ' +
      'in m³/d and l/s.',
    source: DWF_SOURCE,
    inputSchema: dwfInputSchema,
    run: runDwf,
    resultLabels: DWF_RESULT_LABELS,
  }),
  head_loss_colebrook_white: define({
    id: 'head_loss_colebrook_white',
    title: 'Pipe friction head loss (Darcy–Weisbach, Colebrook–White)',
    description:
      'Friction factor by Colebrook–White solved iteratively (f = 64/Re in laminar flow), with the explicit ' +
      'Swamee–Jain value for comparison; velocity, Reynolds number, head loss and hydraulic gradient.',
    source: COLEBROOK_WHITE_SOURCE,
    inputSchema: colebrookWhiteInputSchema,
    run: runColebrookWhite,
    resultLabels: COLEBROOK_WHITE_RESULT_LABELS,
  }),
  head_loss_hazen_williams: define({
    id: 'head_loss_hazen_williams',
    title: 'Pipe friction head loss (Hazen–Williams)',
    description:
      'hf = 10.67 L Q^1.852 / (C^1.852 D^4.87) for water; velocity, head loss and hydraulic gradient.',
    source: HAZEN_WILLIAMS_SOURCE,
    inputSchema: hazenWilliamsInputSchema,
    run: runHazenWilliams,
    resultLabels: HAZEN_WILLIAMS_RESULT_LABELS,
  }),
  tank_volume_hrt: define({
    id: 'tank_volume_hrt',
    title: 'Tank volume and hydraulic retention time',
    description:
      'Volume of a rectangular or circular tank at its working depth, HRT = V/Q in hours for a flow in l/s, ' +
      'and the volume (and depth) needed for a target HRT.',
    source: TANK_VOLUME_SOURCE,
    inputSchema: tankVolumeInputSchema,
    run: runTankVolume,
    resultLabels: TANK_VOLUME_RESULT_LABELS,
  }),
  pump_power: define({
    id: 'pump_power',
    title: 'Pump duty power',
    description:
      'Hydraulic power ρgQH, pump shaft power (÷ pump efficiency) and motor input power (÷ motor efficiency), kW.',
    source: PUMP_POWER_SOURCE,
    inputSchema: pumpPowerInputSchema,
    run: runPumpPower,
    resultLabels: PUMP_POWER_RESULT_LABELS,
  }),
  flow_percentiles: define({
    id: 'flow_percentiles',
    title: 'Flow percentiles from hourly flows',
    description:
      'Percentiles of 24 or 8760 hourly flows by linear interpolation between closest ranks (Excel ' +
      'PERCENTILE.INC), on a non-exceedance or exceedance basis.',
    source: FLOW_PERCENTILES_SOURCE,
    inputSchema: flowPercentilesInputSchema,
    run: runFlowPercentiles,
    resultLabels: FLOW_PERCENTILES_RESULT_LABELS,
  }),
};

export type CalculationId = keyof typeof CALCULATIONS;
export const CALCULATION_IDS = Object.keys(CALCULATIONS) as CalculationId[];

export const isCalculationId = (fmejob: unknown): fmejob is CalculationId =>
  typeof fmejob === 'string' && Object.hasOwn(CALCULATIONS, fmejob);

export type CalculationOutcome<Id extends string = CalculationId> =
  | { ok: true; fmejob: Id; inputs: Record<string, unknown>; results: Record<string, unknown> }
  | { ok: false; reason: string };

/** The path of the first number in a result that is NaN or infinite, or null when all are finite. */
function firstNonFinite(value: unknown, path: string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstNonFinite(item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = firstNonFinite(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Validates raw inputs with a calculation's schema and runs it. Never throws: invalid inputs (the zod
 * messages joined by '; '), a non-finite result or an unexpected error come back as `{ ok: false, reason }`.
 */
export function executeCalculation<Inputs, Results>(
  calculation: CalculationDefinition<Inputs, Results>,
  rawInputs: unknown,
): CalculationOutcome<string> {
  if (!isPlainObject(rawInputs)) return { ok: false, reason: 'Inputs must be an object of named values' };
  try {
    const parsed = calculation.inputSchema.safeParse(rawInputs);
    if (!parsed.success) return { ok: false, reason: issuesReason(parsed.error) };
    const results = calculation.run(parsed.data);
    const nonFinite = firstNonFinite(results, '');
    if (nonFinite)
      return {
        ok: false,
        reason: `The calculation gave a result that is not a finite number (${nonFinite}); check the inputs`,
      };
    return {
      ok: true,
      fmejob: calculation.id,
      inputs: parsed.data as Record<string, unknown>,
      results: results as Record<string, unknown>,
    };
  } catch (error) {
    return {
      ok: false,
      reason: `Calculation '${calculation.id}' failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/**
 * Runs the calculation named by `fmejob` on raw inputs (numbers or form text). Never throws: an unknown
 * fmejob gives `Unknown calculation '<fmejob>'`; otherwise see {@link executeCalculation}.
 */
export function runCalculation(fmejob: string, rawInputs: Record<string, unknown>): CalculationOutcome {
  if (!isCalculationId(fmejob)) return { ok: false, reason: `Unknown calculation '${String(fmejob)}'` };
  // Each definition's schema produces exactly what its own run accepts (checked by define above).
  const calculation = CALCULATIONS[fmejob] as unknown as CalculationDefinition<unknown, unknown>;
  return executeCalculation(calculation, rawInputs) as CalculationOutcome;
}

export * from './inputs.ts';
export * from './dwf.ts';
export * from './headLoss.ts';
export * from './tankVolume.ts';
export * from './pumpPower.ts';
export * from './flowPercentiles.ts';
export * from './format.ts';
export * from './inputLabels.ts';
