/**
 * The lines the object index reads, each kept as a small record of what the index uses (texts and ids), not
 * as web-ifc's line object. A record is made either from a line the importer's attribute pass has just
 * decoded (ObservedLines: the line itself is then let go with the importer's own) or, for a line the
 * importer did not read, from web-ifc on request (IndexReader). Both use the same decoders, so the index is
 * the same whichever way its lines came.
 */
import {
  IFCELEMENTQUANTITY,
  IFCPROPERTYENUMERATEDVALUE,
  IFCPROPERTYLISTVALUE,
  IFCPROPERTYSET,
  IFCPROPERTYSINGLEVALUE,
  IFCQUANTITYAREA,
  IFCQUANTITYCOUNT,
  IFCQUANTITYLENGTH,
  IFCQUANTITYNUMBER,
  IFCQUANTITYTIME,
  IFCQUANTITYVOLUME,
  IFCQUANTITYWEIGHT,
  IFCRELAGGREGATES,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCRELDEFINESBYPROPERTIES,
  IFCRELDEFINESBYTYPE,
  IFCRELNESTS,
  type IfcAPI,
} from 'web-ifc';
import { enumOf, refOf, refsOf, textOf } from './ifcLines.ts';

type Line = Record<string, unknown>;

/**
 * A member of a property set (a property) or of a quantity set (a quantity), flat: one object per member
 * (a plant holds about 16 per element).
 */
export interface MemberRecord {
  name: string;
  /** the unit the value names, if any */
  unit: number | undefined;
  /** whether it is a property a property set shows (a single, enumerated or list value) */
  isProperty: boolean;
  /** as a property: its value and the measure that names its default unit */
  value: string;
  measure: string;
  /** as a quantity: the name of its value attribute (null when it has none) and the value */
  quantityKey: string | null;
  quantityValue: string;
}

/** A property set or quantity set. */
export interface SetRecord {
  type: number;
  name: string;
  /** HasProperties of a property set, Quantities of a quantity set, else none */
  members: number[];
}

/** A relation: the relating object and the related ones. */
export interface RelRecord {
  relating: number | undefined;
  related: number[];
}

/** An object (element, space, spatial structure element, type object): what the index shows of it. */
export interface ObjectRecord {
  guid: string;
  name: string;
  longName: string;
  hasRepresentation: boolean;
  /** the PredefinedType as enumOf gives it ('' for none, NOTDEFINED, USERDEFINED) */
  predefinedType: string;
  objectType: string;
  tag: string;
  /** a storey's Elevation as written in the file (the importer later replaces it with an absolute one) */
  elevation: string;
  /** a type object's ElementType */
  elementType: string;
  /** a type object's HasPropertySets */
  propertySets: number[];
}

export interface UnitRecord {
  type: number;
  name: string;
  prefix: string;
  unitType: string;
}

/**
 * One copy of each of the few texts millions of records repeat (property names, measures, set names): web-ifc
 * gives every line its own strings, and at a million elements the copies alone took hundreds of megabytes.
 */
const INTERNED = new Map<string, string>();
/** the most texts kept (a file of unique names must not grow this without end) */
const INTERN_LIMIT = 100_000;
export function intern(text: string): string {
  const known = INTERNED.get(text);
  if (known !== undefined) return known;
  if (INTERNED.size < INTERN_LIMIT) INTERNED.set(text, text);
  return text;
}

const measureOf = (value: unknown): string =>
  value && typeof value === 'object' && 'name' in value
    ? intern(String((value as { name: unknown }).name))
    : '';

const typeOfLine = (line: Line): number => line.type as number;

/**
 * A single value's record: four fields, the rest from its class (a plant holds about 16 single values per
 * element, millions at 500k elements: three fields fewer is about a fifth of their memory).
 */
class SingleValueRecord implements MemberRecord {
  constructor(
    readonly name: string,
    readonly unit: number | undefined,
    readonly value: string,
    readonly measure: string,
  ) {}
  get isProperty(): boolean {
    return true;
  }
  get quantityKey(): string {
    return 'NominalValue';
  }
  get quantityValue(): string {
    return this.value;
  }
}

