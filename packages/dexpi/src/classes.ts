// Penstock's P&ID classes and symbols to DEXPI 1.3 component classes, and back (docs in ../README.md). The
// writer names each item by the most specific DEXPI class it can tell from the symbol's class and name;
// the reader places a DEXPI class as the library symbol drawn for it, or reports it as unmapped.
import type { PidRole } from '@penstock/shared';

/** What a sketch item becomes in the file. */
export type DexpiKind = 'equipment' | 'piping' | 'instrument';

/** The Proteus element a role is written as: tagged equipment, a piping component in a line, a function. */
export function kindOfRole(role: PidRole): DexpiKind {
  if (role === 'valve' || role === 'fitting') return 'piping';
  if (role === 'instrument') return 'instrument';
  return 'equipment';
}

type Rule = [RegExp, string];

/** Rules on "class symbol-name" (lower case), first match wins. */
const EQUIPMENT_RULES: Rule[] = [
  [/reciprocating pump|piston pump|feed pump/, 'ReciprocatingPump'],
  [/screw pump|gear pump|cavity pump|peristaltic|rotary pump/, 'RotaryPump'],
  [/pump/, 'CentrifugalPump'],
  [/reciprocating compressor/, 'ReciprocatingCompressor'],
  [/rotary compressor|screw compressor|liquid ring/, 'RotaryCompressor'],
  [/compressor/, 'CentrifugalCompressor'],
  [/blower/, 'CentrifugalBlower'],
  [/\bfan\b/, 'CentrifugalFan'],
  [/gear ?box/, 'GearBox'],
  [/electric heater/, 'ElectricHeater'],
  [/plate.*exchanger|exchanger \(plate\)/, 'PlateHeatExchanger'],
  [/spiral/, 'SpiralHeatExchanger'],
  [/air cooler|cooling tower/, 'AirCoolingSystem'],
  [/tube|shell/, 'TubularHeatExchanger'],
  [/exchanger|cooler|condenser|heater|boiler|reboiler|evaporator/, 'CustomHeatExchanger'],
  [/motor|drive/, 'AlternatingCurrentMotor'],
  [/column|tower/, 'ProcessColumn'],
  [/silo|bunker|hopper|\bbin\b/, 'Silo'],
  [/pressuri[sz]ed|vessel|drum/, 'PressureVessel'],
  [/tank|container|cistern|basin|sump/, 'Tank'],
  [/agitator/, 'Agitator'],
  [/mixer/, 'Mixer'],
  [/filter|press/, 'Filter'],
  [/screen|sieve/, 'Sieve'],
  [/conveyor/, 'Conveyor'],
];

const PIPING_RULES: Rule[] = [
  [/butterfly/, 'ButterflyValve'],
  [/gate valve|knife|parallel slide/, 'GateValve'],
  [/ball valve/, 'BallValve'],
  [/angle valve/, 'AngleGlobeValve'],
  [/globe valve/, 'GlobeValve'],
  [/check|non-return/, 'CheckValve'],
  [/plug valve/, 'PlugValve'],
  [/needle/, 'NeedleValve'],
  [/control valve|motor operated|pneumatic operated|solenoid|hydraulic valve/, 'OperatedValve'],
  [/reducer/, 'PipeReducer'],
  [/blind|blank|dummy cover/, 'BlindFlange'],
  [/flange/, 'Flange'],
  [/compensator|bellows|expansion/, 'Compensator'],
  [/hose|flexible/, 'Hose'],
  [/sight glass|viewing glass/, 'SightGlass'],
  [/basket strainer/, 'BasketStrainer'],
];

/** The generic classes DEXPI keeps for what it has no class of (their type name is written beside them). */
export const CUSTOM_CLASS: Record<DexpiKind, string> = {
  equipment: 'CustomEquipment',
  piping: 'CustomPipingComponent',
  instrument: 'ProcessInstrumentationFunction',
};

/** The DEXPI class of a sketch item: from its class and its symbol's name; custom when none fits. */
export function dexpiClassOf(kind: DexpiKind, itemClass: string, symbolName: string): string {
  if (kind === 'instrument') return 'ProcessInstrumentationFunction';
  const text = `${itemClass} ${symbolName}`.toLowerCase();
  for (const [pattern, dexpiClass] of kind === 'piping' ? PIPING_RULES : EQUIPMENT_RULES)
    if (pattern.test(text)) return dexpiClass;
  return CUSTOM_CLASS[kind];
}

const S = (path: string) => `/symbols/${path}.svg`;

