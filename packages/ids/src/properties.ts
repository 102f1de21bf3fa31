import { isRef, primitive, type IfcFile, type RawScalar, type RawValue } from './ifc.ts';
import { isSubtypeOf, schemaOf } from './schema.ts';
import { projectUnits, toSI } from './units.ts';

/**
 * The property sets of an element as IDS reads them: the type object's, overlaid by the occurrence's own
 * (a property of the same set and name on the occurrence wins); quantity sets; a material's or profile's
 * properties; the predefined property sets (IfcDoorPanelProperties …) with their attributes as properties.
 * Each property gives its data type (IFCLABEL, IFCLENGTHMEASURE …) and its values in SI units.
 */

export type PropertyValue = string | number | boolean;

export interface FoundProperty {
  name: string;
  /** the property's class (IFCPROPERTYSINGLEVALUE, IFCQUANTITYLENGTH …) */
  kind: string;
  /** whether IDS can read it (complex and reference properties cannot) */
  supported: boolean;
  /** the data type of each value list, upper case (a table has two: defining and defined) */
  columns: { dataType: string | null; values: PropertyValue[] }[];
  /** whether it holds no value (a null, an empty string, a logical unknown, an empty list) */
  empty: boolean;
}

export interface FoundPropertySet {
  name: string;
  properties: Map<string, FoundProperty>;
}

const QUANTITIES: Record<string, { value: string; measure: string }> = {
  IFCQUANTITYLENGTH: { value: 'LengthValue', measure: 'IFCLENGTHMEASURE' },
  IFCQUANTITYAREA: { value: 'AreaValue', measure: 'IFCAREAMEASURE' },
  IFCQUANTITYVOLUME: { value: 'VolumeValue', measure: 'IFCVOLUMEMEASURE' },
  IFCQUANTITYWEIGHT: { value: 'WeightValue', measure: 'IFCMASSMEASURE' },
  IFCQUANTITYTIME: { value: 'TimeValue', measure: 'IFCTIMEMEASURE' },
  IFCQUANTITYCOUNT: { value: 'CountValue', measure: 'IFCCOUNTMEASURE' },
  IFCQUANTITYNUMBER: { value: 'NumberValue', measure: 'IFCNUMERICMEASURE' },
};

const ROOT_ATTRIBUTES = new Set(['GlobalId', 'OwnerHistory', 'Name', 'Description']);

const refOf = (raw: RawValue): number | null => (isRef(raw) ? raw.value : null);

/** Adds a set to an element's sets: a set of a name already there is merged over it (the later wins). */
function addSet(
  sets: Map<string, FoundPropertySet>,
  merged: Set<FoundPropertySet>,
  set: FoundPropertySet,
): void {
  const existing = sets.get(set.name);
  if (!existing) {
    sets.set(set.name, set);
    return;
  }
  let target = existing;
  if (!merged.has(existing)) {
    target = { name: existing.name, properties: new Map(existing.properties) };
    merged.add(target);
    sets.set(set.name, target);
  }
  for (const [name, property] of set.properties) target.properties.set(name, property);
}

export class PropertyReader {
  private readonly units: Map<string, number>;
  private readonly cache = new Map<number, FoundPropertySet | null>();

  constructor(
    private readonly file: IfcFile,
    /** sets added by the caller, by element id (merged over the model's own of the same name) */
    private readonly extra?: ReadonlyMap<number, readonly FoundPropertySet[]>,
  ) {
    this.units = projectUnits(file);
  }

  /** The last element asked for (a specification asks for each element's sets once per facet in a row). */
  private last: { id: number; sets: Map<string, FoundPropertySet> } | null = null;

  /** The element's property sets by name. */
  setsOf(id: number): Map<string, FoundPropertySet> {
    if (this.last?.id === id) return this.last.sets;
    const sets = this.readSetsOf(id);
    this.last = { id, sets };
    return sets;
  }

  private readSetsOf(id: number): Map<string, FoundPropertySet> {
    const r = this.file.rel();
    const sets = new Map<string, FoundPropertySet>();
    // a set is shared with the cache until another of the same name merges into it (then it is copied)
    const merged = new Set<FoundPropertySet>();
    const type = r.typeOf.get(id);
    if (type !== undefined) this.addAll(sets, merged, r.psets.get(type));
    this.addAll(sets, merged, r.psets.get(id));
    this.addAll(sets, merged, r.materialProps.get(id));
    const extra = this.extra?.get(id);
    if (extra) for (const set of extra) addSet(sets, merged, set);
    return sets;
  }

  private addAll(
    sets: Map<string, FoundPropertySet>,
    merged: Set<FoundPropertySet>,
    definitions: number[] | undefined,
  ): void {
    if (!definitions) return;
    for (const d of definitions) {
      const set = this.readSet(d);
      if (set) addSet(sets, merged, set);
    }
  }

  private readSet(id: number): FoundPropertySet | null {
    if (this.cache.has(id)) return this.cache.get(id)!;
    // a definition of one element only is read when that element is checked, and not kept
    if (!this.file.rel().shared.has(id)) return this.readSetNow(id);
    const set = this.readSetNow(id);
    this.cache.set(id, set);
    return set;
  }

