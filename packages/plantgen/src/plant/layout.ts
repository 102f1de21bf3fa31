/**
 * Where things stand in one row of the site: the seven trains of one index, side by side in process order
 * (inlet screen, primary settlement, aeration lane, final clarifier, final effluent pumping, chemical dosing,
 * sludge digestion). Row coordinates in millimetres: x along the flow, y across, the road along y = 0.
 *
 * The pipe lengths are fixed by the plant model (their 'Length (m)' properties), so the layout is derived
 * from them: line A runs straight from the vessel's outlet to the duty machine's suction, the risers rise
 * from the machines' discharges to a deck header, and the header's outgoing leg ends on the inlet of the next
 * unit (the distribution chamber, the aeration lane, the wet well) or, where its destination lies off this
 * model (outfall, gas holder, thickening), on a concrete anchor pier where it drops below ground.
 */
import { STREAMS, type StreamSpec } from './streams.ts';
import type { Dir, Point } from './types.ts';

/** Storey elevation of the deck the headers run on (mm). */
export const DECK_ELEVATION = 4000;
/** Centreline of the deck headers above the ground floor. */
export const HEADER_Z = DECK_ELEVATION + 500;
/** Centreline of the ground-level lines. */
export const GROUND_LINE_Z = 600;
/** Header length between the duty and standby risers, and the outgoing leg's length. */
export const HEADER_LENGTH = 8000;
export const OUT_LENGTH = 8700;
/** From a machine's centre to the face of its suction nozzle. */
export const SUCTION_REACH = 700;
export const ROW_PITCH = 40000;
export const ROAD_WIDTH = 6000;
export const ROW_WIDTH = 213000;

/** Line A's length, unchanged from the first model (so are its segments' 'Length (m)'). */
export function lineALength(stream: StreamSpec): number {
  return 20000 - (8000 + stream.vessel.halfWidth + 300);
}

export interface MachinesLayout {
  /** Centre of both machines; the duty one at dutyY, the standby one HEADER_LENGTH further along +y. */
  readonly x: number;
  readonly dutyY: number;
  /** The x direction from the machines to their suction side (the vessel). */
  readonly toward: 1 | -1;
}

export interface OutRoute {
  readonly dir: Dir;
  /** True when the leg ends on an anchor pier (its destination is not in the model). */
  readonly free: boolean;
}

export interface RowLayout {
  /** x range of the module's base slab. */
  readonly cell: readonly [number, number];
  /** The vessel's position (its body is built around it). */
  readonly vessel: Point;
  /** Line A's start on the vessel and its direction. */
  readonly nozzleA: Point;
  readonly dirA: Dir;
  /** Line A ends on a thrust block (the aeration lane's RAS main rising from the ground). */
  readonly freeA: boolean;
  readonly machines: MachinesLayout;
  readonly out: (fluid: string) => OutRoute;
  /** Inlets on this module's vessel where a neighbouring module's outgoing leg ends. */
  readonly inlets: readonly Point[];
  readonly penstock?: Point;
  readonly mixer?: Point;
  readonly level?: Point;
  readonly quality?: Point;
  readonly panel: Point;
  /** The machine compound's bund walls: [x0, y0, x1, y1]. */
  readonly bund: readonly [number, number, number, number];
}

const stream = (area: number): StreamSpec => {
  const found = STREAMS.find((s) => s.area === area);
  if (!found) throw new Error(`no stream for area ${area}`);
  return found;
};
const LA = (area: number): number => lineALength(stream(area));
const connected = (dir: Dir): OutRoute => ({ dir, free: false });
const free = (dir: Dir): OutRoute => ({ dir, free: true });

