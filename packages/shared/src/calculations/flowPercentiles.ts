import { z } from 'zod';
import { coerceChoice, coerceNumberList, coerceText } from './inputs.ts';

/**
 * Flow percentiles from series of hourly flows.
 *
 * METHOD (linear interpolation between closest ranks; Hyndman and Fan's definition 7, the same as Excel
 * PERCENTILE.INC, NumPy's default 'linear' method and R's default type 7): sort the n flows ascending as
 * x[0] ≤ … ≤ x[n−1]; for a percentile p (0 to 100) take h = (n − 1) · p / 100, then
 *
 *   Q_p = x[⌊h⌋] + (h − ⌊h⌋) · (x[⌊h⌋ + 1] − x[⌊h⌋])
 *
 * so p = 0 gives the minimum, p = 100 the maximum and p = 50 the median.
 *
 * BASIS: by default p is a non-exceedance percentile — p % of the hours have a flow at or below Q_p.
 * Hydrologists' Qn is the flow *exceeded* n % of the time (Q95 is a low flow); with basis 'exceedance' the
 * percentile entered is read that way, i.e. Qn = the (100 − n)th non-exceedance percentile.
 *
 * SERIES: each series is one day of 24 hourly flows or one year of 8760 (8784 in a leap year), in l/s and
 * not negative. They come as `annual_hourly_flows` (the flow data form's list of `{ type, values }`, up to
 * 20 series), or as one series `flows_l_s` (a list, or text separated by commas, spaces or new lines). When
 * neither is given at the top level, the flow data form's stored answer `flow_data: { annual_hourly_flows,
 * percentiles }` is read instead.
 *
 * SOURCE: Hyndman, R. J. and Fan, Y. (1996), 'Sample quantiles in statistical packages', The American
 * Statistician 50(4), 361–365, definition 7; Microsoft, 'PERCENTILE.INC function' (Excel documentation).
 */

export const HOURLY_SERIES_LENGTHS = [24, 8760, 8784] as const;
export const MAX_FLOW_SERIES = 20;
export const PERCENTILE_BASES = ['non_exceedance', 'exceedance'] as const;
export type PercentileBasis = (typeof PERCENTILE_BASES)[number];
export const DEFAULT_PERCENTILES: readonly number[] = [10, 50, 90, 95];

const listItem = (name: string, min: number, max: number, unit: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? `${name} has an empty entry`
          : `${name} must hold only numbers (got '${String(issue.input)}')`,
    })
    .gte(min, `every value in ${name} must be between ${min} and ${max}${unit}`)
    .lte(max, `every value in ${name} must be between ${min} and ${max}${unit}`);

const lengthMessage = (name: string, length: number) =>
  `${name} must hold 24 hourly values (one day) or 8760 (one year; 8784 in a leap year), not ${length}`;

/** One series of hourly flows in l/s: 24, 8760 or 8784 values. */
const hourlySeries = (name: string) =>
  z.preprocess(
    coerceNumberList,
    z
      .array(listItem(name, 0, 1_000_000, ' l/s'), { error: `${name} must be a list of hourly flows in l/s` })
      .refine((flows) => (HOURLY_SERIES_LENGTHS as readonly number[]).includes(flows.length), {
        error: (issue) => lengthMessage(name, Array.isArray(issue.input) ? issue.input.length : 0),
      }),
  );

