// What a placed symbol is as P&ID data (issue 37 §2): its role (which list it belongs in, whether it sits in
// a line), its class (an asset category of the catalogue where one fits, so a sketch's class can be
// compared with a model object's P&ID Class) and the letters its tag starts with.
import { ASSET_CATEGORIES } from '../../assetCategories.ts';
import type { SymbolGroup } from '../../symbols/groups.ts';

/**
 * equipment, valve and instrument symbols are tagged and listed; fittings (reducers, strainers, flanges)
 * sit in lines untagged by default; line symbols are pictures of pipeline and signal kinds; everything
 * else (page connectors, status boxes, vehicles, operators) is drawing furniture.
 */
export type PidRole = 'equipment' | 'valve' | 'instrument' | 'fitting' | 'line' | 'other';

const ROLE_BY_GROUP: Record<SymbolGroup, PidRole> = {
  'Pumps/Fans/Blower/Compressors': 'equipment',
  'Motors/Drives': 'equipment',
  'Heat Exchangers': 'equipment',
  Conveyors: 'equipment',
  Mixers: 'equipment',
  Screens: 'equipment',
  Aerators: 'equipment',
  Burners: 'equipment',
  Pipelines: 'line',
  'Signal Lines': 'line',
  Valves: 'valve',
  'Valve Operators': 'other',
  'Pipeline Symbols': 'fitting',
  'Inline Equipment': 'fitting',
  Instruments: 'instrument',
  'Tanks/Vessels': 'equipment',
  'Grit Handling': 'equipment',
  Presses: 'equipment',
  'Emergency Equipment': 'equipment',
  'Sample Equipment': 'equipment',
  'Page Connectors & Demarcations': 'other',
  Vehicles: 'other',
  'Packaged Equipment': 'equipment',
  'WNI Assemblies': 'other',
  'WRNI Assemblies': 'other',
  'P Scheme Green Boxes': 'other',
};

/** The role of a library group ('other' for a group the library does not know). */
export function pidRole(group: string): PidRole {
  return ROLE_BY_GROUP[group as SymbolGroup] ?? 'other';
}

/** Roles whose symbols get a tag when placed. */
export const TAGGED_ROLES: ReadonlySet<PidRole> = new Set(['equipment', 'valve', 'instrument']);
/** Roles whose symbols split a pipeline they are dropped on. */
export const INLINE_ROLES: ReadonlySet<PidRole> = new Set(['valve', 'fitting', 'instrument']);

type Rule = [RegExp, string];

/** Name patterns to classes, first match wins, per role. */
const CLASS_RULES: Record<PidRole, Rule[]> = {
  equipment: [
    [/compressor/, 'Compressor'],
    [/blower|fan\b/, 'Blower'],
    [/pump/, 'Pump'],
    [/gear ?box/, 'Gearbox'],
    [/motor|drive|turbine|engine/, 'Motor'],
    [/cooler|cooling/, 'Cooler'],
    [/exchanger|condenser|heater|boiler|evaporator|reboiler/, 'Heat Exchanger'],
    [/feeder/, 'Feeder'],
    [/conveyor|elevator|screw/, 'Conveyor'],
    [/mixer|agitator|stirrer/, 'Mixer'],
    [/screen|sieve/, 'Screen'],
    [/aerat|diffuser/, 'Aerator'],
    [/burner|flare/, 'Burner'],
    [/clarifier|settl/, 'Clarifier'],
    [/thickener/, 'Thickener'],
    [/hopper|bunker|\bbin\b|silo/, 'Hopper'],
    [/grit|classifier|cyclone/, 'Grit Classifier'],
    [/press/, 'Press'],
    [/filter/, 'Filter'],
    [/shower|eye ?wash/, 'Safety Shower'],
    [/tank|vessel|drum|container|cistern|column|reactor|barrel|holder|bottle|bag|storage|sump|basin/, 'Tank'],
  ],
  valve: [
    [/butterfly/, 'Butterfly Valve'],
    [/gate/, 'Gate Valve'],
    [/ball/, 'Ball Valve'],
    [/globe/, 'Globe Valve'],
    [/check|non-?return/, 'Non-Return Valve'],
    [/plug/, 'Plug Valve'],
    [/pinch/, 'Pinch Valve'],
    [/knife|slide/, 'Parallel Slide Valve'],
    [/control|motor operated|pneumatic|diaphragm actuated|solenoid|hydraulic/, 'Control Valve'],
  ],
  instrument: [
    [/^flow|orifice|rotameter|venturi|flume|weir/, 'Flow Instrument'],
    [/^level|gauge glass/, 'Level Instrument'],
    [/^pressure|gauge/, 'Pressure Instrument'],
    [/^temperature/, 'Temperature Instrument'],
    [/analy[sz]er|quality/, 'Quality Instrument'],
  ],
  fitting: [
    [/reducer/, 'Reducer'],
    [/hose|flexible/, 'Flexible Hose'],
    [/figure 8|spectacle/, 'Spectacle Blind'],
    [/blind|blank|dummy cover/, 'Blank Flange'],
    [/compensator|expansion|bellows/, 'Bellows'],
    [/removable spool|dismantling/, 'Dismantling Joint'],
    [/strainer/, 'Strainer'],
    [/filter/, 'Pipeline Filter'],
    [/viewing glass|sight glass/, 'Sight Glass'],
  ],
  line: [],
  other: [
    [/electric|motor/, 'Electric Actuator'],
    [/hydraulic/, 'Hydraulic Actuator'],
    [/pneumatic|diaphragm|piston/, 'Pneumatic Actuator'],
    [/hand ?wheel|manual|lever/, 'Manual Actuator'],
  ],
};

