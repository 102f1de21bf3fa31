import { z } from 'zod';
import { GRAVITY_M_S2, numberField, numberFieldWithDefault } from './inputs.ts';

/**
 * Friction head loss in a full circular pipe, by Darcy–Weisbach with the Colebrook–White friction factor,
 * and by Hazen–Williams.
 *
 * Common quantities (Q in m³/s, D in m):
 *   v  = 4Q / (πD²)                 mean velocity (m/s)
 *   Re = vD / ν                     Reynolds number, ν kinematic viscosity (m²/s; 1.31e-6 for water at 10 °C)
 *
 * DARCY–WEISBACH: hf = f · (L/D) · v² / (2g), g = 9.81 m/s².
 *   - Laminar flow (Re < 2000): f = 64/Re (Hagen–Poiseuille); Colebrook–White is not used.
 *   - Otherwise f solves Colebrook–White, 1/√f = −2 log10( ks/(3.7D) + 2.51/(Re √f) ), by Newton's method on
 *     x = 1/√f started from the Swamee–Jain value, iterated until successive x differ by less than 1e-12
 *     (the equation's residual is then far below 1e-10). For 2000 ≤ Re < 4000 the flow is transitional and
 *     the Colebrook–White value is an extrapolation; the result says so.
 *   - The explicit Swamee–Jain approximation f = 0.25 / [log10( ks/(3.7D) + 5.74/Re^0.9 )]² is returned
 *     beside it with the difference in per cent. Swamee and Jain propose it for 1e-6 ≤ ks/D ≤ 1e-2 and
 *     5000 ≤ Re ≤ 1e8; over that range it is within about 1 % of Colebrook–White for most pipes and within
 *     3 % everywhere (largest, 2.8 %, at ks/D = 1e-2 and Re = 5000; see the tests).
 *
 * HAZEN–WILLIAMS (SI): hf = 10.67 · L · Q^1.852 / (C^1.852 · D^4.87), an empirical formula for water at
 * ordinary temperatures in turbulent flow; C is the Hazen–Williams coefficient (about 100 to 150).
 *
 * SOURCES
 * - Colebrook, C. F. (1939), 'Turbulent flow in pipes, with particular reference to the transition region
 *   between the smooth and rough pipe laws', Journal of the Institution of Civil Engineers 11(4), 133–156.
 * - Swamee, P. K. and Jain, A. K. (1976), 'Explicit equations for pipe-flow problems', Journal of the
 *   Hydraulics Division, ASCE 102(HY5), 657–664.
 * - Moody, L. F. (1944), 'Friction factors for pipe flow', Transactions of the ASME 66(8), 671–684 (the chart
 *   the tests read f = 0.0185 from at Re = 1e5, ks/D = 1e-4).
 * - Hazen–Williams in SI units with 10.67: Shammas, N. K. and Wang, L. K. (2016), 'Water Engineering:
 *   Hydraulics, Distribution and Treatment', Wiley, chapter 5 (Eq. 5.37, Example 5.36); originally Williams, G. S. and
 *   Hazen, A. (1905), 'Hydraulic Tables', Wiley, New York.
 */

/** Below this Reynolds number the flow is taken as laminar and f = 64/Re. */
export const LAMINAR_REYNOLDS_LIMIT = 2000;
/** At and above this Reynolds number the flow is fully turbulent. */
export const TURBULENT_REYNOLDS_LIMIT = 4000;
/** Kinematic viscosity of water at 10 °C, m²/s. */
export const WATER_KINEMATIC_VISCOSITY_10C_M2_S = 1.31e-6;

export type FlowRegime = 'laminar' | 'transitional' | 'turbulent';

const pipeFields = {
  flow_l_s: numberField('flow_l_s', {
    unit: 'l/s',
    min: 0,
    minExclusive: true,
    max: 50_000,
    description: 'Q — flow (l/s)',
  }),
  diameter_mm: numberField('diameter_mm', {
    unit: 'mm',
    min: 10,
    max: 5000,
    description: 'D — internal diameter (mm)',
  }),
  length_m: numberField('length_m', {
    unit: 'm',
    min: 0.1,
    max: 100_000,
    description: 'L — pipe length (m)',
  }),
  kinematic_viscosity_m2_s: numberFieldWithDefault(
    'kinematic_viscosity_m2_s',
    WATER_KINEMATIC_VISCOSITY_10C_M2_S,
    {
      unit: 'm²/s',
      min: 1e-7,
      max: 1e-4,
      description: 'ν — kinematic viscosity (m²/s); 1.31e-6 (water at 10 °C) when left blank',
    },
  ),
};

export const colebrookWhiteInputSchema = z
  .object({
    ...pipeFields,
    roughness_ks_mm: numberField('roughness_ks_mm', {
      unit: 'mm',
      min: 0,
      max: 10,
      description: 'ks — equivalent sand roughness (mm); 0 for a hydraulically smooth pipe',
    }),
  })
  .refine((inputs) => inputs.roughness_ks_mm <= 0.05 * inputs.diameter_mm, {
    message: 'roughness_ks_mm must not exceed 5 % of diameter_mm (relative roughness ks/D at most 0.05)',
    path: ['roughness_ks_mm'],
  });
