import { describe, expect, it } from 'vitest';
import { issuesReason } from './inputs.ts';
import { hydraulicPowerKw, pumpPowerInputSchema, runPumpPower } from './pumpPower.ts';

const pump = (raw: Record<string, unknown>) => runPumpPower(pumpPowerInputSchema.parse(raw));
const problems = (raw: Record<string, unknown>) => {
  const parsed = pumpPowerInputSchema.safeParse(raw);
  return parsed.success ? '' : issuesReason(parsed.error);
};

describe('pump duty power', () => {
  // Shammas, N. K. and Wang, L. K. (2016), Water Engineering: Hydraulics, Distribution and Treatment, Wiley,
  // §8.2.1, Eq. 8.7b: water power MP = 9.8066 Q H kW (Q in m³/s, H in m). With g = 9.81 m/s² Penstock's
  // coefficient is 9.81, 0.03 % higher.
  it('matches the textbook’s water power coefficient', () => {
    expect(hydraulicPowerKw(1000, 1)).toBeCloseTo(9.81, 12);
    expect(Math.abs(hydraulicPowerKw(1000, 1) / 9.8066 - 1)).toBeLessThan(0.0005);
  });

  // Published worked example (univerkov.com, 'The water pump delivers 300 liters of water per minute to a
  // height of 20 meters. Determine the power of the pump motor if its efficiency is 80%'): with g = 10 m/s²
  // the answer is 1250 W. With g = 9.81 it is 1250 × 0.981 = 1226.25 W.
  it('reproduces the 300 l/min, 20 m, 80 % example (1.25 kW at g = 10)', () => {
    const results = pump({ flow_l_s: 300 / 60, total_head_m: 20, pump_efficiency: 0.8 });
    expect(results.shaft_power_kw).toBeCloseTo(1.25 * 0.981, 9);
    expect((results.shaft_power_kw * 10) / 9.81).toBeCloseTo(1.25, 9);
  });

  // Hand calculation: 100 l/s against 25 m, pump 75 %, motor 93 %:
  //   P = 1000 × 9.81 × 0.1 × 25 / 1000 = 24.525 kW; shaft = 24.525 / 0.75 = 32.700 kW;
  //   motor input = 32.700 / 0.93 = 35.161 kW; wire-to-water = 0.75 × 0.93 = 0.6975.
  it('gives hydraulic, shaft and motor input power', () => {
    const results = pump({
      flow_l_s: '100',
      total_head_m: '25',
      pump_efficiency: '75',
      motor_efficiency: '0.93',
    });
    expect(results.hydraulic_power_kw).toBeCloseTo(24.525, 9);
    expect(results.shaft_power_kw).toBeCloseTo(32.7, 9);
    expect(results.motor_input_power_kw).toBeCloseTo(35.1613, 4);
    expect(results.pump_efficiency).toBe(0.75);
    expect(results.wire_to_water_efficiency).toBeCloseTo(0.6975, 12);
  });

  it('leaves motor input power out without a motor efficiency, and scales with density', () => {
    const water = pump({ flow_l_s: 50, total_head_m: 10, pump_efficiency: 0.7, motor_efficiency: '' });
    expect(water.motor_input_power_kw).toBeNull();
    expect(water.motor_efficiency).toBeNull();
    expect(water.wire_to_water_efficiency).toBeNull();
    const sea = pump({ flow_l_s: 50, total_head_m: 10, pump_efficiency: 0.7, density_kg_m3: 1025 });
    expect(sea.hydraulic_power_kw / water.hydraulic_power_kw).toBeCloseTo(1.025, 12);
  });

  it('reads efficiencies as fractions or percentages, boundaries included', () => {
    const base = { flow_l_s: 10, total_head_m: 10 };
    expect(pump({ ...base, pump_efficiency: 1 }).pump_efficiency).toBe(1);
    expect(pump({ ...base, pump_efficiency: 0.05 }).pump_efficiency).toBe(0.05);
    expect(pump({ ...base, pump_efficiency: 5 }).pump_efficiency).toBe(0.05);
    expect(pump({ ...base, pump_efficiency: 100 }).pump_efficiency).toBe(1);
    const message =
      'pump_efficiency must be a fraction between 0.05 and 1 or a percentage between 5 and 100 %';
    for (const bad of [0, 0.04, 3, 100.5]) expect(problems({ ...base, pump_efficiency: bad })).toBe(message);
    expect(problems({ ...base })).toBe('pump_efficiency is required');
    // text with a percent sign is always a percentage, so '1%' is refused rather than read as 100 %
    expect(pump({ ...base, pump_efficiency: '75%' }).pump_efficiency).toBe(0.75);
    expect(pump({ ...base, pump_efficiency: ' 100 % ' }).pump_efficiency).toBe(1);
    expect(problems({ ...base, pump_efficiency: '1%' })).toBe(message);
    expect(problems({ ...base, pump_efficiency: 0.8, total_head_m: 0 })).toBe(
      'total_head_m must be greater than 0 and at most 2000 m',
    );
  });
});
