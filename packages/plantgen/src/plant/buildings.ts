/**
 * Buildings of one row (opt in with `buildings: true`): a blower house round the aeration blowers, an MCC
 * building beside the final effluent pumps and a chemical building over the dosing bund. Each is two
 * L-shaped IfcWall, an IfcSlab floor and an IfcRoof: pure building elements with a 'P&ID Class' and no Tag.
 * They are extra elements, counted in `elements`, so a plant with buildings holds fewer process modules for
 * the same size (the modules themselves are unchanged).
 */
import { bundBodies } from './bodies.ts';
import { civilProps, type ModuleContext } from './props.ts';
import { block, box, gable } from './solids.ts';
import { drawingNumber } from './tags.ts';
import type { Body, IfcElementType, PlantElement, PlantModule, Point } from './types.ts';

interface BuildingSpec {
  readonly name: string;
  /** The process area it serves (for its drawing number). */
  readonly area: number;
  /** Footprint in row coordinates: [x0, y0, x1, y1]. */
  readonly at: readonly [number, number, number, number];
  readonly height: number;
  /** Ridge height above the eaves; 0 for a flat roof (the blower house's risers pass through it). */
  readonly ridge: number;
}

export const BUILDINGS: readonly BuildingSpec[] = [
  { name: 'Blower House', area: 3, at: [74200, 9300, 79900, 22700], height: 4000, ridge: 0 },
  { name: 'MCC Building', area: 5, at: [146000, 29000, 160000, 37000], height: 4200, ridge: 1300 },
  { name: 'Chemical Building', area: 6, at: [165400, 6600, 183600, 20400], height: 5600, ridge: 1500 },
];

const WALL = 250;
const OVERHANG = 300;

function roofBody(width: number, depth: number, spec: BuildingSpec): Body {
  if (spec.ridge === 0)
    return [box([width / 2, depth / 2, 0], width + 2 * OVERHANG, depth + 2 * OVERHANG, 200, 'roof')];
  return [
    box([width / 2, depth / 2, 0], width + 2 * OVERHANG, depth + 2 * OVERHANG, 120, 'roof'),
    gable([-OVERHANG, depth / 2, 120], depth + 2 * OVERHANG, spec.ridge, width + 2 * OVERHANG, 'x', 'roof'),
  ];
}

/** The four elements of one building, in site coordinates from the row's origin. */
function building(
  spec: BuildingSpec,
  index: number,
  origin: readonly [number, number],
  prefix: string,
): PlantElement[] {
  const [x0, y0, x1, y1] = spec.at;
  const width = x1 - x0;
  const depth = y1 - y0;
  const corner: Point = [origin[0] + x0, origin[1] + y0, 0];
  const ctx: ModuleContext = {
    area: spec.area,
    drawing: drawingNumber(prefix, spec.area, 1 + Math.floor(index / 2)),
    status: 'New',
  };
  const [south, north] = bundBodies(width, depth, WALL, spec.height, 'brick');
  const door = block([width / 2 - 1200, -40, 0], [width / 2 + 1200, 0, 3000], 'steel');
  const part = (
    ifcType: IfcElementType,
    predefinedType: string,
    category: string,
    what: string,
    position: Point,
    body: Body,
  ): PlantElement => ({
    ifcType,
    predefinedType,
    objectType: what,
    name: what,
    description: `${spec.name} ${what} ${index + 1}`,
    category,
    storey: 0,
    position,
    body,
    props: civilProps(ctx, undefined, category, category.replace(/ /g, '')),
  });
  return [
    part('IFCWALL', 'STANDARD', 'Wall', 'South and West Walls', corner, [...south, door]),
    part('IFCWALL', 'STANDARD', 'Wall', 'North and East Walls', corner, north),
    part('IFCSLAB', 'FLOOR', 'Slab', 'Floor Slab', corner, [
      block([0, 0, 0], [width, depth, 150], 'concrete'),
    ]),
    part(
      'IFCROOF',
      spec.ridge === 0 ? 'FLAT_ROOF' : 'GABLE_ROOF',
      'Structure',
      'Roof',
      [corner[0], corner[1], spec.height],
      roofBody(width, depth, spec),
    ),
  ];
}

/** The buildings of row `index`, as a module of their own (area 0, no lines). */
export function buildingsModule(
  index: number,
  origin: readonly [number, number],
  drawingPrefix: string,
): PlantModule {
  return {
    area: 0,
    stream: 'Buildings',
    index,
    elements: BUILDINGS.flatMap((spec) => building(spec, index, origin, drawingPrefix)),
    lines: [],
  };
}
