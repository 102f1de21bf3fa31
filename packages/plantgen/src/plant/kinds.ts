/** Valve and instrument kinds: IFC class, tag prefix and the property values they carry. */
import type { IfcElementType } from './types.ts';

export interface ValveKind {
  readonly category: string;
  readonly valveType: string;
  readonly predefinedType: string;
  readonly tagPrefix: string;
  readonly className: string;
  readonly actuators: readonly string[];
}

const valveKinds: readonly ValveKind[] = [
  {
    category: 'Ball Valve',
    valveType: 'Ball',
    predefinedType: 'ISOLATING',
    tagPrefix: 'BV',
    className: 'BallValve',
    actuators: ['Lever'],
  },
  {
    category: 'Butterfly Valve',
    valveType: 'Butterfly',
    predefinedType: 'ISOLATING',
    tagPrefix: 'BFV',
    className: 'ButterflyValve',
    actuators: ['Gearbox and Handwheel', 'Electric Actuator'],
  },
  {
    category: 'Gate Valve',
    valveType: 'Gate (Resilient Seated)',
    predefinedType: 'ISOLATING',
    tagPrefix: 'GV',
    className: 'GateValve',
    actuators: ['Handwheel', 'Extension Spindle'],
  },
  {
    category: 'Globe Valve',
    valveType: 'Globe',
    predefinedType: 'REGULATING',
    tagPrefix: 'GLV',
    className: 'GlobeValve',
    actuators: ['Handwheel'],
  },
  {
    category: 'Non-Return Valve',
    valveType: 'Non-Return (Swing Check)',
    predefinedType: 'CHECK',
    tagPrefix: 'NRV',
    className: 'CheckValve',
    actuators: ['None (Self Acting)'],
  },
  {
    category: 'Plug Valve',
    valveType: 'Plug (Eccentric)',
    predefinedType: 'ISOLATING',
    tagPrefix: 'PLV',
    className: 'PlugValve',
    actuators: ['Gearbox and Handwheel'],
  },
  {
    category: 'Pinch Valve',
    valveType: 'Pinch',
    predefinedType: 'ISOLATING',
    tagPrefix: 'PNV',
    className: 'PinchValve',
    actuators: ['Pneumatic Actuator'],
  },
  {
    category: 'Parallel Slide Valve',
    valveType: 'Parallel Slide',
    predefinedType: 'ISOLATING',
    tagPrefix: 'PSLV',
    className: 'ParallelSlideValve',
    actuators: ['Handwheel'],
  },
  {
    category: 'Control Valve',
    valveType: 'Control (Modulating)',
    predefinedType: 'REGULATING',
    tagPrefix: 'FV',
    className: 'ControlValve',
    actuators: ['Electric Actuator'],
  },
  {
    category: 'Penstock',
    valveType: 'Penstock',
    predefinedType: 'ISOLATING',
    tagPrefix: 'PS',
    className: 'Penstock',
    actuators: ['Electric Actuator', 'Handwheel'],
  },
];

export const VALVE_KINDS: ReadonlyMap<string, ValveKind> = new Map(
  valveKinds.map((kind) => [kind.category, kind]),
);

export function valveKind(category: string): ValveKind {
  const found = VALVE_KINDS.get(category);
  if (!found) throw new Error(`unknown valve category ${category}`);
  return found;
}

export type InstrumentFamily = 'flow' | 'level' | 'pressure' | 'quality' | 'temperature';

export interface InstrumentKind {
  readonly category: string;
  readonly ifcType: IfcElementType;
  readonly predefinedType: string;
  readonly instrumentType: string;
  readonly tagPrefix: string;
  readonly className: string;
  readonly units: string;
  readonly range: readonly [number, number];
}

export const INSTRUMENT_KINDS: Readonly<Record<Exclude<InstrumentFamily, 'quality'>, InstrumentKind>> = {
  flow: {
    category: 'Flow Instrument',
    ifcType: 'IFCFLOWMETER',
    predefinedType: 'WATERMETER',
    instrumentType: 'Electromagnetic Flowmeter',
    tagPrefix: 'FT',
    className: 'FlowTransmitter',
    units: 'l/s',
    range: [0, 500],
  },
  level: {
    category: 'Level Instrument',
    ifcType: 'IFCSENSOR',
    predefinedType: 'LEVELSENSOR',
    instrumentType: 'Ultrasonic Level Transmitter',
    tagPrefix: 'LT',
    className: 'LevelTransmitter',
    units: 'm',
    range: [0, 6],
  },
  pressure: {
    category: 'Pressure Instrument',
    ifcType: 'IFCSENSOR',
    predefinedType: 'PRESSURESENSOR',
    instrumentType: 'Pressure Transmitter',
    tagPrefix: 'PT',
    className: 'PressureTransmitter',
    units: 'barg',
    range: [0, 10],
  },
  temperature: {
    category: 'Temperature Instrument',
    ifcType: 'IFCSENSOR',
    predefinedType: 'TEMPERATURESENSOR',
    instrumentType: 'RTD Temperature Transmitter',
    tagPrefix: 'TT',
    className: 'TemperatureTransmitter',
    units: '°C',
    range: [0, 100],
  },
};

/** Quality analysers differ by stream; they share category, tag prefix and class name. */
export function qualityKind(
  instrumentType: string,
  predefinedType: string,
  units: string,
  range: [number, number],
): InstrumentKind {
  return {
    category: 'Quality Instrument',
    ifcType: 'IFCSENSOR',
    predefinedType,
    instrumentType,
    tagPrefix: 'AT',
    className: 'Analyser',
    units,
    range,
  };
}
