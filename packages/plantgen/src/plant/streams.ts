/** The process streams of the works: one site area each, repeated as modules (lanes, trains, units). */
import { qualityKind, type InstrumentFamily, type InstrumentKind } from './kinds.ts';
import type { IfcElementType } from './types.ts';

export interface VesselSpec {
  readonly ifcType: IfcElementType;
  readonly predefinedType: string;
  readonly objectType: string;
  readonly category: string;
  readonly className: string;
  readonly tagPrefix: string;
  /**
   * The vessel's half width in the first model, which set line A's length (and so its segments'
   * 'Length (m)'); kept so those values do not change. The bodies are in vessels.ts.
   */
  readonly halfWidth: number;
}

export interface MoverSpec {
  readonly kind: 'pump' | 'blower' | 'compressor';
  readonly ifcType: IfcElementType;
  readonly predefinedType: string;
  readonly objectType: string;
  readonly category: string;
  readonly className: string;
  readonly tagPrefix: string;
}

export interface LineSpec {
  readonly fluid: string;
  readonly sizes: readonly number[];
  /** Defaults: line A runs from the vessel to the duty machine, line B from the duty machine. */
  readonly from?: string;
  readonly to?: string;
}

export interface StreamSpec {
  readonly area: number;
  readonly name: string;
  readonly vessel: VesselSpec;
  readonly mixer: boolean;
  readonly penstock: boolean;
  readonly mover: MoverSpec;
  /** Alternatives for the module's two lines: A on the ground, B rising to the upper deck. */
  readonly variants: readonly { readonly a: LineSpec; readonly b: LineSpec }[];
  readonly valves: readonly string[];
  readonly instruments: readonly InstrumentFamily[];
  readonly quality?: InstrumentKind;
}

const pump = (predefinedType: string, objectType: string): MoverSpec => ({
  kind: 'pump',
  ifcType: 'IFCPUMP',
  predefinedType,
  objectType,
  category: 'Pump',
  className: 'CentrifugalPump',
  tagPrefix: 'P',
});

const tank = (
  objectType: string,
  predefinedType: string,
  halfWidth: number,
  category = 'Tank',
): VesselSpec => ({
  ifcType: 'IFCTANK',
  predefinedType,
  objectType,
  category,
  className: category === 'Clarifier' ? 'Clarifier' : 'Tank',
  tagPrefix: category === 'Clarifier' ? 'CL' : 'TK',
  halfWidth,
});

