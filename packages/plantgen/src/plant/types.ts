/** The abstract plant: what the IFC writer and the equipment list both read. Lengths are millimetres. */
import type { StyleKey } from './palette.ts';

export type PropValue = string | number;
/** A property name and value; strings become IfcLabel, numbers IfcReal. */
export type Prop = readonly [name: string, value: PropValue];

export type Axis = 'x' | 'y' | 'z';
/** A direction along a site axis. */
export type Dir = '+x' | '-x' | '+y' | '-y' | '+z' | '-z';
export type Point = readonly [number, number, number];

/**
 * One extruded solid of an element's body, placed at `at` in the element's own coordinates and coloured by
 * `style` (a palette entry). Boxes, rings and frames stand on `at` and rise by dz.
 */
export type Solid =
  /** A dx by dy rectangle centred on `at`, extruded upwards by dz. */
  | BoxSolid
  /** A circle centred on `at`, extruded along +axis by length. */
  | {
      readonly kind: 'cylinder';
      readonly at: Point;
      readonly r: number;
      readonly length: number;
      readonly axis: Axis;
      readonly style: StyleKey;
    }
  /** A round wall: outer radius r, thickness t, centred on `at`, extruded upwards by dz. */
  | {
      readonly kind: 'ring';
      readonly at: Point;
      readonly r: number;
      readonly t: number;
      readonly dz: number;
      readonly style: StyleKey;
    }
  /** Four walls: outer dx by dy, thickness t, centred on `at`, extruded upwards by dz. */
  | {
      readonly kind: 'frame';
      readonly at: Point;
      readonly dx: number;
      readonly dy: number;
      readonly t: number;
      readonly dz: number;
      readonly style: StyleKey;
    }
  /** A gable: a triangle of base w and height h standing on `at`, extruded along +axis by length. */
  | {
      readonly kind: 'prism';
      readonly at: Point;
      readonly w: number;
      readonly h: number;
      readonly length: number;
      readonly axis: 'x' | 'y';
      readonly style: StyleKey;
    };

export interface BoxSolid {
  readonly kind: 'box';
  readonly at: Point;
  readonly dx: number;
  readonly dy: number;
  readonly dz: number;
  readonly style: StyleKey;
}

/** An element's geometry: one or more solids, each written as a styled IfcExtrudedAreaSolid. */
export type Body = readonly Solid[];
/** One part of a body (the name the first, single-solid model used). */
export type Shape = Solid;

/** Physical element classes written; each takes GlobalId .. Tag and a PredefinedType. */
export type IfcElementType =
  | 'IFCBUILDINGELEMENTPROXY'
  | 'IFCCOMPRESSOR'
  | 'IFCELECTRICDISTRIBUTIONBOARD'
  | 'IFCELECTRICMOTOR'
  | 'IFCFAN'
  | 'IFCFILTER'
  | 'IFCFLOWMETER'
  | 'IFCFOOTING'
  | 'IFCPIPESEGMENT'
  | 'IFCPUMP'
  | 'IFCROOF'
  | 'IFCSENSOR'
  | 'IFCSLAB'
  | 'IFCTANK'
  | 'IFCVALVE'
  | 'IFCWALL';

export const IFC_ELEMENT_TYPES: readonly IfcElementType[] = [
  'IFCBUILDINGELEMENTPROXY',
  'IFCCOMPRESSOR',
  'IFCELECTRICDISTRIBUTIONBOARD',
  'IFCELECTRICMOTOR',
  'IFCFAN',
  'IFCFILTER',
  'IFCFLOWMETER',
  'IFCFOOTING',
  'IFCPIPESEGMENT',
  'IFCPUMP',
  'IFCROOF',
  'IFCSENSOR',
  'IFCSLAB',
  'IFCTANK',
  'IFCVALVE',
  'IFCWALL',
];

/** 0 is 'Ground Floor', 1 is 'Upper Deck'. */
export type StoreyIndex = 0 | 1;

export interface PlantElement {
  readonly ifcType: IfcElementType;
  readonly predefinedType: string;
  /** Written as ObjectType; required by IFC when predefinedType is USERDEFINED. */
  readonly objectType: string;
  readonly name: string;
  readonly description: string;
  readonly tag?: string;
  /** The 'P&ID Class', a name from ASSET_CATEGORIES. */
  readonly category: string;
  readonly storey: StoreyIndex;
  /** Position relative to the storey: [x, y, z] in millimetres; the origin of the body's coordinates. */
  readonly position: Point;
  readonly body: Body;
  readonly props: readonly Prop[];
  /** The pipeline line number this element belongs to, for grouping. */
  readonly line?: string;
  /** A pipe segment's centreline, start and end, in site coordinates (z above the ground floor). */
  readonly run?: readonly [Point, Point];
  /** Where pipes connect to this element, in site coordinates: vessel outlets, machine nozzles, inlets. */
  readonly nozzles?: readonly Point[];
}

export interface PlantLine {
  readonly number: string;
  readonly description: string;
  readonly fluid: string;
  /** IfcDistributionSystemEnum value. */
  readonly systemType: string;
}

export interface PlantModule {
  readonly area: number;
  readonly stream: string;
  /** Index of the module within its stream. */
  readonly index: number;
  readonly elements: readonly PlantElement[];
  readonly lines: readonly PlantLine[];
}

export interface PlantOptions {
  /** Number of physical elements to generate (exact). */
  readonly elements: number;
  readonly seed: number;
  /** Project name; defaults to 'Ravensworth Water Treatment Works'. */
  readonly name?: string;
  /**
   * Add each row's buildings (blower house, MCC building, chemical building) after its seventh module.
   * They count among `elements`, so the same size holds fewer process modules; off by default, so a size
   * and seed give the plant the benchmarks were measured on.
   */
  readonly buildings?: boolean;
}
