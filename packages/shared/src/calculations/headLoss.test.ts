import { describe, expect, it } from 'vitest';
import {
  colebrookWhiteFrictionFactor,
  colebrookWhiteInputSchema,
  colebrookWhiteResidual,
  hazenWilliamsInputSchema,
  runColebrookWhite,
  runHazenWilliams,
  swameeJainFrictionFactor,
} from './headLoss.ts';
import { issuesReason } from './inputs.ts';

const colebrook = (raw: Record<string, unknown>) => runColebrookWhite(colebrookWhiteInputSchema.parse(raw));
const hazen = (raw: Record<string, unknown>) => runHazenWilliams(hazenWilliamsInputSchema.parse(raw));
const problems = (raw: Record<string, unknown>) => {
  const parsed = colebrookWhiteInputSchema.safeParse(raw);
  return parsed.success ? '' : issuesReason(parsed.error);
};

describe('Colebrook–White friction factor', () => {
  // Moody, L. F. (1944), 'Friction factors for pipe flow', Trans. ASME 66(8), 671–684: the chart reads
  // f ≈ 0.0185 at Re = 1e5, ε/D = 1e-4.
  it('matches the Moody chart at Re = 1e5, ks/D = 1e-4', () => {
    const { frictionFactor, iterations } = colebrookWhiteFrictionFactor(1e5, 1e-4);
    expect(frictionFactor).toBeCloseTo(0.0185, 4);
    expect(frictionFactor).toBeCloseTo(0.018514, 6);
    expect(iterations).toBeLessThan(10);
  });

  // Smooth pipe (ks = 0) at Re = 1e6: Prandtl's smooth-pipe law, which Colebrook–White reduces to, gives
  // f = 0.01165 (the smooth-pipe curve of the Moody chart).
  it('reduces to the smooth-pipe law when ks = 0', () => {
    expect(colebrookWhiteFrictionFactor(1e6, 0).frictionFactor).toBeCloseTo(0.011645, 6);
  });

  it('solves the equation to a residual far below 1e-10', () => {
    for (const [reynolds, roughness] of [
      [4000, 0],
      [1e5, 1e-4],
      [3e6, 2e-3],
      [1e8, 0.05],
    ] as const) {
      const { frictionFactor } = colebrookWhiteFrictionFactor(reynolds, roughness);
      expect(Math.abs(colebrookWhiteResidual(frictionFactor, reynolds, roughness))).toBeLessThan(1e-10);
    }
  });

  // Swamee, P. K. and Jain, A. K. (1976), J. Hydraulics Div. ASCE 102(HY5), 657–664, for 1e-6 ≤ ks/D ≤ 1e-2
  // and 5000 ≤ Re ≤ 1e8.
  it('agrees with Swamee–Jain within 1 % at ordinary duties and within 3 % across its whole range', () => {
    const relative = (reynolds: number, roughness: number) =>
      Math.abs(
        swameeJainFrictionFactor(reynolds, roughness) /
          colebrookWhiteFrictionFactor(reynolds, roughness).frictionFactor -
          1,
      );
    expect(relative(1e5, 1e-4)).toBeLessThan(0.01);
    expect(relative(5e5, 2e-4)).toBeLessThan(0.01);
    let worst = 0;
    for (let logRoughness = -6; logRoughness <= -2; logRoughness += 0.25)
      for (let logReynolds = Math.log10(5000); logReynolds <= 8; logReynolds += 0.1)
        worst = Math.max(worst, relative(10 ** logReynolds, 10 ** logRoughness));
    expect(worst).toBeLessThan(0.03);
    expect(worst).toBeGreaterThan(0.02); // the largest gap, 2.8 %, is at ks/D = 1e-2, Re = 5000
  });
});

