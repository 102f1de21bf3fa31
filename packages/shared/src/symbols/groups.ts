// The P&ID symbol groups and the static property labels the spec gives for named symbol kinds
// (spec 2, §3 "Symbol catalogue entry"). Kept apart from the catalogue JSON so that the build tool can
// use these rules before any catalogue exists.

/** The 26 symbol groups, in the order the symbol library shows them. */
export const SYMBOL_GROUPS = [
  'Pumps/Fans/Blower/Compressors',
  'Motors/Drives',
  'Heat Exchangers',
  'Conveyors',
  'Mixers',
  'Screens',
  'Aerators',
  'Burners',
  'Pipelines',
  'Signal Lines',
  'Valves',
  'Valve Operators',
  'Pipeline Symbols',
  'Inline Equipment',
  'Instruments',
  'Tanks/Vessels',
  'Grit Handling',
  'Presses',
  'Emergency Equipment',
  'Sample Equipment',
  'Page Connectors & Demarcations',
  'Vehicles',
  'Packaged Equipment',
  'WNI Assemblies',
  'WRNI Assemblies',
  'P Scheme Green Boxes',
] as const;

export type SymbolGroup = (typeof SYMBOL_GROUPS)[number];

/** URL-safe folder name for a group: "Pumps/Fans/Blower/Compressors" -> "pumps-fans-blower-compressors". */
export function symbolGroupSlug(group: string): string {
  return group
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const PROCESS_RANGE = ['Instrument Type', 'Process Range - Maximum', 'Process Range - Minimum'] as const;

/** Static property labels (StaticProps1..7) for the symbol kinds the spec names. */
export const STATIC_PROPERTY_LABELS = {
  pipeline: [
    'Above Ground / Below Ground',
    'Fluid Code',
    'Maximum Fluid Operating Pressure (barg)',
    'Size (NB or OD) (mm or inches)',
  ],
  butterflyValve: ['Drilling Specification', 'Head Works Specification'],
  gateValve: [
    'Drilling Specification',
    'Gear Box Required',
    'Head Works Specification',
    'Valve Orientation',
    'Valve Type',
  ],
  levelInstrument: [...PROCESS_RANGE, 'Sensor Mount Type', 'Transmitter Mounting Location'],
  flowInstrument: [...PROCESS_RANGE, 'Size', 'Transmitter Mounting Location'],
  pressureInstrument: [...PROCESS_RANGE, 'Size'],
  qualityInstrument: [...PROCESS_RANGE],
  orificePlate: [...PROCESS_RANGE, 'Size', 'Transmitter Mounting Location'],
} as const satisfies Record<string, readonly string[]>;

export type StaticPropertyKind = keyof typeof STATIC_PROPERTY_LABELS;

/**
 * Which named kind (if any) a symbol is, from its group and name. Orifice plates are checked before flow
 * instruments; quality instruments are analysers (AT, pH, turbidity and the like).
 */
export function staticPropertyKind(group: string, category: string): StaticPropertyKind | undefined {
  const name = category.toLowerCase();
  if (group === 'Pipelines') return 'pipeline';
  if (group === 'Valves' || group === 'Valve Operators') {
    if (name.includes('butterfly valve')) return 'butterflyValve';
    if (name.includes('gate valve')) return 'gateValve';
    return undefined;
  }
  if (group === 'Instruments') {
    if (name.includes('orifice')) return 'orificePlate';
    if (name.startsWith('level')) return 'levelInstrument';
    if (name.startsWith('flow')) return 'flowInstrument';
    if (name.startsWith('pressure')) return 'pressureInstrument';
    if (/analy[sz]er|quality/.test(name)) return 'qualityInstrument';
  }
  return undefined;
}
