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
  /** every object's (and type object's) property list, own sets only */
  own: Map<number, StoredProperty[]>;
  /** the type object of each occurrence */
  typeOf: Map<number, number>;
  /** the properties of an object: its own, then its type's that it does not override */
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
  const typeIds = new Set<number>();
  for (const rel of relTypes.values()) {
    const type = rel.relating;
    if (type === undefined) continue;
    typeIds.add(type);
    for (const object of rel.related) typeOf.set(object, type);
  }
  for (const [id, type] of reader.objects([...typeIds])) for (const set of type.propertySets) addSet(id, set);

  const setIds = new Set<number>();
  for (const list of setsOf.values()) for (const set of list) setIds.add(set);
  const sets = reader.sets([...setIds]);
  const memberIds = new Set<number>();
  for (const set of sets.values()) for (const member of set.members) memberIds.add(member);
  const members = reader.members([...memberIds]);
  const unitIds = new Set<number>();
  for (const member of members.values()) if (member.unit !== undefined) unitIds.add(member.unit);
  const units = new Map<number, string>();
  for (const [id, unit] of reader.units([...unitIds])) units.set(id, unitText(unit));

  const setProperties = new Map<number, StoredProperty[]>();
  for (const [id, set] of sets) {
    const category = set.name;
    const list: StoredProperty[] = [];
    const isQuantities = set.type === IFCELEMENTQUANTITY;
    if (!isQuantities && set.type !== IFCPROPERTYSET) continue;
    for (const memberId of set.members) {
      const member = members.get(memberId);
      if (!member) continue;
      let value: string;
      let defaultUnit: string;
      if (isQuantities) {
        if (member.quantityKey === null) continue;
        value = member.quantityValue;
        defaultUnit = QUANTITY_UNIT[member.quantityKey] ?? '';
      } else {
        if (!member.isProperty) continue;
        value = member.value;
        defaultUnit = MEASURE_UNIT[member.measure] ?? '';
      }
      list.push({
        displayName: member.name,
        displayValue: value,
        displayCategory: category,
        units: member.unit !== undefined ? (units.get(member.unit) ?? '') : (defaults.get(defaultUnit) ?? ''),
      });
    }
    setProperties.set(id, list);
  }

  const own = new Map<number, StoredProperty[]>();
  for (const [object, list] of setsOf) {
    const properties: StoredProperty[] = [];
    for (const set of list) properties.push(...(setProperties.get(set) ?? []));
    own.set(object, properties);
  }

  return {
    own,
    typeOf,
    of(id) {
      const mine = own.get(id) ?? [];
      const type = typeOf.get(id);
      const inherited = type !== undefined ? (own.get(type) ?? []) : [];
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