export const STREAMS: readonly StreamSpec[] = [
  {
    area: 1,
    name: 'Inlet Works',
    vessel: {
      ifcType: 'IFCFILTER',
      predefinedType: 'STRAINER',
      objectType: 'Inlet Screen',
      category: 'Screen',
      className: 'Screen',
      tagPrefix: 'SC',
      halfWidth: 1200,
    },
    mixer: false,
    penstock: true,
    mover: pump('SUBMERSIBLEPUMP', 'Screened Sewage Pump'),
    variants: [
      {
        a: { fluid: 'WW', sizes: [450, 600] },
        b: { fluid: 'WW', sizes: [300, 400], to: 'Primary Settlement Distribution Chamber' },
      },
    ],
    valves: ['Gate Valve', 'Plug Valve'],
    instruments: ['level', 'flow'],
  },
  {
    area: 2,
    name: 'Primary Settlement',
    vessel: tank('Primary Settlement Tank', 'BASIN', 6500),
    mixer: false,
    penstock: false,
    mover: pump('USERDEFINED', 'Progressive Cavity Sludge Pump'),
    variants: [
      {
        a: { fluid: 'PS', sizes: [150, 200] },
        b: { fluid: 'PS', sizes: [100, 150], to: 'Sludge Thickening Feed Tank' },
      },
    ],
    valves: ['Plug Valve', 'Pinch Valve'],
    instruments: ['level', 'flow', 'pressure'],
  },
  {
    area: 3,
    name: 'Aeration Lanes',
    vessel: tank('Aeration Lane', 'BASIN', 7000),
    mixer: true,
    penstock: false,
    mover: {
      kind: 'blower',
      ifcType: 'IFCFAN',
      predefinedType: 'CENTRIFUGALRADIAL',
      objectType: 'Aeration Blower',
      category: 'Blower',
      className: 'Blower',
      tagPrefix: 'B',
    },
    variants: [
      {
        a: { fluid: 'RAS', sizes: [250, 300], from: 'Final Clarifiers RAS Chamber', to: 'vessel' },
        b: { fluid: 'AIR', sizes: [300, 400], to: 'Aeration Lane Diffuser Grid' },
      },
    ],
    valves: ['Butterfly Valve'],
    instruments: ['flow', 'pressure', 'temperature', 'quality'],
    quality: qualityKind('Dissolved Oxygen Analyser', 'IONCONCENTRATIONSENSOR', 'mg/l', [0, 10]),
  },
  {
    area: 4,
    name: 'Final Clarifiers',
    vessel: tank('Final Settlement Clarifier', 'BASIN', 7000, 'Clarifier'),
    mixer: false,
    penstock: true,
    mover: pump('ENDSUCTION', 'RAS/SAS Pump'),
    variants: [
      {
        a: { fluid: 'RAS', sizes: [250, 300] },
        b: { fluid: 'RAS', sizes: [200, 250], to: 'Aeration Lanes Inlet Channel' },
      },
      {
        a: { fluid: 'RAS', sizes: [250, 300] },
        b: { fluid: 'SAS', sizes: [100, 150], to: 'SAS Thickening Plant' },
      },
    ],
    valves: ['Gate Valve', 'Plug Valve'],
    instruments: ['flow', 'level'],
  },
  {
    area: 5,
    name: 'Pumping Station',
    vessel: tank('Wet Well', 'USERDEFINED', 3000),
    mixer: false,
    penstock: false,
    mover: pump('SUBMERSIBLEPUMP', 'Final Effluent Pump'),
    variants: [
      { a: { fluid: 'FE', sizes: [450, 600] }, b: { fluid: 'FE', sizes: [400, 450], to: 'Outfall Chamber' } },
      {
        a: { fluid: 'PW', sizes: [100, 150] },
        b: { fluid: 'PW', sizes: [80, 100], to: 'Site Potable Water Ring Main' },
      },
    ],
    valves: ['Gate Valve', 'Butterfly Valve', 'Globe Valve'],
    instruments: ['level', 'flow', 'pressure'],
  },
  {
    area: 6,
    name: 'Chemical Dosing',
    vessel: tank('Bulk Chemical Storage Tank', 'STORAGE', 1800),
    mixer: false,
    penstock: false,
    mover: pump('USERDEFINED', 'Diaphragm Dosing Pump'),
    variants: [
      {
        a: { fluid: 'NaOCl', sizes: [50] },
        b: { fluid: 'NaOCl', sizes: [25], to: 'Final Effluent Dosing Point' },
      },
      {
        a: { fluid: 'FeCl3', sizes: [50] },
        b: { fluid: 'FeCl3', sizes: [25], to: 'Primary Settlement Dosing Point' },
      },
    ],
    valves: ['Ball Valve'],
    instruments: ['level', 'flow', 'pressure', 'quality'],
    quality: qualityKind('Chlorine Residual Analyser', 'IONCONCENTRATIONSENSOR', 'mg/l', [0, 5]),
  },
  {
    area: 7,
    name: 'Sludge Digestion',
    vessel: tank('Anaerobic Digester', 'VESSEL', 7500),
    mixer: true,
    penstock: false,
    mover: {
      kind: 'compressor',
      ifcType: 'IFCCOMPRESSOR',
      predefinedType: 'ROTARY',
      objectType: 'Gas Mixing Compressor',
      category: 'Compressor',
      className: 'Compressor',
      tagPrefix: 'K',
    },
    variants: [{ a: { fluid: 'DG', sizes: [200] }, b: { fluid: 'DG', sizes: [150], to: 'Gas Holder' } }],
    valves: ['Butterfly Valve', 'Parallel Slide Valve'],
    instruments: ['pressure', 'temperature', 'flow', 'quality'],
    quality: qualityKind('Methane Analyser', 'GASSENSOR', '% CH4', [0, 100]),
  },
];
