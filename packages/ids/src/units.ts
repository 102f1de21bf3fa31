import { siPrefixFactor } from '@penstock/shared';
import { primitive, type IfcFile } from './ifc.ts';

/**
 * Unit conversion to the SI units IDS values are written in (metre, square metre, kilogram, second, kelvin,
 * radian …): a number found in a model is in the project's units (IfcUnitAssignment) unless its property
 * names a unit of its own.
 */

/** The unit type of each measure (defined types that carry a unit). */
export const MEASURE_UNIT: Record<string, string> = {
  IFCLENGTHMEASURE: 'LENGTHUNIT',
  IFCPOSITIVELENGTHMEASURE: 'LENGTHUNIT',
  IFCNONNEGATIVELENGTHMEASURE: 'LENGTHUNIT',
  IFCAREAMEASURE: 'AREAUNIT',
  IFCVOLUMEMEASURE: 'VOLUMEUNIT',
  IFCMASSMEASURE: 'MASSUNIT',
  IFCTIMEMEASURE: 'TIMEUNIT',
  IFCPLANEANGLEMEASURE: 'PLANEANGLEUNIT',
  IFCPOSITIVEPLANEANGLEMEASURE: 'PLANEANGLEUNIT',
  IFCSOLIDANGLEMEASURE: 'SOLIDANGLEUNIT',
  IFCTHERMODYNAMICTEMPERATUREMEASURE: 'THERMODYNAMICTEMPERATUREUNIT',
  IFCELECTRICCURRENTMEASURE: 'ELECTRICCURRENTUNIT',
  IFCLUMINOUSINTENSITYMEASURE: 'LUMINOUSINTENSITYUNIT',
  IFCAMOUNTOFSUBSTANCEMEASURE: 'AMOUNTOFSUBSTANCEUNIT',
  IFCFORCEMEASURE: 'FORCEUNIT',
  IFCPRESSUREMEASURE: 'PRESSUREUNIT',
  IFCENERGYMEASURE: 'ENERGYUNIT',
  IFCPOWERMEASURE: 'POWERUNIT',
  IFCFREQUENCYMEASURE: 'FREQUENCYUNIT',
  IFCELECTRICVOLTAGEMEASURE: 'ELECTRICVOLTAGEUNIT',
  IFCELECTRICRESISTANCEMEASURE: 'ELECTRICRESISTANCEUNIT',
  IFCELECTRICCAPACITANCEMEASURE: 'ELECTRICCAPACITANCEUNIT',
  IFCELECTRICCHARGEMEASURE: 'ELECTRICCHARGEUNIT',
  IFCELECTRICCONDUCTANCEMEASURE: 'ELECTRICCONDUCTANCEUNIT',
  IFCILLUMINANCEMEASURE: 'ILLUMINANCEUNIT',
  IFCLUMINOUSFLUXMEASURE: 'LUMINOUSFLUXUNIT',
  IFCMAGNETICFLUXMEASURE: 'MAGNETICFLUXUNIT',
  IFCMAGNETICFLUXDENSITYMEASURE: 'MAGNETICFLUXDENSITYUNIT',
  IFCINDUCTANCEMEASURE: 'INDUCTANCEUNIT',
  IFCRADIOACTIVITYMEASURE: 'RADIOACTIVITYUNIT',
  IFCABSORBEDDOSEMEASURE: 'ABSORBEDDOSEUNIT',
  IFCDOSEEQUIVALENTMEASURE: 'DOSEEQUIVALENTUNIT',
};

/** A unit as a scale and offset to its SI unit: si = value × scale + offset. */
export interface UnitScale {
  scale: number;
  offset: number;
}
const SI: UnitScale = { scale: 1, offset: 0 };

/** The scale of a unit instance (IfcSIUnit, IfcConversionBasedUnit …); null when it cannot be told. */
export function unitScale(file: IfcFile, unit: number, depth = 0): UnitScale | null {
  if (depth > 5) return null;
  const type = file.typeOf(unit);
  if (type === 'IFCSIUNIT') {
    const name = file.text(unit, 'Name') ?? '';
    // an unknown prefix is read as none
    const prefix = siPrefixFactor(file.text(unit, 'Prefix')) ?? 1;
    if (name === 'SQUARE_METRE') return { scale: prefix ** 2, offset: 0 };
    if (name === 'CUBIC_METRE') return { scale: prefix ** 3, offset: 0 };
    if (name === 'GRAM') return { scale: prefix * 1e-3, offset: 0 };
    if (name === 'DEGREE_CELSIUS') return { scale: prefix, offset: 273.15 };
    return { scale: prefix, offset: 0 };
  }
  if (type === 'IFCCONVERSIONBASEDUNIT' || type === 'IFCCONVERSIONBASEDUNITWITHOFFSET') {
    const factor = file.ref(unit, 'ConversionFactor');
    if (factor === null) return null;
    const value = primitive(file.attr(factor, 'ValueComponent'));
    const base = file.ref(factor, 'UnitComponent');
    if (typeof value !== 'number' || base === null) return null;
    const baseScale = unitScale(file, base, depth + 1);
    if (!baseScale) return null;
    const offset =
      type === 'IFCCONVERSIONBASEDUNITWITHOFFSET' ? primitive(file.attr(unit, 'ConversionOffset')) : 0;
    return {
      scale: value * baseScale.scale,
      offset: (typeof offset === 'number' ? offset * value * baseScale.scale : 0) + baseScale.offset,
    };
  }
  return null;
}

/** The project's unit of each unit type. */
export function projectUnits(file: IfcFile): Map<string, number> {
  const units = new Map<string, number>();
  for (const project of file.byType('IFCPROJECT').concat(file.byType('IFCPROJECTLIBRARY'))) {
    const assignment = file.ref(project, 'UnitsInContext');
    if (assignment === null) continue;
    for (const unit of file.refs(assignment, 'Units')) {
      const unitType = file.text(unit, 'UnitType');
      if (unitType && !units.has(unitType)) units.set(unitType, unit);
    }
    if (units.size) break;
  }
  return units;
}

/** A value of a measure type in SI: the property's own unit when it has one, else the project's. */
export function toSI(
  file: IfcFile,
  value: number,
  measure: string,
  ownUnit: number | null,
  units: Map<string, number>,
): number {
  let unit = ownUnit;
  if (unit === null) {
    const unitType = MEASURE_UNIT[measure];
    if (!unitType) return value;
    unit = units.get(unitType) ?? null;
  }
  if (unit === null) return value;
  const s = unitScale(file, unit) ?? SI;
  return value * s.scale + s.offset;
}
