import { describe, expect, it } from 'vitest';
import { dwfInputSchema, runDwf } from './dwf.ts';
import { issuesReason } from './inputs.ts';

const parse = (raw: Record<string, unknown>) => dwfInputSchema.parse(raw);
const problems = (raw: Record<string, unknown>) => {
  const parsed = dwfInputSchema.safeParse(raw);
  return parsed.success ? '' : issuesReason(parsed.error);
};

describe('DWF, FFT and Formula A', () => {
  // Hand calculation (no published numeric example could be checked offline; see docs/calculations.md):
  // P = 10 000, G = 150 l/head/d, I = 300 m³/d, E = 100 m³/d.
  //   DWF = 10 000 × 150 / 1000 + 300 + 100            = 1 900 m³/d = 21.991 l/s
  //   FFT = 3 × 1 500 + 300 + 3 × 100                   = 5 100 m³/d = 59.028 l/s
  //   A   = 1 900 + 1 360 × 10 000 / 1000 + 2 × 100      = 15 700 m³/d = 181.713 l/s
  it('works a mixed domestic, infiltration and trade catchment', () => {
    const results = runDwf(
      parse({
        population: 10_000,
        per_capita_flow_l_head_d: 150,
        infiltration_m3_d: 300,
        trade_effluent_m3_d: 100,
      }),
    );
    expect(results.dwf_m3_d).toBeCloseTo(1900, 9);
    expect(results.dwf_l_s).toBeCloseTo(21.991, 3);
    expect(results.fft_m3_d).toBeCloseTo(5100, 9);
    expect(results.fft_l_s).toBeCloseTo(59.028, 3);
    expect(results.formula_a_m3_d).toBeCloseTo(15_700, 9);
    expect(results.formula_a_l_s).toBeCloseTo(181.713, 3);
  });

  // The defining relations of MHLG (1970): Formula A exceeds DWF by 1360 l/head/d plus twice the trade
  // effluent, and the 3 DWF rule triples the domestic and trade flows but not infiltration.
  it('keeps the defining relations between DWF, FFT and Formula A', () => {
    const inputs = parse({
      population: 2345,
      per_capita_flow_l_head_d: 137,
      infiltration_m3_d: 88,
      trade_effluent_m3_d: 41,
    });
    const results = runDwf(inputs);
    expect(results.formula_a_m3_d - results.dwf_m3_d).toBeCloseTo(1.36 * 2345 + 2 * 41, 9);
    expect(results.fft_m3_d).toBeCloseTo(3 * results.dwf_m3_d - 2 * 88, 9);
  });

  // Purely domestic, 180 l/head/d: DWF = 180 m³/d per 1000 heads, FFT = 540, A = 180 + 1360 = 1540 m³/d
  // (17.824 l/s), i.e. Formula A ≈ 8.6 DWF for this G.
  it('defaults infiltration and trade effluent to 0 when left blank', () => {
    const results = runDwf(
      parse({ population: '1000', per_capita_flow_l_head_d: '180', infiltration_m3_d: '' }),
    );
    expect(results.dwf_m3_d).toBeCloseTo(180, 9);
    expect(results.fft_m3_d).toBeCloseTo(540, 9);
    expect(results.formula_a_m3_d).toBeCloseTo(1540, 9);
    expect(results.formula_a_l_s).toBeCloseTo(17.824, 3);
  });

  it('accepts the edges of the valid ranges and refuses values beyond them', () => {
    const zero = runDwf(parse({ population: 0, per_capita_flow_l_head_d: 50 }));
    expect(zero).toMatchObject({ dwf_m3_d: 0, fft_m3_d: 0, formula_a_m3_d: 0 });
    const biggest = runDwf(parse({ population: 10_000_000, per_capita_flow_l_head_d: 500 }));
    expect(biggest.dwf_m3_d).toBeCloseTo(5_000_000, 6);
    expect(problems({ population: 1000, per_capita_flow_l_head_d: 49.9 })).toBe(
      'per_capita_flow_l_head_d must be between 50 and 500 l/head/d',
    );
    expect(problems({ population: 10_000_001, per_capita_flow_l_head_d: 150 })).toBe(
      'population must be between 0 and 10000000 heads',
    );
    expect(problems({ population: 1000.5, per_capita_flow_l_head_d: 150 })).toBe(
      'population must be a whole number',
    );
    expect(problems({ population: 1000, per_capita_flow_l_head_d: 150, trade_effluent_m3_d: -1 })).toBe(
      'trade_effluent_m3_d must be between 0 and 1000000 m³/d',
    );
  });

  it('treats an empty population as missing, not 0, and names unreadable numbers', () => {
    expect(problems({ population: '', per_capita_flow_l_head_d: '150' })).toBe('population is required');
    expect(problems({ population: '1,000', per_capita_flow_l_head_d: '150' })).toBe(
      "population must be a number (got '1,000')",
    );
  });

  it('reads the project data form’s names when the canonical ones are missing', () => {
    const results = runDwf(
      parse({
        population_resident: '10000',
        per_capita_flow: '150',
        infiltration: '300',
        trade_effluent: '100',
      }),
    );
    expect(results.dwf_m3_d).toBeCloseTo(1900, 9);
    // the canonical name wins
    expect(parse({ population: 5, population_resident: 7, per_capita_flow: 150 }).population).toBe(5);
  });
});
