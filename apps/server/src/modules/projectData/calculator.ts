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
  if (fmejob === 'flow_percentiles') return { ok: true, results: percentileResults(outcome.results) };
  for (const [key, value] of Object.entries(outcome.results)) {
    if (value === undefined || value === null) continue;
    results[key] = { label: labels[key]?.label ?? key, unit: labels[key]?.unit ?? '', value: display(value) };
  }
  return { ok: true, results };
};

interface SeriesResult {
  name: string;
  min_l_s: number;
  mean_l_s: number;
  max_l_s: number;
  percentiles: Array<{ percentile: number; flow_l_s: number }>;
}

/** One result line per series and percentile ('Average Q95'), then its minimum, mean and maximum. */
function percentileResults(raw: Record<string, unknown>): CalculationResults {
  const results: CalculationResults = {};
  const basis = raw.basis === 'exceedance' ? 'exceeded' : 'at or below';
  const round = (value: number) => Math.round(value * 100) / 100;
  for (const [index, series] of ((raw.series as SeriesResult[] | undefined) ?? []).entries()) {
    for (const entry of series.percentiles)
      results[`s${index}_p${entry.percentile}`] = {
        label: `${series.name}: ${entry.percentile} % (flow ${basis})`,
        value: round(entry.flow_l_s),
        unit: 'l/s',
      };
    results[`s${index}_min`] = {
      label: `${series.name}: minimum`,
      value: round(series.min_l_s),
      unit: 'l/s',
    };
    results[`s${index}_mean`] = { label: `${series.name}: mean`, value: round(series.mean_l_s), unit: 'l/s' };
    results[`s${index}_max`] = {
      label: `${series.name}: maximum`,
      value: round(series.max_l_s),
      unit: 'l/s',
    };
  }
  return results;
}