export type ColebrookWhiteInputs = z.output<typeof colebrookWhiteInputSchema>;

export const hazenWilliamsInputSchema = z.object({
  ...pipeFields,
  hazen_williams_c: numberField('hazen_williams_c', {
    unit: '',
    min: 40,
    max: 160,
    description: 'C — Hazen–Williams coefficient (dimensionless, about 100 to 150)',
  }),
});
export type HazenWilliamsInputs = z.output<typeof hazenWilliamsInputSchema>;

export const flowRegime = (reynolds: number): FlowRegime =>
  reynolds < LAMINAR_REYNOLDS_LIMIT
    ? 'laminar'
    : reynolds < TURBULENT_REYNOLDS_LIMIT
      ? 'transitional'
      : 'turbulent';

/** Swamee–Jain (1976) explicit approximation to the Colebrook–White friction factor. */
export function swameeJainFrictionFactor(reynolds: number, relativeRoughness: number): number {
  const log = Math.log10(relativeRoughness / 3.7 + 5.74 / reynolds ** 0.9);
  return 0.25 / (log * log);
}

/**
 * The Colebrook–White friction factor by Newton's method on x = 1/√f:
 * F(x) = x + 2 log10(a + b·x) = 0 with a = (ks/D)/3.7 and b = 2.51/Re, F'(x) = 1 + 2b / ((a + b·x) ln 10).
 */
export function colebrookWhiteFrictionFactor(
  reynolds: number,
  relativeRoughness: number,
): { frictionFactor: number; iterations: number } {
  const a = relativeRoughness / 3.7;
  const b = 2.51 / reynolds;
  let x = 1 / Math.sqrt(swameeJainFrictionFactor(reynolds, relativeRoughness));
  for (let iteration = 1; iteration <= 50; iteration += 1) {
    const inner = a + b * x;
    const residual = x + 2 * Math.log10(inner);
    const slope = 1 + (2 * b) / (inner * Math.LN10);
    const next = x - residual / slope;
    const converged = Math.abs(next - x) < 1e-12;
    x = next;
    if (converged) return { frictionFactor: 1 / (x * x), iterations: iteration };
  }
  throw new Error('Colebrook–White did not converge in 50 iterations');
}

/** The Colebrook–White equation's residual 1/√f + 2 log10(ks/(3.7D) + 2.51/(Re√f)) for a given f. */
export const colebrookWhiteResidual = (frictionFactor: number, reynolds: number, relativeRoughness: number) =>
  1 / Math.sqrt(frictionFactor) +
  2 * Math.log10(relativeRoughness / 3.7 + 2.51 / (reynolds * Math.sqrt(frictionFactor)));

function pipeKinematics(inputs: { flow_l_s: number; diameter_mm: number; kinematic_viscosity_m2_s: number }) {
  const flow = inputs.flow_l_s / 1000; // m³/s
  const diameter = inputs.diameter_mm / 1000; // m
  const area = (Math.PI * diameter * diameter) / 4;
  const velocity = flow / area;
  const reynolds = (velocity * diameter) / inputs.kinematic_viscosity_m2_s;
  return { flow, diameter, area, velocity, reynolds };
}

/** Darcy–Weisbach head loss (m). */
export const darcyWeisbachHeadLoss = (
  frictionFactor: number,
  length: number,
  diameter: number,
  velocity: number,
) => (frictionFactor * (length / diameter) * velocity * velocity) / (2 * GRAVITY_M_S2);

export interface ColebrookWhiteResults {
  velocity_m_s: number;
  reynolds_number: number;
  relative_roughness: number;
  flow_regime: FlowRegime;
  /** How f was found: 'f = 64/Re (laminar)' or 'Colebrook–White (iterative)' */
  friction_method: string;
  /** The friction factor used for the head loss */
  friction_factor: number;
  /** Newton iterations taken (0 in laminar flow) */
  iterations: number;
  /** Swamee–Jain's explicit value; null in laminar flow, where it does not apply */
  friction_factor_swamee_jain: number | null;
  /** (Swamee–Jain − Colebrook–White) / Colebrook–White × 100; null in laminar flow */
  swamee_jain_difference_percent: number | null;
  head_loss_m: number;
  /** Head loss per kilometre of pipe, m/km */
  hydraulic_gradient_m_km: number;
}

