/** Fluid codes, their operating limits and pipe data. */

export interface Fluid {
  readonly code: string;
  readonly name: string;
  /** IfcDistributionSystemEnum value for the line's system. */
  readonly system: string;
  readonly pressure: readonly [min: number, max: number];
  readonly temperature: readonly [min: number, max: number];
  readonly specs: readonly string[];
  readonly hazard?: string;
  /** Chemical lines are double contained. */
  readonly dualContained?: boolean;
}

const list: readonly Fluid[] = [
  {
    code: 'WW',
    name: 'Wastewater',
    system: 'WASTEWATER',
    pressure: [0, 2.5],
    temperature: [5, 25],
    specs: ['DI-PN16', 'GRP-PN10'],
  },
  {
    code: 'PS',
    name: 'Primary Sludge',
    system: 'SEWAGE',
    pressure: [0, 4],
    temperature: [5, 25],
    specs: ['DI-PN16', 'SS316L-PN16'],
  },
  {
    code: 'RAS',
    name: 'Return Activated Sludge',
    system: 'SEWAGE',
    pressure: [0, 3],
    temperature: [5, 25],
    specs: ['DI-PN16', 'SS316L-PN10'],
  },
  {
    code: 'SAS',
    name: 'Surplus Activated Sludge',
    system: 'SEWAGE',
    pressure: [0, 4],
    temperature: [5, 25],
    specs: ['DI-PN16', 'PE100-SDR11'],
  },
  {
    code: 'AIR',
    name: 'Process Air',
    system: 'COMPRESSEDAIR',
    pressure: [0, 1],
    temperature: [10, 90],
    specs: ['SS304L-PN10'],
  },
  {
    code: 'FE',
    name: 'Final Effluent',
    system: 'WASTEWATER',
    pressure: [0, 6],
    temperature: [5, 25],
    specs: ['DI-PN16', 'PE100-SDR17'],
  },
  {
    code: 'PW',
    name: 'Potable Water',
    system: 'WATERSUPPLY',
    pressure: [0, 10],
    temperature: [4, 20],
    specs: ['PE100-SDR11', 'MDPE-SDR11'],
  },
  {
    code: 'NaOCl',
    name: 'Sodium Hypochlorite',
    system: 'CHEMICAL',
    pressure: [0, 6],
    temperature: [5, 30],
    specs: ['PVC-U-PN16-DC'],
    hazard: 'Corrosive - Sodium Hypochlorite',
    dualContained: true,
  },
  {
    code: 'FeCl3',
    name: 'Ferric Chloride',
    system: 'CHEMICAL',
    pressure: [0, 6],
    temperature: [5, 30],
    specs: ['PVC-U-PN16-DC'],
    hazard: 'Corrosive - Ferric Chloride',
    dualContained: true,
  },
  {
    code: 'DG',
    name: 'Digester Gas',
    system: 'GAS',
    pressure: [0, 0.05],
    temperature: [10, 40],
    specs: ['SS316L-PN10'],
    hazard: 'Flammable - Digester Gas (DSEAR Zone 2)',
  },
];

export const FLUIDS: ReadonlyMap<string, Fluid> = new Map(list.map((fluid) => [fluid.code, fluid]));

export function fluid(code: string): Fluid {
  const found = FLUIDS.get(code);
  if (!found) throw new Error(`unknown fluid code ${code}`);
  return found;
}

/** Outside diameters (mm) of nominal bores. */
const OUTSIDE_DIAMETER: Readonly<Record<number, number>> = {
  25: 33.7,
  50: 60.3,
  80: 88.9,
  100: 114.3,
  150: 168.3,
  200: 219.1,
  250: 273,
  300: 323.9,
  400: 406.4,
  450: 457,
  600: 610,
};

export function outsideDiameter(nb: number): number {
  return OUTSIDE_DIAMETER[nb] ?? nb * 1.05;
}

export function wallThickness(nb: number): number {
  return nb <= 50 ? 3.2 : nb <= 150 ? 6 : nb <= 300 ? 8 : 10;
}

/** Nominal bore as the inch size written on drawings, e.g. 150 -> '6"'. */
export function inches(nb: number): string {
  const value = Math.round((nb / 25) * 2) / 2;
  return `${value}"`;
}
