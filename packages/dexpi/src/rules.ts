// The Proteus 4.1 rules the rule check holds a file to, for the elements Penstock writes (see ../README.md
// 'Schema check' for the source and what is and is not covered). Each element has its required attributes
// and its content as a sequence of slots: children must come in slot order, each slot naming the elements
// it allows and how many. Where the schema allows several orders, the slot order is the one the writer
// keeps: the rules are meant to be as strict as the schema or stricter, never looser.

export interface Slot {
  names: readonly string[];
  min: number;
  max: number;
}
export interface ElementRule {
  required: readonly string[];
  content: readonly Slot[];
  /** attributes holding a whole number of at least 0 */
  counts?: readonly string[];
}

const MANY = Number.POSITIVE_INFINITY;
const one = (...names: string[]): Slot => ({ names, min: 1, max: 1 });
const opt = (...names: string[]): Slot => ({ names, min: 0, max: 1 });
const any = (...names: string[]): Slot => ({ names, min: 0, max: MANY });
const some = (min: number, ...names: string[]): Slot => ({ names, min, max: MANY });

/** The head of every plant item (Proteus 'PlantItem'): geometry, labels and attributes. */
const PLANT_ITEM_HEAD = [
  opt('Extent'),
  opt('PersistentID'),
  opt('Position'),
  any('Label'),
  any('GenericAttributes'),
];
const PLANT_ITEM = ['ID', 'ComponentClass'] as const;

export const PROTEUS_RULES: Record<string, ElementRule> = {
  PlantModel: {
    required: [],
    content: [
      one('PlantInformation'),
      opt('Extent'),
      opt('Drawing'),
      any('Equipment', 'PipingNetworkSystem', 'ProcessInstrumentationFunction', 'InformationFlow'),
    ],
  },
  PlantInformation: {
    required: ['SchemaVersion', 'OriginatingSystem', 'Date', 'Time', 'Is3D', 'Units', 'Discipline'],
    content: [opt('UnitsOfMeasure')],
  },
  UnitsOfMeasure: { required: ['Distance'], content: [] },
  Extent: { required: [], content: [one('Min'), one('Max')] },
  Min: { required: ['X', 'Y'], content: [] },
  Max: { required: ['X', 'Y'], content: [] },
  Drawing: {
    required: ['Name', 'Type'],
    content: [one('Presentation'), opt('Extent'), any('GenericAttributes', 'Label', 'Text')],
  },
  Presentation: { required: ['Layer', 'Color', 'LineType', 'LineWeight', 'R', 'G', 'B'], content: [] },
  PersistentID: { required: ['Identifier', 'Context'], content: [] },
  Position: { required: [], content: [one('Location'), one('Axis'), one('Reference')] },
  Location: { required: ['X', 'Y', 'Z'], content: [] },
  Axis: { required: ['X', 'Y', 'Z'], content: [] },
  Reference: { required: ['X', 'Y', 'Z'], content: [] },
  Label: { required: ['ID', 'ComponentClass'], content: [any('Text')] },
  Text: { required: ['String', 'Height'], content: [opt('Presentation'), opt('Extent'), one('Position')] },
  GenericAttributes: { required: ['Set', 'Number'], content: [any('GenericAttribute')], counts: ['Number'] },
  GenericAttribute: { required: ['Name', 'Format'], content: [] },
  Association: { required: ['Type', 'ItemID'], content: [] },
  Equipment: {
    required: PLANT_ITEM,
    content: [...PLANT_ITEM_HEAD, any('Association'), any('Nozzle')],
  },
  Nozzle: {
    required: PLANT_ITEM,
    content: [...PLANT_ITEM_HEAD, opt('ConnectionPoints'), any('Association')],
  },
  ConnectionPoints: {
    required: ['NumPoints'],
    content: [some(1, 'Node')],
    counts: ['NumPoints', 'FlowIn', 'FlowOut'],
  },
  Node: { required: ['ID'], content: [opt('Position')] },
  PipingNetworkSystem: {
    required: PLANT_ITEM,
    content: [...PLANT_ITEM_HEAD, any('Association'), any('PipingNetworkSegment')],
  },
  PipingNetworkSegment: {
    required: PLANT_ITEM,
    content: [
      ...PLANT_ITEM_HEAD,
      any('Association'),
      any('CenterLine', 'PipingComponent'),
      opt('Connection'),
    ],
  },
  CenterLine: {
    required: ['NumPoints'],
    content: [opt('Presentation'), some(2, 'Coordinate')],
    counts: ['NumPoints'],
  },
  Coordinate: { required: ['X', 'Y'], content: [] },
  PipingComponent: {
    required: PLANT_ITEM,
    content: [...PLANT_ITEM_HEAD, opt('ConnectionPoints'), any('Association')],
  },
  Connection: { required: [], content: [], counts: ['FromNode', 'ToNode'] },
  ProcessInstrumentationFunction: {
    required: PLANT_ITEM,
    content: [...PLANT_ITEM_HEAD, opt('ConnectionPoints'), any('Association'), any('InformationFlow')],
  },
  InformationFlow: {
    required: PLANT_ITEM,
    content: [opt('Extent'), any('Label'), any('GenericAttributes'), any('Association'), opt('CenterLine')],
  },
};

/** Attributes whose value must be a number. */
export const NUMERIC_ATTRIBUTES: ReadonlySet<string> = new Set([
  'X',
  'Y',
  'Z',
  'Height',
  'Width',
  'R',
  'G',
  'B',
]);

/** Attributes naming another element by its ID (the schema's IDREFs). */
export const REFERENCE_ATTRIBUTES: readonly string[] = ['ItemID', 'FromID', 'ToID'];

/** Allowed values of enumerated attributes. */
export const ENUMERATIONS: Record<string, Record<string, readonly string[]>> = {
  PlantInformation: {
    Is3D: ['yes', 'no'],
    Units: ['Metre', 'Millimetre', 'Inch', 'Foot', 'mm', 'm'],
    Discipline: ['PID', 'PFD'],
  },
  Drawing: { Type: ['PID', 'PFD'] },
  Node: { Type: ['process', 'signal'] },
  Association: {
    Type: [
      'is a part of',
      'is a collection including',
      'is located in',
      'is the location of',
      'has logical start',
      'has logical end',
      'is logical start of',
      'is logical end of',
      'refers to',
      'is referenced by',
    ],
  },
};

/** IDs are xsd:ID, so XML names without a colon (NCName). */
export const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