export function runColebrookWhite(inputs: ColebrookWhiteInputs): ColebrookWhiteResults {
  const { diameter, velocity, reynolds } = pipeKinematics(inputs);
  const relativeRoughness = inputs.roughness_ks_mm / inputs.diameter_mm;
  const regime = flowRegime(reynolds);
  let frictionFactor: number;
  let iterations = 0;
  let swameeJain: number | null = null;
  if (regime === 'laminar') {
    frictionFactor = 64 / reynolds;
  } else {
    ({ frictionFactor, iterations } = colebrookWhiteFrictionFactor(reynolds, relativeRoughness));
    swameeJain = swameeJainFrictionFactor(reynolds, relativeRoughness);
  }
  const headLoss = darcyWeisbachHeadLoss(frictionFactor, inputs.length_m, diameter, velocity);
  return {
    velocity_m_s: velocity,
    reynolds_number: reynolds,
    relative_roughness: relativeRoughness,
    flow_regime: regime,
    friction_method:
      regime === 'laminar'
        ? 'f = 64/Re (laminar, Re < 2000)'
        : regime === 'transitional'
          ? 'Colebrook–White (iterative), extrapolated into the transitional range 2000 ≤ Re < 4000'
          : 'Colebrook–White (iterative)',
    friction_factor: frictionFactor,
    iterations,
    friction_factor_swamee_jain: swameeJain,
    swamee_jain_difference_percent:
      swameeJain === null ? null : ((swameeJain - frictionFactor) / frictionFactor) * 100,
    head_loss_m: headLoss,
    hydraulic_gradient_m_km: (headLoss / inputs.length_m) * 1000,
  };
}

export interface HazenWilliamsResults {
  velocity_m_s: number;
  /** Reynolds number, for information: Hazen–Williams itself ignores viscosity */
  reynolds_number: number;
  flow_regime: FlowRegime;
  head_loss_m: number;
  hydraulic_gradient_m_km: number;
  /** The Darcy friction factor giving the same head loss, for comparison with Colebrook–White */
  equivalent_friction_factor: number;
}

export function runHazenWilliams(inputs: HazenWilliamsInputs): HazenWilliamsResults {
  const { flow, diameter, velocity, reynolds } = pipeKinematics(inputs);
  const headLoss =
    (10.67 * inputs.length_m * flow ** 1.852) / (inputs.hazen_williams_c ** 1.852 * diameter ** 4.87);
  return {
    velocity_m_s: velocity,
    reynolds_number: reynolds,
    flow_regime: flowRegime(reynolds),
    head_loss_m: headLoss,
    hydraulic_gradient_m_km: (headLoss / inputs.length_m) * 1000,
    equivalent_friction_factor:
      (headLoss * diameter * 2 * GRAVITY_M_S2) / (inputs.length_m * velocity * velocity),
  };
}

export const COLEBROOK_WHITE_RESULT_LABELS = {
  velocity_m_s: { label: 'Mean velocity', unit: 'm/s' },
  reynolds_number: { label: 'Reynolds number', unit: '' },
  relative_roughness: { label: 'Relative roughness ks/D', unit: '' },
  flow_regime: { label: 'Flow regime', unit: '' },
  friction_method: { label: 'Friction factor method', unit: '' },
  friction_factor: { label: 'Darcy friction factor f', unit: '' },
  iterations: { label: 'Newton iterations', unit: '' },
  friction_factor_swamee_jain: { label: 'Friction factor, Swamee–Jain (explicit)', unit: '' },
  swamee_jain_difference_percent: { label: 'Swamee–Jain difference from Colebrook–White', unit: '%' },
  head_loss_m: { label: 'Friction head loss', unit: 'm' },
  hydraulic_gradient_m_km: { label: 'Hydraulic gradient', unit: 'm/km' },
} as const satisfies Record<keyof ColebrookWhiteResults, { label: string; unit: string }>;

export const HAZEN_WILLIAMS_RESULT_LABELS = {
  velocity_m_s: { label: 'Mean velocity', unit: 'm/s' },
  reynolds_number: { label: 'Reynolds number (for information)', unit: '' },
  flow_regime: { label: 'Flow regime', unit: '' },
  head_loss_m: { label: 'Friction head loss', unit: 'm' },
  hydraulic_gradient_m_km: { label: 'Hydraulic gradient', unit: 'm/km' },
  equivalent_friction_factor: { label: 'Equivalent Darcy friction factor', unit: '' },
} as const satisfies Record<keyof HazenWilliamsResults, { label: string; unit: string }>;

export const COLEBROOK_WHITE_SOURCE =
  'Darcy–Weisbach with Colebrook, C. F. (1939), Turbulent flow in pipes, with particular reference to the ' +
  'transition region between the smooth and rough pipe laws, J. Instn Civ. Engrs 11(4), 133–156; explicit check ' +
  'by Swamee, P. K. and Jain, A. K. (1976), Explicit equations for pipe-flow problems, J. Hydraulics Div. ASCE ' +
  '102(HY5), 657–664; laminar f = 64/Re.';

export const HAZEN_WILLIAMS_SOURCE =
  'Hazen–Williams, SI form hf = 10.67 L Q^1.852 / (C^1.852 D^4.87): Williams, G. S. and Hazen, A. (1905), ' +
  'Hydraulic Tables, Wiley; SI form as in Shammas, N. K. and Wang, L. K. (2016), Water Engineering: Hydraulics, ' +
  'Distribution and Treatment, Wiley, Eq. 5.37.';