/** The library symbol drawn for a DEXPI class. */
const SYMBOL_BY_CLASS: Record<string, string> = {
  CentrifugalPump: S('pumps-fans-blower-compressors/centrifugal-pump-1'),
  RotaryPump: S('pumps-fans-blower-compressors/screw-pump'),
  ReciprocatingPump: S('pumps-fans-blower-compressors/feed-pump'),
  CentrifugalCompressor: S('pumps-fans-blower-compressors/compressor'),
  ReciprocatingCompressor: S('pumps-fans-blower-compressors/reciprocating-compressor'),
  RotaryCompressor: S('pumps-fans-blower-compressors/rotary-compressor'),
  CentrifugalBlower: S('pumps-fans-blower-compressors/gas-blower'),
  CentrifugalFan: S('pumps-fans-blower-compressors/fan'),
  AxialFan: S('pumps-fans-blower-compressors/fan'),
  ElectricHeater: S('heat-exchangers/electric-heater'),
  PlateHeatExchanger: S('heat-exchangers/heat-exchanger-plate'),
  SpiralHeatExchanger: S('heat-exchangers/heat-exchanger-spiral'),
  AirCoolingSystem: S('heat-exchangers/air-cooler'),
  TubularHeatExchanger: S('heat-exchangers/shell-and-tube-heat-exchanger-1'),
  CustomHeatExchanger: S('heat-exchangers/shell-and-tube-heat-exchanger-1'),
  AlternatingCurrentMotor: S('motors-drives/electric-motor'),
  ProcessColumn: S('tanks-vessels/tower'),
  Silo: S('tanks-vessels/bin'),
  PressureVessel: S('tanks-vessels/pressurized-vessel'),
  Vessel: S('tanks-vessels/pressurized-vessel'),
  Tank: S('tanks-vessels/tank'),
  Agitator: S('mixers/mixer'),
  Mixer: S('mixers/mixer'),
  Filter: S('inline-equipment/filter'),
  Sieve: S('screens/screening-device-sieve-strainer'),
  ButterflyValve: S('valves/butterfly-valve-1'),
  GateValve: S('valves/gate-valve'),
  BallValve: S('valves/ball-valve'),
  AngleGlobeValve: S('valves/angle-valve'),
  GlobeValve: S('valves/globe-valve'),
  CheckValve: S('valves/check-valve-1'),
  SwingCheckValve: S('valves/check-valve-1'),
  PlugValve: S('valves/plug-valve'),
  NeedleValve: S('valves/needle-valve'),
  OperatedValve: S('valves/motor-operated-valve'),
  GlobeControlValve: S('valves/motor-operated-valve'),
  PipeReducer: S('pipeline-symbols/reducer'),
  BlindFlange: S('pipeline-symbols/blank'),
  Flange: S('pipeline-symbols/flange'),
  Compensator: S('pipeline-symbols/compensator'),
  Hose: S('pipeline-symbols/flexible-hose'),
  SightGlass: S('inline-equipment/viewing-glass'),
  BasketStrainer: S('inline-equipment/basket-strainer'),
};

/** Instruments by their measured variable (the first letter of the function's category). */
const INSTRUMENT_BY_LETTER: Record<string, string> = {
  F: S('instruments/flow-transmitter'),
  L: S('instruments/level-transmitter-1'),
  P: S('instruments/pressure-transmitter-1'),
  T: S('instruments/temperature-transmitter'),
  A: S('instruments/analyzer-transmitter'),
};

/** Drawn for a class the library has no symbol for (4 ports, so its connections are kept). */
export const GENERIC_SYMBOL = S('page-connectors-and-demarcations/tie-in-point');
/** Drawn for an instrument function whose measured variable is not known. */
export const GENERIC_INSTRUMENT = S('instruments/instrument-bubble-line-equinor-nd0023');

/**
 * The symbol for a DEXPI class (a custom class by its type name, an instrument by its category letter), or
 * null when the library has none.
 */
export function symbolForClass(dexpiClass: string, typeName = '', category = ''): string | null {
  if (dexpiClass === 'ProcessInstrumentationFunction')
    return INSTRUMENT_BY_LETTER[category.trim().charAt(0).toUpperCase()] ?? GENERIC_INSTRUMENT;
  if (SYMBOL_BY_CLASS[dexpiClass]) return SYMBOL_BY_CLASS[dexpiClass];
  if (typeName && SYMBOL_BY_CLASS[typeName]) return SYMBOL_BY_CLASS[typeName];
  return null;
}
