/**
 * One module of a stream (a lane, train or unit) in its place in a row of the site (layout.ts): base slab
 * and road, a vessel, duty and standby machines with motors on plinths inside a bund, line A from the
 * vessel to the duty machine, line B rising from the machines to a deck header and on to the next unit,
 * valves at pipe joints, instruments on the pipes and the vessel, a control panel and a thrust block.
 * The random draws (and so every tag, size and property) are those of the first model; only geometry moved.
 */
import type { Rng } from '../rng.ts';
import {
  DISCHARGE_Z,
  PLINTH_HEIGHT,
  bundBodies,
  machineBody,
  mixerBody,
  motorBody,
  motorOffset,
  panelBody,
  penstockBody,
  plinthBody,
  slabBody,
  thrustBlockBody,
} from './bodies.ts';
import { ModuleBuilder, STOREY_ELEVATION } from './builder.ts';
import { fluid as fluidOf, outsideDiameter } from './fluids.ts';
import { INSTRUMENT_KINDS, valveKind } from './kinds.ts';
import {
  GROUND_LINE_Z,
  HEADER_LENGTH,
  HEADER_Z,
  OUT_LENGTH,
  ROAD_WIDTH,
  ROW_PITCH,
  SUCTION_REACH,
  lineALength,
  outEnd,
  rowLayout,
  type RowLayout,
} from './layout.ts';
import { civilProps, equipmentProps, panelProps, valveProps, type ModuleContext } from './props.ts';
import { add, axisOf, move, shift } from './solids.ts';
import type { StreamSpec } from './streams.ts';
import { drawingNumber, type TagBook } from './tags.ts';
import type { Body, IfcElementType, PlantModule, Point } from './types.ts';
import { vesselBody } from './vessels.ts';

export { DECK_ELEVATION } from './layout.ts';

interface CivilItem {
  readonly ifcType: IfcElementType;
  readonly predefinedType: string;
  readonly category: string;
  readonly prefix?: string;
  readonly what: string;
  readonly at: Point;
  readonly body: Body;
}

const SLAB_THICKNESS = 300;
const BUND = { thickness: 250, height: 1200 } as const;
const PENSTOCK_OPENING: Readonly<Record<number, readonly [width: number, depth: number]>> = {
  1: [2400, 1500],
  4: [2000, 3000],
};
const MIXER_SHAFT: Readonly<Record<number, number>> = { 3: 4000, 7: 8000 };

export interface ModuleInput {
  readonly stream: StreamSpec;
  readonly index: number;
  /** Site coordinates of the module's row (its south-west corner, mm). */
  readonly origin: readonly [number, number];
  readonly rng: Rng;
  readonly tags: TagBook;
  readonly drawingPrefix: string;
}

