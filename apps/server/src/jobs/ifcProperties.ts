/**
 * Property sets and quantity sets of a model, read in bulk: each relation line is visited once and each set
 * read once even when many objects share it. Sets reach an object through IfcRelDefinesByProperties, and a
 * type object's sets (its HasPropertySets, or relations to the type) reach its occurrences through
 * IfcRelDefinesByType, marked `fromType`. An occurrence's own value wins over its type's for the same set
 * and name (IFC's override rule), so the type's is then left out.
 */
import {
  IFCCONVERSIONBASEDUNIT,
  IFCELEMENTQUANTITY,
  IFCPROPERTYSET,
  IFCRELDEFINESBYPROPERTIES,
  IFCRELDEFINESBYTYPE,
  IFCSIUNIT,
  IFCUNITASSIGNMENT,
} from 'web-ifc';
import type { IndexReader, UnitRecord } from './indexLines.ts';

/** One property of an object, as stored and as answered (without dbId). */
export interface StoredProperty {
  displayName: string;
  displayValue: string;
  displayCategory: string;
  units: string;
  /** set on properties the object has through its type object */
  fromType?: true;
}

const SI_PREFIX: Record<string, string> = { MILLI: 'm', CENTI: 'c', KILO: 'k', MEGA: 'M', DECI: 'd' };
const SI_NAME: Record<string, string> = {
  METRE: 'm',
  SQUARE_METRE: 'm²',
  CUBIC_METRE: 'm³',
  GRAM: 'g',
  SECOND: 's',
  PASCAL: 'Pa',
  DEGREE_CELSIUS: '°C',
  KELVIN: 'K',
  WATT: 'W',
  VOLT: 'V',
  AMPERE: 'A',
  HERTZ: 'Hz',
  NEWTON: 'N',
  RADIAN: 'rad',
  JOULE: 'J',
  LUMEN: 'lm',
  LUX: 'lx',
};
const CONVERSION_NAME: Record<string, string> = { DEGREE: '°', FOOT: 'ft', INCH: 'in', 'SQUARE FOOT': 'ft²' };

/** The unit type a measure is given in when the value names no unit (the project's default units). */
const MEASURE_UNIT: Record<string, string> = {
  IFCLENGTHMEASURE: 'LENGTHUNIT',
  IFCPOSITIVELENGTHMEASURE: 'LENGTHUNIT',
  IFCNONNEGATIVELENGTHMEASURE: 'LENGTHUNIT',
  IFCAREAMEASURE: 'AREAUNIT',
  IFCVOLUMEMEASURE: 'VOLUMEUNIT',
  IFCMASSMEASURE: 'MASSUNIT',
  IFCPLANEANGLEMEASURE: 'PLANEANGLEUNIT',
  IFCPOSITIVEPLANEANGLEMEASURE: 'PLANEANGLEUNIT',
  IFCTHERMODYNAMICTEMPERATUREMEASURE: 'THERMODYNAMICTEMPERATUREUNIT',
  IFCPOWERMEASURE: 'POWERUNIT',
  IFCELECTRICVOLTAGEMEASURE: 'ELECTRICVOLTAGEUNIT',
  IFCELECTRICCURRENTMEASURE: 'ELECTRICCURRENTUNIT',
  IFCPRESSUREMEASURE: 'PRESSUREUNIT',
  IFCTIMEMEASURE: 'TIMEUNIT',
  IFCFREQUENCYMEASURE: 'FREQUENCYUNIT',
};
const QUANTITY_UNIT: Record<string, string> = {
  LengthValue: 'LENGTHUNIT',
  AreaValue: 'AREAUNIT',
  VolumeValue: 'VOLUMEUNIT',
  WeightValue: 'MASSUNIT',
  TimeValue: 'TIMEUNIT',
};

function unitText(unit: UnitRecord): string {
  if (unit.type === IFCSIUNIT)
    return `${SI_PREFIX[unit.prefix] ?? ''}${SI_NAME[unit.name] ?? unit.name.toLowerCase()}`;
  if (unit.type === IFCCONVERSIONBASEDUNIT)
    return CONVERSION_NAME[unit.name.toUpperCase()] ?? unit.name.toLowerCase();
  return '';
}

export interface PropertyIndex {
  /** the type object of each occurrence */
  typeOf: Map<number, number>;
  /**
   * The properties of an object: its own, then its type's that it does not override. Worked out anew at
   * each call from the sets and their members (nothing keeps every object's list: at a million elements
   * those lists alone took gigabytes); a type object's own list is kept, as many occurrences share it.
   */
  of(id: number): StoredProperty[];
}

