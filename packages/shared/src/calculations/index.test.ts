import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALCULATIONS, CALCULATION_IDS, executeCalculation, runCalculation } from './index.ts';

/** One valid set of inputs per calculation, as a form would send them (text). */
const SAMPLES: Record<string, Record<string, unknown>> = {
  dwf_formula_a: { population: '10000', per_capita_flow_l_head_d: '150', infiltration_m3_d: '300' },
  head_loss_colebrook_white: {
    flow_l_s: '12.5',
    diameter_mm: '150',
    length_m: '100',
    roughness_ks_mm: '0.03',
  },
  head_loss_hazen_williams: {
    flow_l_s: '12.5',
    diameter_mm: '150',
    length_m: '100',
    hazen_williams_c: '130',
  },
  tank_volume_hrt: { shape: 'circular', diameter_m: '12', depth_m: '3', flow_l_s: '20' },
  pump_power: { flow_l_s: '100', total_head_m: '25', pump_efficiency: '75' },
  flow_percentiles: { flows_l_s: Array.from({ length: 24 }, (_, hour) => String(hour + 1)).join('\n') },
};

describe('calculation registry', () => {
  it('holds the six fmejob ids, each under its own id with a source and a label for every result', () => {
    expect(CALCULATION_IDS).toEqual([
      'dwf_formula_a',
      'head_loss_colebrook_white',
      'head_loss_hazen_williams',
      'tank_volume_hrt',
      'pump_power',
      'flow_percentiles',
    ]);
    for (const id of CALCULATION_IDS) {
      const calculation = CALCULATIONS[id];
      expect(calculation.id).toBe(id);
      expect(calculation.title).not.toBe('');
      expect(calculation.source.length).toBeGreaterThan(40);
      const outcome = runCalculation(id, SAMPLES[id] ?? {});
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
      if (outcome.ok)
        expect(Object.keys(calculation.resultLabels).sort()).toEqual(Object.keys(outcome.results).sort());
    }
  });

  it('refuses an unknown fmejob by name, including names inherited from Object', () => {
    expect(runCalculation('xyz', {})).toEqual({ ok: false, reason: "Unknown calculation 'xyz'" });
    expect(runCalculation('toString', {})).toEqual({ ok: false, reason: "Unknown calculation 'toString'" });
    expect(runCalculation('__proto__', {})).toEqual({ ok: false, reason: "Unknown calculation '__proto__'" });
  });

  it('coerces form text, applies defaults and returns the parsed inputs', () => {
    const outcome = runCalculation('head_loss_colebrook_white', {
      ...SAMPLES.head_loss_colebrook_white,
      kinematic_viscosity_m2_s: '',
      unrelated_field: 'ignored',
    });
    expect(outcome).toMatchObject({
      ok: true,
      fmejob: 'head_loss_colebrook_white',
      inputs: {
        flow_l_s: 12.5,
        diameter_mm: 150,
        length_m: 100,
        roughness_ks_mm: 0.03,
        kinematic_viscosity_m2_s: 1.31e-6,
      },
    });
    if (outcome.ok) expect(outcome.inputs).not.toHaveProperty('unrelated_field');
  });

  it('joins the input problems into one reason; empty text is missing, not 0', () => {
    expect(runCalculation('dwf_formula_a', { population: '', per_capita_flow_l_head_d: '600' })).toEqual({
      ok: false,
      reason: 'population is required; per_capita_flow_l_head_d must be between 50 and 500 l/head/d',
    });
    expect(runCalculation('pump_power', null as unknown as Record<string, unknown>)).toEqual({
      ok: false,
      reason: 'Inputs must be an object of named values',
    });
  });

  it('turns non-finite results and thrown errors into reasons instead of throwing', () => {
    const base = {
      id: 'test',
      title: 'Test',
      description: '',
      source: '',
      inputSchema: z.object({ x: z.number() }),
    };
    const nonFinite = executeCalculation(
      {
        ...base,
        run: ({ x }) => ({ rows: [{ value: x / 0 }] }),
        resultLabels: { rows: { label: 'Rows', unit: '' } },
      },
      { x: 1 },
    );
    expect(nonFinite).toEqual({
      ok: false,
      reason: 'The calculation gave a result that is not a finite number (rows[0].value); check the inputs',
    });
    const throwing = executeCalculation(
      {
        ...base,
        run: (): { y: number } => {
          throw new Error('boom');
        },
        resultLabels: { y: { label: 'Y', unit: '' } },
      },
      { x: 1 },
    );
    expect(throwing).toEqual({ ok: false, reason: "Calculation 'test' failed: boom" });
  });
});
