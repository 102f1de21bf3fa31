// Which of the 26 library groups each source symbol belongs to. draw.io stencils are grouped by their
// stencil file first, then by name where a file mixes kinds (misc, piping, fittings, vessels); the
// Equinor symbols by their code, with a readable name where the symbol's meaning is known. The symbols
// drawn for Penstock itself are in ./drawn/.
import type { SymbolGroup } from '../../../packages/shared/src/symbols/groups.ts';

type Rule = [RegExp, SymbolGroup];

const byName = (name: string, rules: Rule[], fallback: SymbolGroup): SymbolGroup =>
  rules.find(([pattern]) => pattern.test(name))?.[1] ?? fallback;

const MISC_RULES: Rule[] = [
  [/aerator/i, 'Aerators'],
  [/burner|combustion chamber|gas flare|stack, chimney/i, 'Burners'],
  [/conveyor|elevator|^lift$|crane/i, 'Conveyors'],
  [/mixer/i, 'Mixers'],
  [/screen|sieve/i, 'Screens'],
  [/cyclone|air separator/i, 'Grit Handling'],
  [/truck|forklift|ship|tank car/i, 'Vehicles'],
  [/^fan\b/i, 'Pumps/Fans/Blower/Compressors'],
  [/cooler|cooling tower|chiller|boiler|dryer/i, 'Heat Exchangers'],
  [/flexible pipe/i, 'Pipeline Symbols'],
  [
    /damper|flame arrestor|silencer|steam trap|viewing glass|filter|skimmer|funnel|spray|vent/i,
    'Inline Equipment',
  ],
  [/^bin$|rolling bin/i, 'Tanks/Vessels'],
];

const PIPING_RULES: Rule[] = [
  [/valve/i, 'Valves'],
  [/orifice/i, 'Instruments'],
  [
    /strainer|silencer|arrestor|damper|mixer|steam trap|desuper heater|pulsation|breather|exhaust head/i,
    'Inline Equipment',
  ],
];

const FITTINGS_RULES: Rule[] = [
  [/valve/i, 'Valves'],
  [/orifice/i, 'Instruments'],
  [/strainer|silencer|arrestor|viewing glass|injector|funnel|rupture disc/i, 'Inline Equipment'],
];

const VESSEL_RULES: Rule[] = [
  [/mixer|mixing|agitator/i, 'Mixers'],
  [/cooling tower/i, 'Heat Exchangers'],
  [/furnace/i, 'Burners'],
];

/** Library group and display name for a draw.io stencil from `file` (without .xml). */
export function drawioSymbol(file: string, name: string): { group: SymbolGroup; category: string } {
  switch (file) {
    case 'pumps':
      return {
        group: /^turbine$/i.test(name) ? 'Motors/Drives' : 'Pumps/Fans/Blower/Compressors',
        category: /^turbine$/i.test(name) ? 'Turbine Drive' : name,
      };
    case 'compressors':
      return { group: 'Pumps/Fans/Blower/Compressors', category: name };
    case 'heat_exchangers':
      return { group: 'Heat Exchangers', category: name };
    case 'instruments':
      return { group: 'Instruments', category: name };
    case 'flow_sensors':
      return { group: 'Instruments', category: `Flow Sensor - ${name}` };
    case 'valves':
      if (/^(gauge|rotameter)$/i.test(name)) return { group: 'Instruments', category: name };
      if (/^orifice$/i.test(name)) return { group: 'Instruments', category: 'Orifice Plate (Valve Set)' };
      return { group: 'Valves', category: /valve|regulator|psv|prv/i.test(name) ? name : `${name} Valve` };
    case 'piping':
      return { group: byName(name, PIPING_RULES, 'Pipeline Symbols'), category: name };
    case 'fittings':
      return { group: byName(name, FITTINGS_RULES, 'Pipeline Symbols'), category: name };
    case 'misc':
      return { group: byName(name, MISC_RULES, 'Packaged Equipment'), category: name };
    case 'vessels':
      return { group: byName(name, VESSEL_RULES, 'Tanks/Vessels'), category: name };
    default:
      throw new Error(`No group mapping for draw.io stencil file "${file}"`);
  }
}

/**
 * Equinor engineering-symbols by code. Names are given only where the symbol's meaning is established
 * (valve codes after ISO 10628 / the Equinor catalogue); otherwise a plain description of the drawing.
 */