export function memberRecord(line: Line): MemberRecord {
  const type = typeOfLine(line);
  if (type === IFCPROPERTYSINGLEVALUE) {
    // the most common member by far: its first attribute named '...Value' is its NominalValue
    const nominal = line.NominalValue;
    return new SingleValueRecord(
      intern(textOf(line.Name)),
      refOf(line.Unit),
      textOf(nominal),
      measureOf(Array.isArray(nominal) ? nominal[0] : nominal),
    );
  }
  const isProperty = type === IFCPROPERTYENUMERATEDVALUE || type === IFCPROPERTYLISTVALUE;
  const value = type === IFCPROPERTYENUMERATEDVALUE ? line.EnumerationValues : line.ListValues;
  const key = Object.keys(line).find((k) => k.endsWith('Value') && k !== 'Formula');
  return {
    name: intern(textOf(line.Name)),
    unit: refOf(line.Unit),
    isProperty,
    value: isProperty ? textOf(value) : '',
    measure: isProperty ? measureOf(Array.isArray(value) ? value[0] : value) : '',
    quantityKey: key ?? null,
    quantityValue: key !== undefined ? textOf(line[key]) : '',
  };
}

export function setRecord(line: Line): SetRecord {
  const type = typeOfLine(line);
  return {
    type,
    name: intern(textOf(line.Name)),
    members: refsOf(
      type === IFCPROPERTYSET ? line.HasProperties : type === IFCELEMENTQUANTITY ? line.Quantities : [],
    ),
  };
}

/** The attributes that hold each relation's two ends. */
const REL_KEYS = new Map<number, [relating: string, related: string]>([
  [IFCRELDEFINESBYPROPERTIES, ['RelatingPropertyDefinition', 'RelatedObjects']],
  [IFCRELDEFINESBYTYPE, ['RelatingType', 'RelatedObjects']],
  [IFCRELCONTAINEDINSPATIALSTRUCTURE, ['RelatingStructure', 'RelatedElements']],
  [IFCRELAGGREGATES, ['RelatingObject', 'RelatedObjects']],
  [IFCRELNESTS, ['RelatingObject', 'RelatedObjects']],
]);

export function relRecord(line: Line): RelRecord {
  const [relating, related] = REL_KEYS.get(typeOfLine(line)) ?? ['', ''];
  return { relating: refOf(line[relating]), related: refsOf(line[related]) };
}

export function objectRecord(line: Line): ObjectRecord {
  return {
    guid: textOf(line.GlobalId),
    name: textOf(line.Name),
    longName: textOf(line.LongName),
    hasRepresentation: refOf(line.Representation) !== undefined,
    predefinedType: enumOf(line.PredefinedType),
    objectType: textOf(line.ObjectType),
    tag: textOf(line.Tag),
    elevation: textOf(line.Elevation),
    elementType: textOf(line.ElementType),
    propertySets: refsOf(line.HasPropertySets),
  };
}

export function unitRecord(line: Line): UnitRecord {
  return {
    type: typeOfLine(line),
    name: textOf(line.Name),
    prefix: textOf(line.Prefix),
    unitType: textOf(line.UnitType),
  };
}

const MEMBER_TYPES = new Set([
  IFCPROPERTYSINGLEVALUE,
  IFCPROPERTYENUMERATEDVALUE,
  IFCPROPERTYLISTVALUE,
  IFCQUANTITYLENGTH,
  IFCQUANTITYAREA,
  IFCQUANTITYVOLUME,
  IFCQUANTITYCOUNT,
  IFCQUANTITYWEIGHT,
  IFCQUANTITYTIME,
  IFCQUANTITYNUMBER,
]);
const SET_TYPES = new Set([IFCPROPERTYSET, IFCELEMENTQUANTITY]);

/**
 * Records of the lines the importer's attribute pass decodes, made as each line goes by. What kind of
 * record a line gives is decided by its class: properties and quantities, sets, the five relations the
 * index reads, and any other line with a GlobalId (elements, spaces, the spatial structure, type objects).
 * Lines of other classes are left alone (the index asks web-ifc for the few it needs).
 */
export class ObservedLines {
  readonly members = new Map<number, MemberRecord>();
  readonly sets = new Map<number, SetRecord>();
  readonly rels = new Map<number, RelRecord>();
  readonly objects = new Map<number, ObjectRecord>();