describe('Darcy–Weisbach head loss', () => {
  // Published worked example (textbook solution reproduced at holooly.com, 'Water flows through a 1.2 m
  // diameter pipeline constructed from smooth concrete pipes for which k = 0.60 mm. The hydraulic gradient
  // is 1 in 250 and ν is 1.005 × 10⁻⁶ m²/s. Calculate the mean velocity … using the Colebrook–White
  // equation'; answer v = 2.363 m/s). Run forwards: at v = 2.363 m/s over 250 m the loss should be 1 m.
  it('reproduces the 1.2 m concrete pipeline example (v = 2.363 m/s at a gradient of 1 in 250)', () => {
    const flow = 2.363 * ((Math.PI * 1.2 * 1.2) / 4) * 1000;
    const results = colebrook({
      flow_l_s: flow,
      diameter_mm: 1200,
      length_m: 250,
      roughness_ks_mm: 0.6,
      kinematic_viscosity_m2_s: 1.005e-6,
    });
    expect(results.velocity_m_s).toBeCloseTo(2.363, 6);
    expect(results.flow_regime).toBe('turbulent');
    expect(results.head_loss_m).toBeGreaterThan(0.995);
    expect(results.head_loss_m).toBeLessThan(1.005);
    expect(results.hydraulic_gradient_m_km).toBeCloseTo(4, 1);
  });

  // Hand calculation: 150 mm pipe, 20 l/s, ks = 0.03 mm, 100 m, ν = 1.31e-6 m²/s.
  //   v = 0.02 / (π × 0.15² / 4) = 1.1318 m/s; Re = 1.1318 × 0.15 / 1.31e-6 = 1.296e5; ks/D = 2e-4.
  it('gives velocity, Reynolds number, f and the gradient for an ordinary water main', () => {
    const results = colebrook({
      flow_l_s: '20',
      diameter_mm: '150',
      length_m: '100',
      roughness_ks_mm: '0.03',
    });
    expect(results.velocity_m_s).toBeCloseTo(1.13177, 4);
    expect(results.reynolds_number).toBeCloseTo(129_592, -1);
    expect(results.relative_roughness).toBeCloseTo(2e-4, 12);
    const { frictionFactor } = colebrookWhiteFrictionFactor(results.reynolds_number, 2e-4);
    expect(results.friction_factor).toBe(frictionFactor);
    expect(results.head_loss_m).toBeCloseTo((frictionFactor * (100 / 0.15) * 1.13177 ** 2) / (2 * 9.81), 4);
    expect(results.hydraulic_gradient_m_km).toBeCloseTo(results.head_loss_m * 10, 9);
    expect(Math.abs(results.swamee_jain_difference_percent ?? 99)).toBeLessThan(2);
  });

  // Laminar: 50 mm, 0.05 l/s gives Re ≈ 972, so f = 64/Re and the loss equals Hagen–Poiseuille's
  // hf = 32 ν L v / (g D²).
  it('uses f = 64/Re in laminar flow and says so', () => {
    const results = colebrook({ flow_l_s: 0.05, diameter_mm: 50, length_m: 10, roughness_ks_mm: 0.1 });
    expect(results.flow_regime).toBe('laminar');
    expect(results.friction_method).toContain('64/Re');
    expect(results.friction_factor).toBeCloseTo(64 / results.reynolds_number, 12);
    expect(results.friction_factor_swamee_jain).toBeNull();
    expect(results.swamee_jain_difference_percent).toBeNull();
    const hagenPoiseuille = (32 * 1.31e-6 * 10 * results.velocity_m_s) / (9.81 * 0.05 * 0.05);
    expect(results.head_loss_m).toBeCloseTo(hagenPoiseuille, 12);
  });

  it('flags the transitional range', () => {
    // Re = 3000 in a 100 mm pipe at ν = 1.31e-6: v = 0.0393 m/s, Q = 0.3087 l/s
    const results = colebrook({ flow_l_s: 0.3087, diameter_mm: 100, length_m: 10, roughness_ks_mm: 0 });
    expect(results.flow_regime).toBe('transitional');
    expect(results.friction_method).toContain('transitional');
  });

  it('enforces the diameter range with a clear message, boundaries included', () => {
    const base = { flow_l_s: 1, length_m: 10, roughness_ks_mm: 0 };
    expect(colebrook({ ...base, diameter_mm: 10 }).head_loss_m).toBeGreaterThan(0);
    expect(colebrook({ ...base, diameter_mm: 5000 }).head_loss_m).toBeGreaterThan(0);
    expect(problems({ ...base, diameter_mm: 9.99 })).toBe('diameter_mm must be between 10 and 5000 mm');
    expect(problems({ ...base, diameter_mm: 5001 })).toBe('diameter_mm must be between 10 and 5000 mm');
    expect(problems({ ...base, diameter_mm: 100, flow_l_s: 0 })).toBe(
      'flow_l_s must be greater than 0 and at most 50000 l/s',
    );
    expect(problems({ ...base, diameter_mm: 100, roughness_ks_mm: 6 })).toBe(
      'roughness_ks_mm must not exceed 5 % of diameter_mm (relative roughness ks/D at most 0.05)',
    );
    expect(problems({ ...base, diameter_mm: 100, kinematic_viscosity_m2_s: 0 })).toBe(
      'kinematic_viscosity_m2_s must be between 1e-7 and 0.0001 m²/s',
    );
  });
});