  private readSetNow(id: number): FoundPropertySet | null {
    const file = this.file;
    const type = file.typeOf(id);
    const name = file.text(id, 'Name');
    let set: FoundPropertySet | null = null;
    if (name !== null) {
      const properties = new Map<string, FoundProperty>();
      const schema = schemaOf(file.schema);
      if (
        type === 'IFCPROPERTYSET' ||
        type === 'IFCMATERIALPROPERTIES' ||
        type === 'IFCPROFILEPROPERTIES' ||
        type === 'IFCEXTENDEDMATERIALPROPERTIES'
      ) {
        const list =
          type === 'IFCPROPERTYSET'
            ? file.refs(id, 'HasProperties')
            : file.refs(id, type === 'IFCEXTENDEDMATERIALPROPERTIES' ? 'ExtendedProperties' : 'Properties');
        for (const p of list) {
          const property = this.readProperty(p);
          if (property) properties.set(property.name, property);
        }
      } else if (type === 'IFCELEMENTQUANTITY') {
        for (const q of file.refs(id, 'Quantities')) {
          const property = this.readProperty(q);
          if (property) properties.set(property.name, property);
        }
      } else if (
        isSubtypeOf(schema, type, 'IFCPREDEFINEDPROPERTYSET') ||
        isSubtypeOf(schema, type, 'IFCPROPERTYSETDEFINITION')
      ) {
        // a predefined property set: its own attributes are its properties
        const entity = schema.entities.get(type);
        for (const attribute of entity?.attributes ?? []) {
          if (ROOT_ATTRIBUTES.has(attribute.name)) continue;
          if (attribute.kind === 'entity' || attribute.kind === 'list' || attribute.kind === 'select')
            continue;
          const raw = file.attr(id, attribute.name);
          const value = primitive(raw);
          properties.set(attribute.name, {
            name: attribute.name,
            kind: type,
            supported: true,
            columns: [
              { dataType: attribute.type, values: value === null || value === undefined ? [] : [value] },
            ],
            empty: value === null || value === undefined || value === '',
          });
        }
      } else return null;
      set = { name, properties };
    }
    return set;
  }

  /** A value wrapper's primitive in SI units, and its data type. */
  private valueOf(
    raw: RawValue,
    unit: number | null,
  ): { dataType: string | null; value: PropertyValue | null } {
    if (raw === null || raw === undefined || Array.isArray(raw) || isRef(raw))
      return { dataType: null, value: null };
    const scalar = raw as RawScalar;
    const dataType = scalar.name ?? null;
    const value = primitive(raw);
    if (value === null || value === undefined) return { dataType, value: null };
    if (typeof value === 'number' && dataType)
      return { dataType, value: toSI(this.file, value, dataType, unit, this.units) };
    return { dataType, value };
  }

  private readProperty(id: number): FoundProperty | null {
    const file = this.file;
    const kind = file.typeOf(id);
    // the line once (a large model's property lines are parsed on each read, not kept)
    const line = file.line(id);
    const nameValue = primitive(line.Name);
    if (nameValue === null || nameValue === undefined) return null;
    const name = String(nameValue);
    const unit = refOf(line.Unit);
    if (kind === 'IFCPROPERTYSINGLEVALUE') {
      const { dataType, value } = this.valueOf(line.NominalValue, unit);
      return {
        name,
        kind,
        supported: true,
        columns: [{ dataType, values: value === null ? [] : [value] }],
        empty: value === null || value === '',
      };
    }
    const base = { name, kind, supported: true };
    const column = (raws: RawValue[], u: number | null) => {
      const read = raws.map((raw) => this.valueOf(raw, u));
      return {
        dataType: read.find((r) => r.dataType)?.dataType ?? null,
        values: read.map((r) => r.value).filter((v): v is PropertyValue => v !== null),
      };
    };
    const emptyOf = (columns: FoundProperty['columns']) =>
      columns.every((c) => c.values.length === 0 || c.values.every((v) => v === ''));
    if (kind === 'IFCPROPERTYENUMERATEDVALUE' || kind === 'IFCPROPERTYLISTVALUE') {
      const raw = line[kind === 'IFCPROPERTYLISTVALUE' ? 'ListValues' : 'EnumerationValues'];
      const columns = [column(Array.isArray(raw) ? raw : [], unit)];
      return { ...base, columns, empty: emptyOf(columns) };
    }
    if (kind === 'IFCPROPERTYBOUNDEDVALUE') {
      const raws = ['UpperBoundValue', 'LowerBoundValue', 'SetPointValue'].map((a) => line[a]);
      const columns = [
        column(
          raws.filter((r) => r !== null && r !== undefined),
          unit,
        ),
      ];
      return { ...base, columns, empty: emptyOf(columns) };
    }
    if (kind === 'IFCPROPERTYTABLEVALUE') {
      const defining = line.DefiningValues;
      const defined = line.DefinedValues;
      const columns = [
        column(Array.isArray(defining) ? defining : [], refOf(line.DefiningUnit)),
        column(Array.isArray(defined) ? defined : [], refOf(line.DefinedUnit)),
      ];
      return { ...base, columns, empty: emptyOf(columns) };
    }
    const quantity = QUANTITIES[kind];
    if (quantity) {
      const raw = line[quantity.value];
      const value = primitive(raw);
      const values =
        typeof value === 'number'
          ? [toSI(file, value, quantity.measure, unit, this.units)]
          : value === null || value === undefined
            ? []
            : [value];
      return { ...base, columns: [{ dataType: quantity.measure, values }], empty: values.length === 0 };
    }
    // complex properties, reference values and the like: named, but not something IDS can read
    return { ...base, supported: false, columns: [], empty: false };
  }
}