// 1 Inlet works: the screen channel runs along x; its pumps lie downstream (+x).
const inletMachines: MachinesLayout = { x: 16500 + LA(1) + SUCTION_REACH, dutyY: 15000, toward: -1 };
// 2 Primary settlement: its distribution chamber takes the inlet pumps' rising main.
export const PST = { r: 12000, chamberFace: inletMachines.x + OUT_LENGTH, chamberDepth: 4000, y: 23000 };
const pstX = PST.chamberFace + PST.chamberDepth + PST.r;
const pstMachines: MachinesLayout = { x: pstX + PST.r + LA(2) + SUCTION_REACH, dutyY: PST.y, toward: -1 };
// 3 Aeration: blowers, then the lane whose west wall takes the air main.
const blowers: MachinesLayout = { x: 77000, dutyY: 12000, toward: 1 };
export const LANE = { x0: blowers.x + OUT_LENGTH, width: 10000, y0: 8000, length: 30000, height: 5500 };
const laneX1 = LANE.x0 + LANE.width;
// 4 Final clarifier: RAS pumps west of the clarifier, their main ending on the lane's east wall.
const fstMachines: MachinesLayout = { x: laneX1 + OUT_LENGTH, dutyY: 12000, toward: 1 };
const fstNozzleX = fstMachines.x + SUCTION_REACH + LA(4);
export const FST = { r: 14000, y: 23000, chamber: 3000 };
const fstX = fstNozzleX + FST.chamber + Math.sqrt(FST.r ** 2 - (FST.y - fstMachines.dutyY) ** 2);
// 5 Final effluent pumping: pumps west of the wet well.
const fePumps: MachinesLayout = { x: 142000, dutyY: 12000, toward: 1 };
export const WET_WELL = { x0: fePumps.x + SUCTION_REACH + LA(5), size: 8000, y0: 10500, height: 5000 };
// 6 Chemical dosing: dosing pumps west of the bulk tank, their line ending on the wet well's east wall.
const dosingPumps: MachinesLayout = { x: WET_WELL.x0 + WET_WELL.size + OUT_LENGTH, dutyY: 10000, toward: 1 };
const tankX = dosingPumps.x + SUCTION_REACH + LA(6) + stream(6).vessel.halfWidth;
// 7 Sludge digestion: gas compressors east of the digester.
const digesterX = 195500;
const digesterR = 8000;
const compressors: MachinesLayout = {
  x: digesterX + digesterR + LA(7) + SUCTION_REACH,
  dutyY: 23000,
  toward: -1,
};

const standbyY = (m: MachinesLayout): number => m.dutyY + HEADER_LENGTH;

