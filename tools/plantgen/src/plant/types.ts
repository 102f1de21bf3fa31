/** The abstract plant: what the IFC writer and the equipment list both read. Lengths are millimetres. */

export type PropValue = string | number;
/** A property name and value; strings become IfcLabel, numbers IfcReal. */
export type Prop = readonly [name: string, value: PropValue];

export type Axis = 'x' | 'y' | 'z';

export type Shape =
  /** A dx by dy rectangle centred on the element's position, extruded upwards by dz. */
  | { readonly kind: 'box'; readonly dx: number; readonly dy: number; readonly dz: number }
  /** A circle centred on the element's position, extruded along an axis by length. */
  | { readonly kind: 'cylinder'; readonly r: number; readonly length: number; readonly axis: Axis };

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
  /** Position relative to the storey: [x, y, z] in millimetres. */
  readonly position: readonly [number, number, number];
  readonly shape: Shape;
  readonly props: readonly Prop[];
  /** The pipeline line number this element belongs to, for grouping. */
  readonly line?: string;
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
}