const namedSeries = z.object({
  type: z.preprocess(coerceText, z.string().max(100).optional()),
  values: hourlySeries('annual_hourly_flows values'),
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** Reads the flow data form's stored answer ({ annual_hourly_flows, percentiles }) when the top level lacks them. */
function liftFlowData(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  let flowData: unknown = raw.flow_data;
  if (typeof flowData === 'string') {
    try {
      flowData = JSON.parse(flowData);
    } catch {
      return raw;
    }
  }
  if (!isRecord(flowData)) return raw;
  const lifted = { ...raw };
  if (isBlank(raw.annual_hourly_flows) && isBlank(raw.flows_l_s))
    lifted.annual_hourly_flows = flowData.annual_hourly_flows;
  if (isBlank(raw.percentiles)) lifted.percentiles = flowData.percentiles;
  return lifted;
}

export const flowPercentilesInputSchema = z.preprocess(
  liftFlowData,
  z
    .object({
      flows_l_s: z
        .preprocess((value) => (isBlank(value) ? undefined : value), hourlySeries('flows_l_s').optional())
        .describe('One series of hourly flows (l/s): 24 values (a day) or 8760 / 8784 (a year)'),
      annual_hourly_flows: z
        .array(namedSeries, { error: 'annual_hourly_flows must be a list of { type, values } series' })
        .max(MAX_FLOW_SERIES, `annual_hourly_flows may hold at most ${MAX_FLOW_SERIES} series`)
        .optional()
        .describe('Named series of hourly flows (l/s) as the flow data form sends them: [{ type, values }]'),
      percentiles: z
        .preprocess(
          coerceNumberList,
          z
            .array(listItem('percentiles', 0, 100, ''), {
              error: 'percentiles must be a list of numbers between 0 and 100',
            })
            .min(1, 'percentiles must hold at least one value')
            .max(50, 'percentiles may hold at most 50 values')
            .default(() => [...DEFAULT_PERCENTILES]),
        )
        .describe('Percentiles to report, each 0 to 100; 10, 50, 90, 95 when left blank'),
      basis: z
        .preprocess(
          coerceChoice,
          z
            .enum(PERCENTILE_BASES, { error: "basis must be 'non_exceedance' or 'exceedance'" })
            .default('non_exceedance'),
        )
        .describe(
          "'non_exceedance' (default): p % of hours at or below; 'exceedance': flow exceeded p % of the time",
        ),
    })
    .refine((inputs) => inputs.flows_l_s !== undefined || (inputs.annual_hourly_flows ?? []).length > 0, {
      message: 'Give hourly flows: flows_l_s (one series) or annual_hourly_flows (named series)',
      path: ['flows_l_s'],
    }),
);
export type FlowPercentilesInputs = z.output<typeof flowPercentilesInputSchema>;

/**
 * The p-th percentile (0–100) of values already sorted ascending, by linear interpolation between closest
 * ranks (Hyndman and Fan definition 7; Excel PERCENTILE.INC).
 */
export function percentileOfSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = ((sorted.length - 1) * p) / 100;
  const lower = Math.floor(h);
  const upper = Math.min(lower + 1, sorted.length - 1);
  const low = sorted[lower] ?? Number.NaN;
  const high = sorted[upper] ?? Number.NaN;
  return low + (h - lower) * (high - low);
}

/** The p-th percentile (0–100) of unsorted values; see {@link percentileOfSorted}. */
export const percentile = (values: readonly number[], p: number) =>
  percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );

export interface FlowPercentileRow {
  /** The percentile as entered */
  percentile: number;
  /** The non-exceedance percentile actually taken (100 − p on an exceedance basis) */
  non_exceedance_percentile: number;
  flow_l_s: number;
}

export interface FlowSeriesPercentiles {
  /** The series' type as sent, 'Series n' without one, or 'flows_l_s' */
  name: string;
  count: number;
  min_l_s: number;
  mean_l_s: number;
  max_l_s: number;
  percentiles: FlowPercentileRow[];
}

export interface FlowPercentilesResults {
  basis: PercentileBasis;
  series: FlowSeriesPercentiles[];
}

function seriesPercentiles(
  name: string,
  flows: readonly number[],
  percentiles: readonly number[],
  basis: PercentileBasis,
): FlowSeriesPercentiles {
  const sorted = [...flows].sort((a, b) => a - b);
  const total = sorted.reduce((sum, flow) => sum + flow, 0);
  return {
    name,
    count: sorted.length,
    min_l_s: sorted[0] ?? Number.NaN,
    mean_l_s: total / sorted.length,
    max_l_s: sorted[sorted.length - 1] ?? Number.NaN,
    percentiles: percentiles.map((p) => {
      const nonExceedance = basis === 'exceedance' ? 100 - p : p;
      return {
        percentile: p,
        non_exceedance_percentile: nonExceedance,
        flow_l_s: percentileOfSorted(sorted, nonExceedance),
      };
    }),
  };
}

export function runFlowPercentiles(inputs: FlowPercentilesInputs): FlowPercentilesResults {
  const series = [
    ...(inputs.flows_l_s === undefined ? [] : [{ name: 'flows_l_s', values: inputs.flows_l_s }]),
    ...(inputs.annual_hourly_flows ?? []).map((entry, index) => ({
      name: entry.type || `Series ${index + 1}`,
      values: entry.values,
    })),
  ];
  return {
    basis: inputs.basis,
    series: series.map((entry) =>
      seriesPercentiles(entry.name, entry.values, inputs.percentiles, inputs.basis),
    ),
  };
}

export const FLOW_PERCENTILES_RESULT_LABELS = {
  basis: { label: 'Percentile basis', unit: '' },
  series: { label: 'Flow at each percentile, with minimum, mean and maximum, per series', unit: 'l/s' },
} as const satisfies Record<keyof FlowPercentilesResults, { label: string; unit: string }>;

export const FLOW_PERCENTILES_SOURCE =
  'Linear interpolation between closest ranks: Hyndman, R. J. and Fan, Y. (1996), Sample quantiles in ' +
  'statistical packages, The American Statistician 50(4), 361–365, definition 7 (Excel PERCENTILE.INC, NumPy ' +
  "default 'linear').";
