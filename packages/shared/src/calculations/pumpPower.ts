import { z } from 'zod';
import {
  GRAVITY_M_S2,
  efficiencyField,
  numberField,
  numberFieldWithDefault,
  optionalEfficiencyField,
} from './inputs.ts';

/**
 * Pump duty power.
 *
 *   P_hydraulic = ρ · g · Q · H / 1000        (kW; ρ kg/m³, g = 9.81 m/s², Q m³/s, H total head m)
 *   P_shaft     = P_hydraulic / η_pump        (kW, the power the pump needs at its shaft)
 *   P_motor     = P_shaft / η_motor           (kW, electrical input to the motor; only with η_motor)
 *   η_wire-to-water = η_pump · η_motor
 *
 * Q is entered in l/s and divided by 1000. Efficiencies may be given as fractions (0.05 to 1) or percentages
 * (5 to 100 %); a value above 1 is read as a percentage. Without a motor efficiency the motor input power
 * is not computed (null). The head is the total (manometric) head at the duty point, static lift plus
 * losses; this calculation does not estimate it.
 *
 * SOURCE: Shammas, N. K. and Wang, L. K. (2016), 'Water Engineering: Hydraulics, Distribution and Treatment',
 * Wiley, §8.2.1 'Power Requirements and Efficiencies of Pumps': water power MP = 9.8066·Q·H kW for Q in
 * m³/s and H in m (Eq. 8.7b, i.e. ρgQH with ρ = 1000 kg/m³), and wire-to-water efficiency
 * E_ww = E_pump · E_motor (Eq. 8.9). Penstock uses g = 9.81 m/s², 0.03 % above the standard 9.80665.
 */

export const pumpPowerInputSchema = z.object({
  flow_l_s: numberField('flow_l_s', {
    unit: 'l/s',
    min: 0,
    minExclusive: true,
    max: 50_000,
    description: 'Q — pump flow at the duty point (l/s)',
  }),
  total_head_m: numberField('total_head_m', {
    unit: 'm',
    min: 0,
    minExclusive: true,
    max: 2000,
    description: 'H — total (manometric) head at the duty point (m)',
  }),
  pump_efficiency: efficiencyField(
    'pump_efficiency',
    'η pump — pump efficiency at the duty point, as a fraction (0.05–1) or a percentage (5–100 %)',
  ),
  motor_efficiency: optionalEfficiencyField(
    'motor_efficiency',
    'η motor — motor efficiency, fraction or percentage; optional (no motor input power without it)',
  ),
  density_kg_m3: numberFieldWithDefault('density_kg_m3', 1000, {
    unit: 'kg/m³',
    min: 500,
    max: 2000,
    description: 'ρ — liquid density (kg/m³); 1000 (water) when left blank',
  }),
});
export type PumpPowerInputs = z.output<typeof pumpPowerInputSchema>;

export interface PumpPowerResults {
  /** ρgQH, kW */
  hydraulic_power_kw: number;
  /** Hydraulic power / pump efficiency, kW */
  shaft_power_kw: number;
  /** Shaft power / motor efficiency, kW; null without a motor efficiency */
  motor_input_power_kw: number | null;
  /** The pump efficiency used, as a fraction */
  pump_efficiency: number;
  /** The motor efficiency used, as a fraction; null when not given */
  motor_efficiency: number | null;
  /** Pump × motor efficiency, as a fraction; null without a motor efficiency */
  wire_to_water_efficiency: number | null;
}

/** Hydraulic (water) power ρgQH in kW for a flow in l/s and a head in m. */
export const hydraulicPowerKw = (flowLS: number, headM: number, densityKgM3 = 1000) =>
  (densityKgM3 * GRAVITY_M_S2 * (flowLS / 1000) * headM) / 1000;

export function runPumpPower(inputs: PumpPowerInputs): PumpPowerResults {
  const hydraulic = hydraulicPowerKw(inputs.flow_l_s, inputs.total_head_m, inputs.density_kg_m3);
  const shaft = hydraulic / inputs.pump_efficiency;
  const motor = inputs.motor_efficiency ?? null;
  return {
    hydraulic_power_kw: hydraulic,
    shaft_power_kw: shaft,
    motor_input_power_kw: motor === null ? null : shaft / motor,
    pump_efficiency: inputs.pump_efficiency,
    motor_efficiency: motor,
    wire_to_water_efficiency: motor === null ? null : inputs.pump_efficiency * motor,
  };
}

export const PUMP_POWER_RESULT_LABELS = {
  hydraulic_power_kw: { label: 'Hydraulic power (ρgQH)', unit: 'kW' },
  shaft_power_kw: { label: 'Pump shaft power', unit: 'kW' },
  motor_input_power_kw: { label: 'Motor input power', unit: 'kW' },
  pump_efficiency: { label: 'Pump efficiency used', unit: '' },
  motor_efficiency: { label: 'Motor efficiency used', unit: '' },
  wire_to_water_efficiency: { label: 'Wire-to-water efficiency', unit: '' },
} as const satisfies Record<keyof PumpPowerResults, { label: string; unit: string }>;

export const PUMP_POWER_SOURCE =
  'P = ρgQH, shaft = P/η pump, motor input = shaft/η motor: Shammas, N. K. and Wang, L. K. (2016), Water ' +
  'Engineering: Hydraulics, Distribution and Treatment, Wiley, §8.2.1, Eqs. 8.7b and 8.9.';
