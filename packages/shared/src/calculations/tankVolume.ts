import { z } from 'zod';
import { coerceChoice, numberField, optionalNumberField } from './inputs.ts';

/**
 * Tank volume and hydraulic retention time (HRT), and the volume needed for a target HRT.
 *
 *   rectangular:  A = L · W          circular:  A = π · D² / 4      (plan area, m²)
 *   V   = A · d                       (water volume at depth d, m³)
 *   Q   = q · 3.6                     (q in l/s to Q in m³/h)
 *   HRT = V / Q                       (hours)
 *   V_required = Q · HRT_target       (m³), and the depth that gives it on the same plan area
 *
 * The flow is always entered in l/s. HRT is the nominal (theoretical) retention time of an ideal tank: it
 * takes no account of short-circuiting or dead zones, and the depth should be the working water depth, not
 * the wall height.
 *
 * SOURCE: the definitions of a prism's volume and of hydraulic retention (detention) time τ = V/Q, as in
 * Metcalf & Eddy | AECOM (2014), 'Wastewater Engineering: Treatment and Resource Recovery', 5th edition,
 * McGraw-Hill (hydraulic retention time τ = V/Q, used throughout the reactor and tank design chapters).
 */

export const TANK_SHAPES = ['rectangular', 'circular'] as const;

const dimension = (name: string, max: number, description: string) =>
  optionalNumberField(name, { unit: 'm', min: 0.1, max, description });

export const tankVolumeInputSchema = z
  .object({
    shape: z.preprocess(
      coerceChoice,
      z.enum(TANK_SHAPES, {
        error: (issue) =>
          issue.input === undefined ? 'shape is required' : "shape must be 'rectangular' or 'circular'",
      }),
    ),
    length_m: dimension('length_m', 500, 'L — internal length of a rectangular tank (m)'),
    width_m: dimension('width_m', 500, 'W — internal width of a rectangular tank (m)'),
    diameter_m: dimension('diameter_m', 200, 'D — internal diameter of a circular tank (m)'),
    depth_m: numberField('depth_m', {
      unit: 'm',
      min: 0.1,
      max: 50,
      description: 'd — working water depth (m)',
    }),
    flow_l_s: numberField('flow_l_s', {
      unit: 'l/s',
      min: 0,
      minExclusive: true,
      max: 100_000,
      description: 'q — flow through the tank (l/s)',
    }),
    target_hrt_h: optionalNumberField('target_hrt_h', {
      unit: 'h',
      min: 0.01,
      max: 8760,
      description: 'Target hydraulic retention time (hours), for the volume needed; optional',
    }),
  })
  .superRefine((inputs, context) => {
    const need = (key: 'length_m' | 'width_m' | 'diameter_m') => {
      if (inputs[key] === undefined)
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required for a ${inputs.shape} tank`,
        });
    };
    if (inputs.shape === 'rectangular') {
      need('length_m');
      need('width_m');
    } else {
      need('diameter_m');
    }
  });
export type TankVolumeInputs = z.output<typeof tankVolumeInputSchema>;

export interface TankVolumeResults {
  plan_area_m2: number;
  volume_m3: number;
  flow_m3_h: number;
  /** Nominal hydraulic retention time, hours */
  hrt_h: number;
  /** The same, minutes */
  hrt_min: number;
  /** Volume for the target HRT; null without a target */
  required_volume_m3: number | null;
  /** Working depth giving the required volume on the same plan area; null without a target */
  required_depth_m: number | null;
}

/** Plan area (m²) of a rectangular (L × W) or circular (π D² / 4) tank. */
export function tankPlanArea(
  inputs: Pick<TankVolumeInputs, 'shape' | 'length_m' | 'width_m' | 'diameter_m'>,
) {
  if (inputs.shape === 'circular') {
    const diameter = inputs.diameter_m ?? Number.NaN;
    return (Math.PI * diameter * diameter) / 4;
  }
  return (inputs.length_m ?? Number.NaN) * (inputs.width_m ?? Number.NaN);
}

/** Hydraulic retention time (h) of a volume (m³) at a flow (l/s). */
export const retentionTimeHours = (volumeM3: number, flowLS: number) => volumeM3 / (flowLS * 3.6);
/** Volume (m³) that gives a retention time (h) at a flow (l/s). */
export const volumeForRetentionTime = (hrtHours: number, flowLS: number) => hrtHours * flowLS * 3.6;

export function runTankVolume(inputs: TankVolumeInputs): TankVolumeResults {
  const area = tankPlanArea(inputs);
  const volume = area * inputs.depth_m;
  const hrt = retentionTimeHours(volume, inputs.flow_l_s);
  const required =
    inputs.target_hrt_h === undefined ? null : volumeForRetentionTime(inputs.target_hrt_h, inputs.flow_l_s);
  return {
    plan_area_m2: area,
    volume_m3: volume,
    flow_m3_h: inputs.flow_l_s * 3.6,
    hrt_h: hrt,
    hrt_min: hrt * 60,
    required_volume_m3: required,
    required_depth_m: required === null ? null : required / area,
  };
}

export const TANK_VOLUME_RESULT_LABELS = {
  plan_area_m2: { label: 'Plan area', unit: 'm²' },
  volume_m3: { label: 'Water volume', unit: 'm³' },
  flow_m3_h: { label: 'Flow', unit: 'm³/h' },
  hrt_h: { label: 'Hydraulic retention time (V/Q)', unit: 'h' },
  hrt_min: { label: 'Hydraulic retention time', unit: 'min' },
  required_volume_m3: { label: 'Volume for the target HRT', unit: 'm³' },
  required_depth_m: { label: 'Working depth for the target HRT on this plan area', unit: 'm' },
} as const satisfies Record<keyof TankVolumeResults, { label: string; unit: string }>;

export const TANK_VOLUME_SOURCE =
  'Volume of a prism (plan area × working depth) and hydraulic retention time τ = V/Q, as defined in ' +
  'Metcalf & Eddy | AECOM (2014), Wastewater Engineering: Treatment and Resource Recovery, 5th ed., McGraw-Hill.';
