/**
 * One module of a stream (a lane, train or unit) on a 30 m x 20 m slab: a vessel, duty and standby machines
 * with motors on plinths, a ground-level line A, a line B rising from the machines to the upper deck,
 * valves at pipe joints, instruments, a control panel and civil items.
 */
import type { Rng } from '../rng.ts';
import { ModuleBuilder, box, rod, shift, type Point } from './builder.ts';
import { fluid as fluidOf, outsideDiameter } from './fluids.ts';
import { INSTRUMENT_KINDS, valveKind } from './kinds.ts';
import { civilProps, equipmentProps, panelProps, valveProps, type ModuleContext } from './props.ts';
import type { StreamSpec } from './streams.ts';
import { drawingNumber, type TagBook } from './tags.ts';
import type { IfcElementType, PlantModule, Shape } from './types.ts';

export const MODULE_SIZE = { x: 30000, y: 20000 } as const;
/** Height of the upper deck storey above the ground floor (mm). */
export const DECK_ELEVATION = 4000;
/** Machines stand on plinths at these y positions. */
const MACHINE_Y = [6000, 14000] as const;
const MACHINE_SIZE = {
  pump: [1000, 600, 800],
  blower: [1600, 1000, 1400],
  compressor: [1400, 900, 1200],
} as const;

interface CivilItem {
  readonly ifcType: IfcElementType;
  readonly predefinedType: string;
  readonly category: string;
  readonly prefix?: string;
  readonly what: string;
  readonly at: Point;
  readonly shape: Shape;
}

const CIVIL: readonly CivilItem[] = [
  {
    ifcType: 'IFCSLAB',
    predefinedType: 'BASESLAB',
    category: 'Slab',
    prefix: 'SL',
    what: 'Base Slab',
    at: [15000, 10000, -300],
    shape: box(MODULE_SIZE.x, MODULE_SIZE.y, 300),
  },
  ...[150, 19850].map((y, i): CivilItem => ({
    ifcType: 'IFCWALL',
    predefinedType: 'STANDARD',
    category: 'Wall',
    prefix: 'WL',
    what: i === 0 ? 'South Bund Wall' : 'North Bund Wall',
    at: [15000, y, 0],
    shape: box(MODULE_SIZE.x, 300, 1200),
  })),
  ...MACHINE_Y.map((y): CivilItem => ({
    ifcType: 'IFCFOOTING',
    predefinedType: 'PAD_FOOTING',
    category: 'Plinth',
    prefix: 'PL',
    what: 'Machine Plinth',
    at: [21300, y, 0],
    shape: box(2600, 1600, 200),
  })),
  {
    ifcType: 'IFCBUILDINGELEMENTPROXY',
    predefinedType: 'USERDEFINED',
    category: 'Thrust Block',
    what: 'Thrust Block',
    at: [20300, 10000, 0],
    shape: box(700, 700, 500),
  },
];

export interface ModuleInput {
  readonly stream: StreamSpec;
  readonly index: number;
  /** Site coordinates of the module's corner (mm). */
  readonly origin: readonly [number, number];
  readonly rng: Rng;
  readonly tags: TagBook;
  readonly drawingPrefix: string;
}

