import { describe, expect, it } from 'vitest';
import { flowPercentilesInputSchema, percentile, runFlowPercentiles } from './flowPercentiles.ts';
import { issuesReason } from './inputs.ts';

const run = (raw: Record<string, unknown>) => runFlowPercentiles(flowPercentilesInputSchema.parse(raw));
const problems = (raw: Record<string, unknown>) => {
  const parsed = flowPercentilesInputSchema.safeParse(raw);
  return parsed.success ? '' : issuesReason(parsed.error);
};
/** 1, 2, … 24 l/s, shuffled so sorting matters. */
const day = Array.from({ length: 24 }, (_, hour) => ((hour * 7) % 24) + 1);

describe('percentile by linear interpolation between closest ranks', () => {
  // Microsoft, 'PERCENTILE.INC function' (Excel documentation): =PERCENTILE.INC({1,3,2,4}, 0.3) = 1.9.
  it('matches Excel’s published PERCENTILE.INC example', () => {
    expect(percentile([1, 3, 2, 4], 30)).toBeCloseTo(1.9, 12);
  });

  // NumPy documentation, numpy.percentile: a = [[10, 7, 4], [3, 2, 1]], np.percentile(a, 50) = 3.5.
  it('matches NumPy’s published default-method example', () => {
    expect(percentile([10, 7, 4, 3, 2, 1], 50)).toBe(3.5);
  });

  it('gives the minimum at 0 and the maximum at 100', () => {
    expect(percentile([5, 1, 9], 0)).toBe(1);
    expect(percentile([5, 1, 9], 100)).toBe(9);
    expect(percentile([7], 42)).toBe(7);
  });
});

describe('flow percentiles calculation', () => {
  // By hand for 1 … 24 l/s: h = 23 p / 100; p10 → h = 2.3 → 3.3; p50 → 11.5 → 12.5; p90 → 20.7 → 21.7;
  // p95 → 21.85 → 22.85.
  it('works a day of 24 hourly flows with the default percentiles', () => {
    const results = run({ flows_l_s: day });
    expect(results.basis).toBe('non_exceedance');
    const [series] = results.series;
    expect(series).toMatchObject({ name: 'flows_l_s', count: 24, min_l_s: 1, max_l_s: 24, mean_l_s: 12.5 });
    expect(series?.percentiles.map((row) => row.percentile)).toEqual([10, 50, 90, 95]);
    const flows = series?.percentiles.map((row) => row.flow_l_s) ?? [];
    [3.3, 12.5, 21.7, 22.85].forEach((expected, index) => expect(flows[index]).toBeCloseTo(expected, 10));
  });

  // Exceedance basis: Q95 (flow exceeded 95 % of the time) is the 5th non-exceedance percentile:
  // h = 23 × 0.05 = 1.15 → 2.15 l/s.
  it('reads percentiles as exceedance when asked (Q95 is a low flow)', () => {
    const results = run({ flows_l_s: day.join(', '), percentiles: '95', basis: 'exceedance' });
    expect(results.series[0]?.percentiles[0]).toEqual({
      percentile: 95,
      non_exceedance_percentile: 5,
      flow_l_s: 2.15,
    });
  });

  // A year of 8760 hourly values 0, 1, … 8759: the p-th percentile is h = 8759 p / 100 itself.
  it('works a year of 8760 values and a leap year of 8784', () => {
    const year = Array.from({ length: 8760 }, (_, hour) => 8759 - hour);
    const rows = run({ flows_l_s: year, percentiles: [0, 50, 95, 100] }).series[0]?.percentiles ?? [];
    expect(rows.map((row) => row.flow_l_s)).toEqual([0, 4379.5, expect.closeTo(8321.05, 9), 8759]);
    const leap = Array.from({ length: 8784 }, (_, hour) => hour % 100);
    expect(run({ flows_l_s: leap }).series[0]?.count).toBe(8784);
  });

  it('takes the flow data form’s named series, or its stored answer', () => {
    const annual = [
      { type: 'Weekday', values: day },
      { type: '', values: day.map((flow) => flow * 2) },
    ];
    const results = run({ annual_hourly_flows: annual, percentiles: [50] });
    expect(results.series.map((entry) => [entry.name, entry.percentiles[0]?.flow_l_s])).toEqual([
      ['Weekday', 12.5],
      ['Series 2', 25],
    ]);
    const stored = JSON.stringify({ percentiles: '50', annual_hourly_flows: annual });
    expect(run({ flow_data: stored }).series[1]?.percentiles[0]?.flow_l_s).toBe(25);
    // the form's own percentiles win over the stored ones
    expect(
      run({ flow_data: { percentiles: '50', annual_hourly_flows: annual }, percentiles: '0' }).series[0]
        ?.percentiles[0]?.flow_l_s,
    ).toBe(1);
  });

  it('refuses series of the wrong length, negative flows and percentiles outside 0–100', () => {
    expect(problems({ flows_l_s: day.slice(1) })).toBe(
      'flows_l_s must hold 24 hourly values (one day) or 8760 (one year; 8784 in a leap year), not 23',
    );
    expect(problems({ flows_l_s: [...day.slice(1), -1] })).toBe(
      'every value in flows_l_s must be between 0 and 1000000 l/s',
    );
    expect(problems({ flows_l_s: day, percentiles: '50, 101' })).toBe(
      'every value in percentiles must be between 0 and 100',
    );
    expect(problems({ flows_l_s: day, percentiles: '50, abc' })).toBe(
      "percentiles must hold only numbers (got 'abc')",
    );
    expect(problems({})).toBe(
      'Give hourly flows: flows_l_s (one series) or annual_hourly_flows (named series)',
    );
    expect(problems({ flows_l_s: day, basis: 'sideways' })).toBe(
      "basis must be 'non_exceedance' or 'exceedance'",
    );
  });
});