/** The generic class of a role when no rule matches (else the symbol's own name). */
const GENERIC_CLASS: Partial<Record<PidRole, string>> = { equipment: 'Equipment', valve: 'Valve' };

/**
 * A placed symbol's default class: from its group's role and its name, an asset category of the catalogue
 * ('Pump', 'Gate Valve', 'Flow Instrument') where one fits, else the role's generic class, else the symbol's
 * own name ('Vent', 'Page Connector').
 */
export function pidItemClass(group: string, name: string): string {
  const role = pidRole(group);
  const lower = name.toLowerCase();
  for (const [pattern, itemClass] of CLASS_RULES[role]) if (pattern.test(lower)) return itemClass;
  return GENERIC_CLASS[role] ?? name.replace(/\s*\((Equinor [^)]*)\)\s*/g, ' ').trim();
}

/** Classes generic enough to agree with any category of their family. */
const GENERIC_FAMILY: Record<string, string> = {
  equipment: 'equipment',
  valve: 'valve',
  'hand valve': 'valve',
};

const familyOf = (category: string) =>
  ASSET_CATEGORIES.find((entry) => entry.name.toLowerCase() === category.toLowerCase())?.family;

/**
 * Whether a sketch item's class and a model object's category name the same kind of thing: equal (ignoring
 * case and an ' - Existing' suffix), or one of them the generic class of the other's family ('Valve' and
 * 'Gate Valve').
 */
export function classesAgree(itemClass: string, category: string): boolean {
  const clean = (value: string) =>
    value
      .replace(/\s*-\s*existing$/i, '')
      .trim()
      .toLowerCase();
  const a = clean(itemClass);
  const b = clean(category);
  if (!a || !b) return true;
  if (a === b) return true;
  const genericA = GENERIC_FAMILY[a];
  const genericB = GENERIC_FAMILY[b];
  if (genericA && familyOf(b) === genericA) return true;
  if (genericB && familyOf(a) === genericB) return true;
  return false;
}

/** Tag letters per class. */
const PREFIX_BY_CLASS: Record<string, string> = {
  Pump: 'P',
  Compressor: 'K',
  Blower: 'B',
  Motor: 'M',
  Gearbox: 'GB',
  'Heat Exchanger': 'E',
  Cooler: 'E',
  Conveyor: 'CV',
  Feeder: 'FD',
  Mixer: 'MX',
  Screen: 'SC',
  Aerator: 'AE',
  Burner: 'BR',
  Tank: 'TK',
  Clarifier: 'CL',
  Thickener: 'TH',
  Hopper: 'HP',
  'Grit Classifier': 'GC',
  Press: 'PR',
  Filter: 'F',
  'Safety Shower': 'SS',
  Equipment: 'X',
  Valve: 'V',
  'Hand Valve': 'HV',
  'Butterfly Valve': 'BFV',
  'Gate Valve': 'GV',
  'Ball Valve': 'BV',
  'Globe Valve': 'GLV',
  'Non-Return Valve': 'NRV',
  'Plug Valve': 'PLV',
  'Pinch Valve': 'PNV',
  'Parallel Slide Valve': 'PSLV',
  'Control Valve': 'FV',
};

/** ISA 5.1 first letters (measured variable) and succeeding letters (function) from an instrument's name. */
const ISA_VARIABLE: Rule[] = [
  [/^flow|orifice|rotameter|venturi|flume|weir/, 'F'],
  [/^level/, 'L'],
  [/^pressure|gauge$|^gauge\b/, 'P'],
  [/^temperature/, 'T'],
  [/analy[sz]er|quality/, 'A'],
];
const ISA_FUNCTION: Rule[] = [
  [/indicating controller/, 'IC'],
  [/recording controller/, 'RC'],
  [/transmitter/, 'T'],
  [/indicator|gauge|rotameter/, 'I'],
  [/recorder/, 'R'],
  [/controller/, 'C'],
  [/alarm/, 'A'],
  [/element|sensor|orifice|venturi|flume|weir|nozzle/, 'E'],
];

/**
 * The letters a tag starts with: the class's ('P' for a pump, 'GV' for a gate valve), for instruments the
 * ISA 5.1 letters read from the symbol's name ('FT' for a flow transmitter), else the class's initials.
 */
export function tagPrefix(itemClass: string, symbolName = ''): string {
  const known = PREFIX_BY_CLASS[itemClass];
  if (known) return known;
  const name = symbolName.toLowerCase();
  if (/instrument$/i.test(itemClass) || ISA_FUNCTION.some(([pattern]) => pattern.test(name))) {
    const variable = ISA_VARIABLE.find(([pattern]) => pattern.test(name))?.[1] ?? itemClass[0] ?? 'X';
    const fn = ISA_FUNCTION.find(([pattern]) => pattern.test(name))?.[1] ?? 'I';
    return `${variable.toUpperCase()}${fn}`;
  }
  const initials = itemClass
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return initials.slice(0, 4) || 'X';
}