const EQUINOR: Record<string, [SymbolGroup, string]> = {
  IM005A: ['Instruments', 'Instrument Bubble'],
  IM017A: ['Pipeline Symbols', 'Funnel With Base'],
  IM017B: ['Pipeline Symbols', 'Rectangle Marker'],
  IM017C: ['Pipeline Symbols', 'Cone With Base'],
  LZ009A: ['Instruments', 'Logic Function (Square, Diagonal)'],
  ND0001: ['Pipeline Symbols', 'Flexible Hose'],
  ND0002: ['Pipeline Symbols', 'Blind End'],
  ND0005: ['Valves', 'Valve Manifold'],
  ND0005Option1: ['Valves', 'Valve Manifold (Closed Valves)'],
  ND0011: ['Valves', 'Spring Loaded Relief Valve'],
  ND0011Option1: ['Valves', 'Spring Loaded Relief Valve (Closed)'],
  ND0012: ['Valves', 'Valve'],
  ND0012Option1: ['Valves', 'Valve (Closed)'],
  ND0014: ['Pipeline Symbols', 'Zigzag Line Marker'],
  ND0015: ['Instruments', 'Gauge Glass'],
  ND0016: ['Instruments', 'Radioactive Source'],
  ND0020: ['Valves', 'Diaphragm Actuated Angle Valve'],
  ND0020Option1: ['Valves', 'Diaphragm Actuated Angle Valve (Closed)'],
  ND0023: ['Instruments', 'Instrument Bubble (Line)'],
  ND0024: ['Instruments', 'Instrument Bubble (Double Line)'],
  ND0025: ['Instruments', 'Instrument Bubble (Dashed Line)'],
  PA007A: ['Valve Operators', 'Diaphragm Actuator'],
  PA008A: ['Valve Operators', 'Diaphragm Actuator (Mark)'],
  PD001A: ['Tanks/Vessels', 'Stacked Column'],
  PP001A: ['Pumps/Fans/Blower/Compressors', 'Centrifugal Pump'],
  PP002A: ['Pumps/Fans/Blower/Compressors', 'Pump (Type PP002A)'],
  PP003A: ['Pumps/Fans/Blower/Compressors', 'Pump (Type PP003A)'],
  PP004A: ['Pumps/Fans/Blower/Compressors', 'Pump (Type PP004A)'],
  PP005A: ['Pumps/Fans/Blower/Compressors', 'Pump (Type PP005A)'],
  PP006A: ['Pumps/Fans/Blower/Compressors', 'Pump (Type PP006A)'],
  PP007A: ['Pumps/Fans/Blower/Compressors', 'Centrifugal Pump (Volute)'],
  PS005A: ['Tanks/Vessels', 'Vessel End (Dished)'],
  PS006A: ['Tanks/Vessels', 'Vessel End (Flat, Right)'],
  PS007A: ['Tanks/Vessels', 'Vessel End (Flat, Left)'],
  PT002A: ['Tanks/Vessels', 'Vertical Vessel'],
  PT002AOption1: ['Tanks/Vessels', 'Vertical Vessel (Internals)'],
  PT005A: ['Tanks/Vessels', 'Vessel (Conical Bottom)'],
  PT006A: ['Tanks/Vessels', 'Vessel (Conical Ends)'],
  PV005A: ['Valves', 'Gate Valve'],
  PV005AOption1: ['Valves', 'Gate Valve (Closed)'],
  PV005AUmbrella: ['Valves', 'Gate Valve (Diaphragm Actuated)'],
  PV005AUmbrellaOption1: ['Valves', 'Gate Valve (Diaphragm Actuated, Closed)'],
  PV007B: ['Valves', 'Globe Valve'],
  PV007BOption1: ['Valves', 'Globe Valve (Closed)'],
  PV016A: ['Valves', 'Needle Valve'],
  PV016AOption1: ['Valves', 'Needle Valve (Closed)'],
  PV018A: ['Valves', 'Butterfly Valve'],
  PV018AOption1: ['Valves', 'Butterfly Valve (Open Disc)'],
  PV019B: ['Valves', 'Ball Valve'],
  PV019BOption1: ['Valves', 'Ball Valve (Closed)'],
  PV021A: ['Valves', 'Valve (Type PV021A)'],
  PV022A: ['Valves', 'Valve (Type PV022A)'],
  PV023A: ['Valves', 'Plug Valve'],
  PV023AOption1: ['Valves', 'Plug Valve (Closed)'],
  STPL008: ['Pipeline Symbols', 'Wedge Marker'],
};

/** Library group and display name for an Equinor symbol file stem, e.g. "PV005A". */
export function equinorSymbol(code: string): { group: SymbolGroup; category: string } {
  const entry = EQUINOR[code];
  if (!entry) throw new Error(`No group mapping for Equinor symbol "${code}"`);
  return { group: entry[0], category: `${entry[1]} (Equinor ${code})` };
}
