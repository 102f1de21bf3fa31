// The Proteus 4.1.1 rules the rule check holds a file to, for the elements Penstock writes (see ../README.md
// 'Schema check': checked against ProteusPIDSchema 4.1.1 RC1, what is and is not covered). Each element has
// its required attributes and its content as a sequence of slots: children must come in slot order, each
// slot naming the elements it allows and how many. Where the schema allows several orders, the slot order is
// the one the writer keeps; where it allows an attribute to be left out, the writer may still be held to
// writing it: the rules are meant to be as strict as the schema or stricter, never looser.

export interface Slot {
  names: readonly string[];
  min: number;
  max: number;
}
export interface ElementRule {
  required: readonly string[];
  content: readonly Slot[];
  /** attributes holding a whole number of at least 0 (xsd:nonNegativeInteger) */
  counts?: readonly string[];
  /** attributes holding a whole number of at least 1 (xsd:positiveInteger) */
  positive?: readonly string[];
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
    content: [one('UnitsOfMeasure')],
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
  Text: {
    required: ['String', 'Font', 'Width', 'Height'],
    content: [opt('Presentation'), opt('Extent'), one('Position')],
  },
  GenericAttributes: {
    required: ['Set', 'Number'],
    content: [some(1, 'GenericAttribute')],
    counts: ['Number'],
  },
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
    counts: ['NumPoints'],
    positive: ['FlowIn', 'FlowOut'],
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
  Connection: { required: [], content: [], positive: ['FromNode', 'ToNode'] },
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

/** Attributes of type Colour: a number from 0 to 1. */
export const COLOUR_ATTRIBUTES: ReadonlySet<string> = new Set(['R', 'G', 'B']);

/** Attributes naming another element by its ID (ItemID is the schema's IDREF; Connection's FromID and ToID
 * are strings that may also hold a tag, but the writer always names an ID, and the check holds it to that). */
export const REFERENCE_ATTRIBUTES: readonly string[] = ['ItemID', 'FromID', 'ToID'];

/** Attributes with a lexical form: xsd:date and xsd:time. */
export const PATTERNS: Record<string, Record<string, RegExp>> = {
  PlantInformation: {
    Date: /^-?\d{4,}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?$/,
    Time: /^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/,
  },
};

/** The schema's LengthUnitsType. */
const LENGTH_UNITS = [
  ...['mm', 'cm', 'dm', 'm', 'km', 'in', 'ft', 'yd', 'Millimetre', 'Centimetre', 'Decimetre', 'Metre'],
  ...['Kilometre', 'Inch', 'Yard', 'Mile', 'Foot', 'Picometre', 'Micrometre', 'Megametre', 'Nanometre'],
  ...['Femtometre', 'Fathom', 'Mil', 'Parsec', 'Angstrom', 'TenthOfAnInch', 'NauticalMile', '16thOfAnInch'],
  ...['32ndOfAnInch', '64thOfAnInch', 'ImperialYard', 'ImperialFoot', 'UsSurveyInch', 'UsSurveyFoot'],
  ...['UsSurveyMile', 'UsSurveyChain', 'UsSurveyLink', 'ClarkeChain', 'ClarkeLink', 'ClarkeYard'],
  ...['SearsChain', 'SearsLink', 'SearsFoot', 'SearsYard', 'GermanLegalMetre', 'GoldCoastFoot'],
  ...['ModifiedAmericanFoot', 'IndianGeodeticFoot', 'IndianYard'],
];

/** The schema's Association Type values. */
const ASSOCIATION_TYPES = [
  ...['is about', 'is a subject of', 'is associated with', 'is a boundary of', 'refers to'],
  ...['is referenced by', 'is referenced in', 'describes', 'is described in', 'indirectly describes'],
  ...['is indirectly described in', 'defines', 'is defined in', 'is defined by', 'contains'],
  ...['is contained in', 'indirectly defines', 'is indirectly defined in', 'is connected to'],
  ...['is logically connected to', 'has logical start', 'is logical start of', 'has logical end'],
  ...['is logical end of', 'is involved with role in', 'is an activity with role involving'],
  ...['is fulfilled by', 'fulfills', 'is a part of', 'is an assembly including', 'is a component of'],
  ...['is a composition including', 'is an element of', 'is a collection including', 'is identified by'],
  ...['is an identifier for', 'is a template including', 'is a component of template'],
  ...['is a template that refers to', 'is a reference in template', 'is classified as'],
  ...['is incidentally classified as', 'has dataset', 'is a dataset of', 'is a comment referring to'],
  ...['is referenced in comment', 'has document', 'is a document for', 'is the location of'],
  ...['is located in', 'is upstream of', 'is downstream of', 'is the responsibility of'],
];

/** Allowed values of enumerated attributes. */
export const ENUMERATIONS: Record<string, Record<string, readonly string[]>> = {
  // SchemaVersion, Is3D and Discipline are fixed values in the schema
  PlantInformation: { SchemaVersion: ['4.1.1'], Is3D: ['no'], Units: LENGTH_UNITS, Discipline: ['PID'] },
  UnitsOfMeasure: { Distance: LENGTH_UNITS },
  Drawing: { Type: ['PID'] },
  Text: {
    Justification: [
      ...['LeftTop', 'LeftCenter', 'LeftBottom', 'CenterTop', 'CenterCenter', 'CenterBottom'],
      ...['RightTop', 'RightCenter', 'RightBottom'],
    ],
  },
  GenericAttribute: {
    Format: ['string', 'byte', 'short', 'integer', 'long', 'ulong', 'float', 'double', 'anyURI'],
  },
  Node: {
    Type: ['unspecified', 'process', 'signal'],
    Function: ['unspecified', 'primary', 'secondary', 'tap'],
    Flow: ['unspecified', 'in', 'out', 'both'],
  },
  Association: { Type: ASSOCIATION_TYPES },
};

/** IDs are xsd:ID, so XML names without a colon (NCName). */
export const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