export const ROW: Readonly<Record<number, RowLayout>> = {
  1: {
    cell: [0, 33000],
    vessel: [9500, 15000, 0],
    nozzleA: [16500, 15000, GROUND_LINE_Z],
    dirA: '+x',
    freeA: false,
    machines: inletMachines,
    out: () => connected('+x'),
    inlets: [],
    penstock: [2300, 15000, 0],
    level: [5000, 16350, 1500],
    panel: [21000, 27500, 0],
    bund: [25300, 12800, 30300, 25200],
  },
  2: {
    cell: [33000, 74000],
    vessel: [pstX, PST.y, 0],
    nozzleA: [pstX + PST.r, PST.y, GROUND_LINE_Z],
    dirA: '+x',
    freeA: false,
    machines: pstMachines,
    out: () => free('+y'),
    inlets: [[PST.chamberFace, standbyY(inletMachines), HEADER_Z]],
    level: [pstX + PST.r - 2000, PST.y, 3300],
    panel: [62000, 37000, 0],
    bund: [pstMachines.x - 2400, PST.y - 2200, pstMachines.x + 2600, standbyY(pstMachines) + 2200],
  },
  3: {
    cell: [74000, 102000],
    vessel: [LANE.x0 + LANE.width / 2, LANE.y0 + LANE.length / 2, 0],
    nozzleA: [laneX1, 30000, GROUND_LINE_Z],
    dirA: '+x',
    freeA: true,
    machines: blowers,
    out: () => connected('+x'),
    inlets: [
      [LANE.x0, standbyY(blowers), HEADER_Z],
      [laneX1, standbyY(fstMachines), HEADER_Z],
    ],
    mixer: [LANE.x0 + LANE.width / 2 + 1500, 26000, LANE.height + 150],
    quality: [LANE.x0 + 2000, 26000, LANE.height + 150],
    panel: [80500, 32000, 0],
    bund: [blowers.x - 2600, 9800, blowers.x + 2400, 22200],
  },
  4: {
    cell: [102000, 140000],
    vessel: [fstX, FST.y, 0],
    nozzleA: [fstNozzleX, fstMachines.dutyY, GROUND_LINE_Z],
    dirA: '-x',
    freeA: false,
    machines: fstMachines,
    out: (fluid) => (fluid === 'SAS' ? free('+y') : connected('-x')),
    inlets: [],
    penstock: [fstX + FST.r + 2000, FST.y, 0],
    level: [fstX + 6000, FST.y, 3800],
    panel: [104000, 34000, 0],
    bund: [fstMachines.x - 2100, 9800, fstMachines.x + 1900, 22200],
  },
  5: {
    cell: [140000, 164000],
    vessel: [WET_WELL.x0 + WET_WELL.size / 2, WET_WELL.y0 + WET_WELL.size / 2, 0],
    nozzleA: [WET_WELL.x0, fePumps.dutyY, GROUND_LINE_Z],
    dirA: '-x',
    freeA: false,
    machines: fePumps,
    out: () => free('+y'),
    inlets: [[WET_WELL.x0 + WET_WELL.size, standbyY(dosingPumps), HEADER_Z]],
    level: [WET_WELL.x0 + 2000, WET_WELL.y0 + WET_WELL.size / 2, WET_WELL.height + 300],
    panel: [152000, 25000, 0],
    bund: [fePumps.x - 1700, 9800, fePumps.x + 2300, 22200],
  },
  6: {
    cell: [164000, 185000],
    vessel: [tankX, dosingPumps.dutyY, 0],
    nozzleA: [tankX - stream(6).vessel.halfWidth, dosingPumps.dutyY, GROUND_LINE_Z],
    dirA: '-x',
    freeA: false,
    machines: dosingPumps,
    out: (fluid) => (fluid === 'FeCl3' ? free('+y') : connected('-x')),
    inlets: [],
    level: [tankX + 600, dosingPumps.dutyY + 600, 4400],
    quality: [tankX - 600, dosingPumps.dutyY - 600, 4400],
    panel: [174000, 24000, 0],
    bund: [dosingPumps.x - 2300, 7000, tankX + 2700, 20000],
  },
  7: {
    cell: [185000, ROW_WIDTH],
    vessel: [digesterX, compressors.dutyY, 0],
    nozzleA: [digesterX + digesterR, compressors.dutyY, GROUND_LINE_Z],
    dirA: '+x',
    freeA: false,
    machines: compressors,
    out: () => free('+y'),
    inlets: [],
    mixer: [digesterX - 3000, compressors.dutyY, 11200],
    quality: [digesterX + 3000, compressors.dutyY, 11200],
    panel: [200000, 37000, 0],
    bund: [compressors.x - 2600, 20800, compressors.x + 2200, 33200],
  },
};

export function rowLayout(area: number): RowLayout {
  const layout = ROW[area];
  if (!layout) throw new Error(`no layout for area ${area}`);
  return layout;
}

/** Where the outgoing leg (header end + OUT_LENGTH) ends, in row coordinates. */
export function outEnd(layout: RowLayout, fluid: string): Point {
  const { x } = layout.machines;
  const start: Point = [x, standbyY(layout.machines), HEADER_Z];
  const { dir } = layout.out(fluid);
  const sign = dir[0] === '-' ? -1 : 1;
  const axis = dir[1];
  return [
    start[0] + (axis === 'x' ? sign * OUT_LENGTH : 0),
    start[1] + (axis === 'y' ? sign * OUT_LENGTH : 0),
    start[2] + (axis === 'z' ? sign * OUT_LENGTH : 0),
  ];
}

/** Digester size, used by its body. */
export const DIGESTER = { r: digesterR, height: 10000 } as const;