describe('Hazen–Williams head loss', () => {
  // Shammas, N. K. and Wang, L. K. (2016), Water Engineering: Hydraulics, Distribution and Treatment, Wiley,
  // Example 5.36: 12 in (0.3048 m) pipe, 1 MGD (0.0438 m³/s), C = 100, 1000 m: the book's US-unit solutions
  // give 2.07 m per 1000 m and its SI solution (with exponent 1.85) 2.17 m per 1000 m. The SI formula with
  // 1.852 gives 2.09 m, within 1.5 % of the first and 4 % of the second.
  it('reproduces Shammas and Wang’s Example 5.36 within the book’s own spread', () => {
    const results = hazen({ flow_l_s: 43.8, diameter_mm: 304.8, length_m: 1000, hazen_williams_c: 100 });
    expect(results.head_loss_m).toBeCloseTo(2.094, 3);
    expect(Math.abs(results.head_loss_m / 2.07 - 1)).toBeLessThan(0.015);
    expect(Math.abs(results.head_loss_m / 2.17 - 1)).toBeLessThan(0.04);
    expect(results.hydraulic_gradient_m_km).toBeCloseTo(results.head_loss_m, 12);
  });

  // Hand calculation: 100 l/s, 300 mm, C = 120, 1 km: 0.1^1.852 = 0.014060, 120^1.852 = 7086,
  // 0.3^4.87 = 0.002843, so hf = 10.67 × 1000 × 0.014060 / (7086 × 0.002843) = 7.45 m.
  it('evaluates the SI formula', () => {
    const results = hazen({ flow_l_s: '100', diameter_mm: '300', length_m: '1000', hazen_williams_c: '120' });
    const expected = (10.67 * 1000 * 0.1 ** 1.852) / (120 ** 1.852 * 0.3 ** 4.87);
    expect(results.head_loss_m).toBeCloseTo(expected, 12);
    expect(results.head_loss_m).toBeCloseTo(7.45, 2);
    expect(results.velocity_m_s).toBeCloseTo(1.4147, 4);
    // the equivalent Darcy f lies where Colebrook–White puts a lightly rough pipe
    expect(results.equivalent_friction_factor).toBeGreaterThan(0.015);
    expect(results.equivalent_friction_factor).toBeLessThan(0.025);
  });

  it('enforces the C range, boundaries included', () => {
    const base = { flow_l_s: 10, diameter_mm: 100, length_m: 100 };
    expect(hazen({ ...base, hazen_williams_c: 40 }).head_loss_m).toBeGreaterThan(
      hazen({ ...base, hazen_williams_c: 160 }).head_loss_m,
    );
    const parsed = hazenWilliamsInputSchema.safeParse({ ...base, hazen_williams_c: 170 });
    expect(parsed.success ? '' : issuesReason(parsed.error)).toBe(
      'hazen_williams_c must be between 40 and 160',
    );
  });
});
