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
  IFCPROPERTYENUMERATEDVALUE,
  IFCPROPERTYLISTVALUE,
  IFCPROPERTYSET,
  IFCPROPERTYSINGLEVALUE,
  IFCRELDEFINESBYPROPERTIES,
  IFCRELDEFINESBYTYPE,
  IFCSIUNIT,
  IFCUNITASSIGNMENT,
  type IfcAPI,
} from 'web-ifc';
import { ids, lines, refOf, refsOf, textOf } from './ifcLines.ts';

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

function unitText(api: IfcAPI, modelID: number, id: number, unit: Record<string, unknown>): string {
  const type = api.GetLineType(modelID, id);
  if (type === IFCSIUNIT) {
    const name = textOf(unit.Name);
    return `${SI_PREFIX[textOf(unit.Prefix)] ?? ''}${SI_NAME[name] ?? name.toLowerCase()}`;
  }
  if (type === IFCCONVERSIONBASEDUNIT) {
    const name = textOf(unit.Name);
    return CONVERSION_NAME[name.toUpperCase()] ?? name.toLowerCase();
  }
  return '';
}

const measureOf = (value: unknown): string =>
  value && typeof value === 'object' && 'name' in value ? String((value as { name: unknown }).name) : '';

export interface PropertyIndex {
  /** every object's (and type object's) property list, own sets only */
  own: Map<number, StoredProperty[]>;
  /** the type object of each occurrence */
  typeOf: Map<number, number>;
  /** the properties of an object: its own, then its type's that it does not override */
  of(id: number): StoredProperty[];
}

export function readProperties(api: IfcAPI, modelID: number): PropertyIndex {
  // units: the project's defaults by unit type, and every unit a value names
  const defaults = new Map<string, string>();
  const assignment = ids(api, modelID, IFCUNITASSIGNMENT)[0];
  const assigned =
    assignment !== undefined ? refsOf(lines(api, modelID, [assignment]).get(assignment)?.Units) : [];
  for (const [id, unit] of lines(api, modelID, assigned)) {
    const text = unitText(api, modelID, id, unit);
    if (text) defaults.set(textOf(unit.UnitType), text);
  }

  // the sets: reached through relations and through type objects' HasPropertySets
  const relDefines = lines(api, modelID, ids(api, modelID, IFCRELDEFINESBYPROPERTIES));
  const relTypes = lines(api, modelID, ids(api, modelID, IFCRELDEFINESBYTYPE));
  const typeOf = new Map<number, number>();
  const setsOf = new Map<number, number[]>();
  const addSet = (object: number, set: number) => {
    const list = setsOf.get(object);
    if (list) list.push(set);
    else setsOf.set(object, [set]);
  };
  for (const rel of relDefines.values()) {
    const set = refOf(rel.RelatingPropertyDefinition);
    if (set !== undefined) for (const object of refsOf(rel.RelatedObjects)) addSet(object, set);
  }
  const typeIds = new Set<number>();
  for (const rel of relTypes.values()) {
    const type = refOf(rel.RelatingType);
    if (type === undefined) continue;
    typeIds.add(type);
    for (const object of refsOf(rel.RelatedObjects)) typeOf.set(object, type);
  }
  for (const [id, type] of lines(api, modelID, [...typeIds]))
    for (const set of refsOf(type.HasPropertySets)) addSet(id, set);

  const setIds = new Set<number>();
  for (const list of setsOf.values()) for (const set of list) setIds.add(set);
  const sets = lines(api, modelID, [...setIds]);
  const memberIds = new Set<number>();
  for (const [id, set] of sets) {
    const type = api.GetLineType(modelID, id);
    const members =
      type === IFCPROPERTYSET ? set.HasProperties : type === IFCELEMENTQUANTITY ? set.Quantities : [];
    for (const member of refsOf(members)) memberIds.add(member);
  }
  const members = lines(api, modelID, [...memberIds]);
  const unitIds = new Set<number>();
  for (const line of members.values()) {
    const unit = refOf(line.Unit);
    if (unit !== undefined) unitIds.add(unit);
  }
  const units = new Map<number, string>();
  for (const [id, unit] of lines(api, modelID, [...unitIds])) units.set(id, unitText(api, modelID, id, unit));

  const setProperties = new Map<number, StoredProperty[]>();
  for (const [id, set] of sets) {
    const setType = api.GetLineType(modelID, id);
    const category = textOf(set.Name);
    const list: StoredProperty[] = [];
    const isQuantities = setType === IFCELEMENTQUANTITY;
    if (!isQuantities && setType !== IFCPROPERTYSET) continue;
    for (const memberId of refsOf(isQuantities ? set.Quantities : set.HasProperties)) {
      const member = members.get(memberId);
      if (!member) continue;
      const named = refOf(member.Unit);
      let value: unknown;
      let defaultUnit = '';
      if (isQuantities) {
        const key = Object.keys(member).find((k) => k.endsWith('Value') && k !== 'Formula');
        if (!key) continue;
        value = member[key];
        defaultUnit = QUANTITY_UNIT[key] ?? '';
      } else {
        const type = api.GetLineType(modelID, memberId);
        if (type === IFCPROPERTYSINGLEVALUE) value = member.NominalValue;
        else if (type === IFCPROPERTYENUMERATEDVALUE) value = member.EnumerationValues;
        else if (type === IFCPROPERTYLISTVALUE) value = member.ListValues;
        else continue;
        defaultUnit = MEASURE_UNIT[measureOf(Array.isArray(value) ? value[0] : value)] ?? '';
      }
      list.push({
        displayName: textOf(member.Name),
        displayValue: textOf(value),
        displayCategory: category,
        units: named !== undefined ? (units.get(named) ?? '') : (defaults.get(defaultUnit) ?? ''),
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