export function readProperties(reader: IndexReader): PropertyIndex {
  // units: the project's defaults by unit type, and every unit a value names
  const defaults = new Map<string, string>();
  const assignment = reader.ids(IFCUNITASSIGNMENT)[0];
  const assigned = assignment !== undefined ? reader.assignedUnits(assignment) : [];
  for (const unit of reader.units(assigned).values()) {
    const text = unitText(unit);
    if (text) defaults.set(unit.unitType, text);
  }

  // the sets: reached through relations and through type objects' HasPropertySets
  const relDefines = reader.rels(reader.ids(IFCRELDEFINESBYPROPERTIES));
  const relTypes = reader.rels(reader.ids(IFCRELDEFINESBYTYPE));
  const typeOf = new Map<number, number>();
  const setsOf = new Map<number, number[]>();
  const addSet = (object: number, set: number) => {
    const list = setsOf.get(object);
    if (list) list.push(set);
    else setsOf.set(object, [set]);
  };
  for (const rel of relDefines.values()) {
    const set = rel.relating;
    if (set !== undefined) for (const object of rel.related) addSet(object, set);
  }
  relDefines.clear();
  const typeIds = new Set<number>();
  for (const rel of relTypes.values()) {
    const type = rel.relating;
    if (type === undefined) continue;
    typeIds.add(type);
    for (const object of rel.related) typeOf.set(object, type);
  }
  relTypes.clear();
  for (const [id, type] of reader.objects([...typeIds])) for (const set of type.propertySets) addSet(id, set);

  const setIds = new Set<number>();
  for (const list of setsOf.values()) for (const set of list) setIds.add(set);
  const set = reader.setLookup([...setIds]);
  setIds.clear();
  const memberIds: number[] = [];
  for (const list of setsOf.values())
    for (const id of list) for (const member of set(id)?.members ?? []) memberIds.push(member);
  const member = reader.memberLookup(memberIds);
  const unitIds = new Set<number>();
  for (const id of memberIds) {
    const unit = member(id)?.unit;
    if (unit !== undefined) unitIds.add(unit);
  }
  memberIds.length = 0;
  const units = new Map<number, string>();
  for (const [id, unit] of reader.units([...unitIds])) units.set(id, unitText(unit));

  const setProperties = (setId: number, list: StoredProperty[]): void => {
    const record = set(setId);
    if (!record) return;
    const category = record.name;
    const isQuantities = record.type === IFCELEMENTQUANTITY;
    if (!isQuantities && record.type !== IFCPROPERTYSET) return;
    for (const memberId of record.members) {
      const m = member(memberId);
      if (!m) continue;
      let value: string;
      let defaultUnit: string;
      if (isQuantities) {
        if (m.quantityKey === null) continue;
        value = m.quantityValue;
        defaultUnit = QUANTITY_UNIT[m.quantityKey] ?? '';
      } else {
        if (!m.isProperty) continue;
        value = m.value;
        defaultUnit = MEASURE_UNIT[m.measure] ?? '';
      }
      list.push({
        displayName: m.name,
        displayValue: value,
        displayCategory: category,
        units: m.unit !== undefined ? (units.get(m.unit) ?? '') : (defaults.get(defaultUnit) ?? ''),
      });
    }
  };
  const ownOf = (object: number): StoredProperty[] => {
    const properties: StoredProperty[] = [];
    for (const setId of setsOf.get(object) ?? []) setProperties(setId, properties);
    return properties;
  };
  const typeOwn = new Map<number, StoredProperty[]>();
  const ownOfType = (type: number): StoredProperty[] => {
    let list = typeOwn.get(type);
    if (!list) typeOwn.set(type, (list = ownOf(type)));
    return list;
  };

  return {
    typeOf,
    of(id) {
      const mine = typeIds.has(id) ? ownOfType(id) : ownOf(id);
      const type = typeOf.get(id);
      const inherited = type !== undefined ? ownOfType(type) : [];
      if (!inherited.length) return mine;
      const overridden = new Set(mine.map((p) => `${p.displayCategory}\u0000${p.displayName}`));
      return [
        ...mine,
        ...inherited
          .filter((p) => !overridden.has(`${p.displayCategory}\u0000${p.displayName}`))
          .map((p): StoredProperty => ({ ...p, fromType: true })),
      ];
    },
  };
}
