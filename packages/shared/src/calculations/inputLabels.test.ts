import { describe, expect, it } from 'vitest';
import { CALCULATION_IDS } from './index.ts';
import { CALCULATION_INPUTS, calculationInputs } from './inputLabels.ts';

/** What a run records: the project's data (sampling JSON, flow data) beside the form's own values. */
const projectData = {
  site_name: 'Riverside WwTW',
  population: '12000',
  per_capita_flow_l_head_d: '150',
  sampling_data: JSON.stringify([{ sample_point: 'Inlet', sample_value: '210' }]),
  flow_data: { annual_hourly_flows: [{ type: 'Average', values: Array(24).fill(10) }], percentiles: '50,95' },
};

describe('calculationInputs', () => {
  it('lists only the calculation’s own inputs, labelled, with units', () => {
    const shown = calculationInputs('head_loss_colebrook_white', {
      ...projectData,
      flow_l_s: '25',
      diameter_mm: '200',
      length_m: '100',
      roughness_ks_mm: '0.15',
    });
    expect(shown.map((input) => input.label)).toEqual([
      'Flow (Q)',
      'Internal diameter (D)',
      'Length (L)',
      'Kinematic viscosity (ν)',
      'Roughness (ks)',
    ]);
    expect(shown[0]).toEqual({ key: 'flow_l_s', label: 'Flow (Q)', value: '25', unit: 'l/s' });
    // the default the calculation used is shown too
    expect(shown[3]?.value).toBe('0.00000131');
    expect(JSON.stringify(shown)).not.toMatch(/site_name|Riverside|sampling|Inlet|population/);
  });

  it('shows what DWF took from the project data and prints efficiencies as percentages', () => {
    expect(calculationInputs('dwf_formula_a', projectData).map((input) => input.value)).toEqual([
      '12000',
      '150',
      '0',
      '0',
    ]);
    const pump = calculationInputs('pump_power', { flow_l_s: 50, total_head_m: 12, pump_efficiency: '75%' });
    expect(pump.find((input) => input.key === 'pump_efficiency')).toMatchObject({ value: '75', unit: '%' });
  });

  it('summarises the hourly flows a percentile run lifted from the flow data', () => {
    const shown = calculationInputs('flow_percentiles', { ...projectData, percentiles: '' });
    expect(shown).toContainEqual({
      key: 'annual_hourly_flows',
      label: 'Annual hourly flows',
      value: 'Average (24 hourly values)',
      unit: 'l/s',
    });
    expect(shown.find((input) => input.key === 'percentiles')?.value).toBe('50, 95');
  });

  it('labels an input of every calculation and knows none of an unknown one', () => {
    for (const id of CALCULATION_IDS) expect(CALCULATION_INPUTS[id].length).toBeGreaterThan(0);
    expect(calculationInputs('nope', projectData)).toEqual([]);
  });
});