  observe(id: number, line: Line): void {
    const type = typeOfLine(line);
    if (MEMBER_TYPES.has(type)) this.members.set(id, memberRecord(line));
    else if (SET_TYPES.has(type)) this.sets.set(id, setRecord(line));
    else if (REL_KEYS.has(type)) this.rels.set(id, relRecord(line));
    else if ('GlobalId' in line) this.objects.set(id, objectRecord(line));
  }

  /** how many records are kept */
  get size(): number {
    return this.members.size + this.sets.size + this.rels.size + this.objects.size;
  }
}

/** How many lines one call into web-ifc fetches. */
const CHUNK = 5000;

/**
 * The index's view of an open model: express ids by class from web-ifc, and records of lines, taken from the
 * observed ones when there are any, else decoded now from web-ifc (one call per chunk, not per line). Each
 * answer is a Map in the order of the ids asked for, without the ids web-ifc has no line for.
 */
export class IndexReader {
  constructor(
    readonly api: IfcAPI,
    readonly modelID: number,
    private readonly observed: ObservedLines = new ObservedLines(),
  ) {}

  /** The express ids of a class (with its subclasses when `inherited`). */
  ids(type: number, inherited = false): number[] {
    const vector = this.api.GetLineIDsWithType(this.modelID, type, inherited);
    const out: number[] = new Array<number>(vector.size());
    for (let i = 0; i < out.length; i++) out[i] = vector.get(i);
    return out;
  }

  lineType(id: number): number {
    return this.api.GetLineType(this.modelID, id);
  }

  members(ids: readonly number[]): Map<number, MemberRecord> {
    return this.records(ids, this.observed.members, memberRecord);
  }

  sets(ids: readonly number[]): Map<number, SetRecord> {
    return this.records(ids, this.observed.sets, setRecord);
  }

  /**
   * The members of these ids, as a look-up: the observed records themselves and the others decoded now,
   * without a copy of the (millions of) observed ones.
   */
  memberLookup(ids: readonly number[]): (id: number) => MemberRecord | undefined {
    return this.lookup(ids, this.observed.members, memberRecord);
  }

  /** The sets of these ids, as a look-up (see memberLookup). */
  setLookup(ids: readonly number[]): (id: number) => SetRecord | undefined {
    return this.lookup(ids, this.observed.sets, setRecord);
  }

  rels(ids: readonly number[]): Map<number, RelRecord> {
    return this.records(ids, this.observed.rels, relRecord);
  }

  objects(ids: readonly number[]): Map<number, ObjectRecord> {
    return this.records(ids, this.observed.objects, objectRecord);
  }

  units(ids: readonly number[]): Map<number, UnitRecord> {
    return this.records(ids, new Map(), unitRecord);
  }

  /** The units of a unit assignment. */
  assignedUnits(assignment: number): number[] {
    return refsOf(this.fetch([assignment]).get(assignment)?.Units);
  }

  private records<R>(
    ids: readonly number[],
    kept: Map<number, R>,
    decode: (line: Line) => R,
  ): Map<number, R> {
    const missing = ids.filter((id) => !kept.has(id));
    const fetched = new Map<number, R>();
    for (const [id, line] of this.fetch(missing)) fetched.set(id, decode(line));
    const out = new Map<number, R>();
    for (const id of ids) {
      const record = kept.get(id) ?? fetched.get(id);
      if (record !== undefined) out.set(id, record);
    }
    return out;
  }

  private lookup<R>(
    ids: readonly number[],
    kept: Map<number, R>,
    decode: (line: Line) => R,
  ): (id: number) => R | undefined {
    const missing = new Set<number>();
    for (const id of ids) if (!kept.has(id)) missing.add(id);
    const fetched = new Map<number, R>();
    for (const [id, line] of this.fetch([...missing])) fetched.set(id, decode(line));
    return fetched.size ? (id) => kept.get(id) ?? fetched.get(id) : (id) => kept.get(id);
  }

  private fetch(ids: readonly number[]): Map<number, Line> {
    const out = new Map<number, Line>();
    for (let start = 0; start < ids.length; start += CHUNK) {
      const slice = ids.slice(start, start + CHUNK);
      const got = this.api.GetLines(this.modelID, slice, false, false) as Array<Line | undefined>;
      got.forEach((line, index) => {
        if (line) out.set(slice[index]!, line);
      });
    }
    return out;
  }
}
