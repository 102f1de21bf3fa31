import { CALCULATIONS, isCalculationId, runCalculation, type CalculationRun } from '@penstock/shared';

export type CalculationResults = NonNullable<CalculationRun['results']>;
export type Calculator = (
  fmejob: string,
  inputs: Record<string, unknown>,
) => { ok: true; results: CalculationResults } | { ok: false; reason: string };

const display = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : JSON.stringify(value);

/** Runs a calculation of packages/shared/src/calculations and labels its results for the forms and reports. */
export const calculate: Calculator = (fmejob, inputs) => {
  const outcome = runCalculation(fmejob, inputs);
  if (!outcome.ok) return outcome;
  const labels = isCalculationId(fmejob)
    ? (CALCULATIONS[fmejob].resultLabels as Record<string, { label: string; unit: string }>)
    : {};
  const results: CalculationResults = {};
  for (const [key, value] of Object.entries(outcome.results)) {
    if (value === undefined || value === null) continue;
    results[key] = { label: labels[key]?.label ?? key, unit: labels[key]?.unit ?? '', value: display(value) };
  }
  return { ok: true, results };
};