export function buildModule(input: ModuleInput): PlantModule {
  const { stream, rng, index } = input;
  const { area, vessel, mover } = stream;
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
  const at = (x: number, y: number, z: number): Point => [ox + x, oy + y, z];
  const label = (what: string): string => `${stream.name} ${what} ${index + 1}`;

  // Civil items; thrust blocks carry no Tag of their own.
  for (const item of CIVIL) {
    const tag = item.prefix ? b.nextTag(item.prefix) : undefined;
    b.add({
      ifcType: item.ifcType,
      predefinedType: item.predefinedType,
      objectType: item.category,
      category: item.category,
      ...(tag ? { tag } : {}),
      description: label(item.what),
      storey: 0,
      position: at(...item.at),
      shape: item.shape,
      props: civilProps(ctx, tag, item.category, item.category.replace(/ /g, '')),
    });
  }

  // Vessel, mixer and inlet penstock.
  const vesselTag = b.nextTag(vessel.tagPrefix);
  const vesselHeight = vessel.shape.kind === 'box' ? vessel.shape.dz : vessel.shape.length;
  b.add({
    ifcType: vessel.ifcType,
    predefinedType: vessel.predefinedType,
    objectType: vessel.objectType,
    category: vessel.category,
    tag: vesselTag,
    description: label(vessel.objectType),
    storey: 0,
    position: at(8000, 10000, 0),
    shape: vessel.shape,
    props: equipmentProps(ctx, vesselTag, vessel.category, vessel.className, variant.a.fluid),
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
      position: at(8000, 10000, vesselHeight),
      shape: rod(350, 1200, 'z'),
      props,
    });
  }
  if (stream.penstock) {
    const kind = valveKind('Penstock');
    const tag = b.nextTag(kind.tagPrefix);
    const props = valveProps(ctx, kind, tag, rng.pick(kind.actuators), { fluid: variant.a.fluid, size: 600 });
    const position = at(8000 - vessel.halfWidth - 700, 10000, 0);
    b.add({
      ifcType: 'IFCVALVE',
      predefinedType: kind.predefinedType,
      objectType: 'Penstock',
      category: b.valveCategory('Penstock'),
      tag,
      description: label('Inlet Penstock'),
      storey: 0,
      position,
      shape: box(250, 1600, 2200),
      props,
    });
  }

  // Duty and standby machines with their motors.
  const [mdx, mdy, mdz] = MACHINE_SIZE[mover.kind];
  const machineTags = MACHINE_Y.map((y, i) => {
    const tag = b.nextTag(mover.tagPrefix);
    const props = equipmentProps(ctx, tag, mover.category, mover.className, variant.a.fluid);
    const description = `${label(mover.objectType)} (${i === 0 ? 'Duty' : 'Standby'})`;
    b.add({
      ifcType: mover.ifcType,
      predefinedType: mover.predefinedType,
      objectType: mover.objectType,
      category: mover.category,
      tag,
      description,
      storey: 0,
      position: at(21000, y, 200),
      shape: box(mdx, mdy, mdz),
      props,
    });
    const motorTag = `M-${tag.slice(mover.tagPrefix.length + 1)}`;
    const motorProps = equipmentProps(ctx, motorTag, 'Motor', 'ElectricMotor');
    const position = at(21000 + mdx / 2, y, 200 + mdz / 2);
    b.add({
      ifcType: 'IFCELECTRICMOTOR',
      predefinedType: 'INDUCTION',
      objectType: 'Motor',
      category: 'Motor',
      tag: motorTag,
      description: `Motor for ${tag}`,
      storey: 0,
      position,
      shape: rod(260, 700, 'x'),
      props: motorProps,
    });
    return tag;
  });
  const dutyTag = machineTags[0] as string;

  // Line A on the ground: from the vessel to the machines (or into the vessel).
  const aFrom = variant.a.from ?? vesselTag;
  const aTo = variant.a.to === 'vessel' ? vesselTag : (variant.a.to ?? dutyTag);
  const lineA = b.newLine(variant.a, aFrom, aTo);
  const aStart = 8000 + vessel.halfWidth + 300;
  const a = b.leg(lineA, 0, at(aStart, 10000, 600), 'x', 20000 - aStart, rng.int(2, 4));
  if (a.joints[0]) b.valve(lineA, rng.pick(stream.valves), 0, a.joints[0], 'x');

  // Line B: a riser from each machine with a non-return valve, then a deck header out of the module.
  const lineB = b.newLine(variant.b, dutyTag, variant.b.to ?? 'Downstream');
  for (const y of MACHINE_Y) {
    const bottom = 200 + mdz;
    const riser = b.leg(lineB, 0, at(21000, y, bottom), 'z', DECK_ELEVATION + 500 - bottom, 2);
    if (riser.joints[0]) b.valve(lineB, 'Non-Return Valve', 0, riser.joints[0], 'z');
  }
  const header = b.leg(lineB, 1, at(21000, MACHINE_Y[0], 500), 'y', MACHINE_Y[1] - MACHINE_Y[0], 2);
  if (header.joints[0]) b.valve(lineB, rng.pick(stream.valves), 1, header.joints[0], 'y');
  const out = b.leg(lineB, 1, at(21000, MACHINE_Y[1], 500), 'x', MODULE_SIZE.x - 300 - 21000, rng.int(2, 3));
  out.joints.forEach((joint, i) => {
    b.valve(lineB, i === 0 && rng.chance(0.5) ? 'Control Valve' : rng.pick(stream.valves), 1, joint, 'x');
  });

  // Instruments: level and quality on the vessel roof, the rest on top of line B.
  const tappings = [...header.mids, ...out.mids];
  const rB = outsideDiameter(lineB.size) / 2;
  for (const family of stream.instruments) {
    if (family === 'level')
      b.instrument(INSTRUMENT_KINDS.level, 0, at(7200, 10800, vesselHeight), variant.a.fluid);
    else if (family === 'quality') {
      if (stream.quality) b.instrument(stream.quality, 0, at(8800, 9200, vesselHeight), variant.a.fluid);
    } else {
      const mid = tappings.shift();
      if (mid) b.instrument(INSTRUMENT_KINDS[family], 1, shift(mid, 'z', rB), lineB.fluid, lineB);
    }
  }

  // Control panel.
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
    position: at(26000, 18600, 0),
    shape: box(1200, 500, 2000),
    props,
  });

  return { area, stream: stream.name, index, elements: b.elements, lines: b.lines };
}