export function buildModule(input: ModuleInput): PlantModule {
  const { stream, rng, index } = input;
  const { area, vessel, mover } = stream;
  const layout = rowLayout(area);
  const { machines } = layout;
  const [ox, oy] = input.origin;
  const variant = rng.pick(stream.variants);
  const hazard = fluidOf(variant.a.fluid).hazard ?? fluidOf(variant.b.fluid).hazard;
  const ctx: ModuleContext = {
    area,
    drawing: drawingNumber(input.drawingPrefix, area, 1 + Math.floor(index / 2)),
    status: rng.chance(0.2) ? 'Existing' : 'New',
    ...(hazard ? { hazard } : {}),
  };
  const b = new ModuleBuilder(ctx, rng, input.tags);
  const at = (p: Point): Point => [ox + p[0], oy + p[1], p[2]];
  const label = (what: string): string => `${stream.name} ${what} ${index + 1}`;
  const machineYs = [machines.dutyY, machines.dutyY + HEADER_LENGTH] as const;
  const route = layout.out(variant.b.fluid);

  // Civil items; thrust blocks carry no Tag of their own.
  const [x0, x1] = layout.cell;
  const [bx0, by0, bx1, by1] = layout.bund;
  const [southWall, northWall] = bundBodies(bx1 - bx0, by1 - by0, BUND.thickness, BUND.height);
  const thrust = thrustBlock(layout, variant.b.fluid, route.free, lineALength(stream));
  const civil: CivilItem[] = [
    {
      ifcType: 'IFCSLAB',
      predefinedType: 'BASESLAB',
      category: 'Slab',
      prefix: 'SL',
      what: 'Base Slab',
      at: [x0, 0, -SLAB_THICKNESS],
      body: slabBody(x1 - x0, ROW_PITCH, ROAD_WIDTH, SLAB_THICKNESS),
    },
    ...[southWall, northWall].map((body, i): CivilItem => ({
      ifcType: 'IFCWALL',
      predefinedType: 'STANDARD',
      category: 'Wall',
      prefix: 'WL',
      what: i === 0 ? 'South Bund Wall' : 'North Bund Wall',
      at: [bx0, by0, 0],
      body,
    })),
    ...machineYs.map((y): CivilItem => ({
      ifcType: 'IFCFOOTING',
      predefinedType: 'PAD_FOOTING',
      category: 'Plinth',
      prefix: 'PL',
      what: 'Machine Plinth',
      at: [machines.x, y, 0],
      body: plinthBody(machines.toward),
    })),
    {
      ifcType: 'IFCBUILDINGELEMENTPROXY',
      predefinedType: 'USERDEFINED',
      category: 'Thrust Block',
      what: 'Thrust Block',
      at: thrust.at,
      body: thrustBlockBody(thrust.top),
    },
  ];
  for (const item of civil) {
    const tag = item.prefix ? b.nextTag(item.prefix) : undefined;
    b.add({
      ifcType: item.ifcType,
      predefinedType: item.predefinedType,
      objectType: item.category,
      category: item.category,
      ...(tag ? { tag } : {}),
      description: label(item.what),
      storey: 0,
      position: at(item.at),
      body: item.body,
      props: civilProps(ctx, tag, item.category, item.category.replace(/ /g, '')),
      ...(item.category === 'Thrust Block' ? { nozzles: [at(thrust.socket)] } : {}),
    });
  }

  // Vessel, mixer and inlet penstock.
  const vesselTag = b.nextTag(vessel.tagPrefix);
  b.add({
    ifcType: vessel.ifcType,
    predefinedType: vessel.predefinedType,
    objectType: vessel.objectType,
    category: vessel.category,
    tag: vesselTag,
    description: label(vessel.objectType),
    storey: 0,
    position: at(layout.vessel),
    body: vesselBody(area),
    props: equipmentProps(ctx, vesselTag, vessel.category, vessel.className, variant.a.fluid),
    nozzles: [layout.nozzleA, ...layout.inlets].map(at),
  });
  if (stream.mixer) {
    const tag = b.nextTag('MX');
    const props = equipmentProps(ctx, tag, 'Mixer', 'Mixer', variant.a.fluid);
    b.add({
      ifcType: 'IFCBUILDINGELEMENTPROXY',
      predefinedType: 'USERDEFINED',
      objectType: 'Mixer',
      category: 'Mixer',
      tag,
      description: label('Mixer'),
      storey: 0,
      position: at(required(layout.mixer, 'mixer')),
      body: mixerBody(MIXER_SHAFT[area] ?? 3000),
      props,
    });
  }
  if (stream.penstock) {
    const kind = valveKind('Penstock');
    const tag = b.nextTag(kind.tagPrefix);
    const props = valveProps(ctx, kind, tag, rng.pick(kind.actuators), { fluid: variant.a.fluid, size: 600 });
    const [width, depth] = PENSTOCK_OPENING[area] ?? [2000, 2000];
    b.add({
      ifcType: 'IFCVALVE',
      predefinedType: kind.predefinedType,
      objectType: 'Penstock',
      category: b.valveCategory('Penstock'),
      tag,
      description: label('Inlet Penstock'),
      storey: 0,
      position: at(required(layout.penstock, 'penstock')),
      body: penstockBody(width, depth),
      props,
    });
  }

  // Duty and standby machines with their motors.
  const machineTags = machineYs.map((y, i) => {
    const tag = b.nextTag(mover.tagPrefix);
    const props = equipmentProps(ctx, tag, mover.category, mover.className, variant.a.fluid);
    const description = `${label(mover.objectType)} (${i === 0 ? 'Duty' : 'Standby'})`;
    const position = at([machines.x, y, PLINTH_HEIGHT]);
    const suction = at([machines.x + machines.toward * SUCTION_REACH, y, GROUND_LINE_Z]);
    const discharge = at([machines.x, y, DISCHARGE_Z[mover.kind]]);
    b.add({
      ifcType: mover.ifcType,
      predefinedType: mover.predefinedType,
      objectType: mover.objectType,
      category: mover.category,
      tag,
      description,
      storey: 0,
      position,
      body: machineBody(mover.kind, machines.toward),
      props,
      nozzles: mover.kind === 'blower' ? [discharge] : [suction, discharge],
    });
    const motorTag = `M-${tag.slice(mover.tagPrefix.length + 1)}`;
    const motorProps = equipmentProps(ctx, motorTag, 'Motor', 'ElectricMotor');
    b.add({
      ifcType: 'IFCELECTRICMOTOR',
      predefinedType: 'INDUCTION',
      objectType: 'Motor',
      category: 'Motor',
      tag: motorTag,
      description: `Motor for ${tag}`,
      storey: 0,
      position: add(position, motorOffset(mover.kind, machines.toward)),
      body: motorBody(mover.kind, machines.toward),
      props: motorProps,
    });
    return tag;
  });
  const dutyTag = machineTags[0] as string;

  // Line A on the ground: from the vessel's outlet to the duty machine's suction (or into the vessel).
  const aFrom = variant.a.from ?? vesselTag;
  const aTo = variant.a.to === 'vessel' ? vesselTag : (variant.a.to ?? dutyTag);
  const lineA = b.newLine(variant.a, aFrom, aTo);
  const a = b.leg(lineA, 0, at(layout.nozzleA), layout.dirA, lineALength(stream), rng.int(2, 4));
  if (a.joints[0]) b.valve(lineA, rng.pick(stream.valves), 0, a.joints[0], 'x');

  // Line B: a riser from each machine with a non-return valve, a deck header, and on to the next unit.
  const lineB = b.newLine(variant.b, dutyTag, variant.b.to ?? 'Downstream');
  for (const y of machineYs) {
    const bottom = DISCHARGE_Z[mover.kind];
    const riser = b.leg(lineB, 0, at([machines.x, y, bottom]), '+z', HEADER_Z - bottom, 2);
    if (riser.joints[0]) b.valve(lineB, 'Non-Return Valve', 0, riser.joints[0], 'z');
  }
  const deck = HEADER_Z - STOREY_ELEVATION[1];
  const header = b.leg(lineB, 1, at([machines.x, machineYs[0], deck]), '+y', HEADER_LENGTH, 2);
  if (header.joints[0]) b.valve(lineB, rng.pick(stream.valves), 1, header.joints[0], 'y');
  const out = b.leg(lineB, 1, at([machines.x, machineYs[1], deck]), route.dir, OUT_LENGTH, rng.int(2, 3));
  out.joints.forEach((joint, i) => {
    const category = i === 0 && rng.chance(0.5) ? 'Control Valve' : rng.pick(stream.valves);
    b.valve(lineB, category, 1, joint, axisOf(route.dir));
  });

  // Instruments: level and quality on the vessel, the rest on top of line B.
  const tappings = [...header.mids, ...out.mids];
  const rB = outsideDiameter(lineB.size) / 2;
  for (const family of stream.instruments) {
    if (family === 'level')
      b.instrument(INSTRUMENT_KINDS.level, 0, at(required(layout.level, 'level')), variant.a.fluid);
    else if (family === 'quality') {
      if (stream.quality)
        b.instrument(stream.quality, 0, at(required(layout.quality, 'quality')), variant.a.fluid);
    } else {
      const mid = tappings.shift();
      if (mid) b.instrument(INSTRUMENT_KINDS[family], 1, shift(mid, 'z', rB), lineB.fluid, lineB);
    }
  }

  // Control panel: a kiosk on even modules, a local panel on odd ones.
  const panel = index % 2 === 0 ? 'Control Panel' : 'Local Control Panel';
  const panelTag = b.nextTag(index % 2 === 0 ? 'CP' : 'LCP');
  const props = panelProps(ctx, panelTag, panel);
  b.add({
    ifcType: 'IFCELECTRICDISTRIBUTIONBOARD',
    predefinedType: 'USERDEFINED',
    objectType: panel,
    category: panel,
    tag: panelTag,
    description: label(panel),
    storey: 0,
    position: at(layout.panel),
    body: panelBody(index % 2 === 0),
    props,
  });

  return { area, stream: stream.name, index, elements: b.elements, lines: b.lines };
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the layout has no ${what} position`);
  return value;
}

/**
 * Where the module's thrust block stands (row coordinates): round the free end of line A, as a pier under
 * line B's end when that drops below ground, else as a block under line A at the vessel's outlet.
 * `socket` is the pipe end it takes (or the outlet).
 */
function thrustBlock(
  layout: RowLayout,
  fluid: string,
  freeOut: boolean,
  lengthA: number,
): { at: Point; top: number; socket: Point } {
  if (layout.freeA) {
    const socket = move(layout.nozzleA, layout.dirA, lengthA);
    return { at: [socket[0], socket[1], 0], top: 1000, socket };
  }
  if (freeOut) {
    const end = outEnd(layout, fluid);
    return { at: [end[0], end[1], 0], top: end[2] + 500, socket: end };
  }
  const [nx, ny] = layout.nozzleA;
  const back = layout.dirA === '+x' ? 600 : -600;
  return { at: [nx + back, ny, 0], top: GROUND_LINE_Z - 350, socket: layout.nozzleA };
}
