/**
 * Categories from IFC classes (issue 10): an object without a 'P&ID Class' gets a catalogue category from its
 * IFC entity and PredefinedType, so models from any authoring tool (Revit, ArchiCAD, Tekla, Allplan, Bonsai,
 * infrastructure tools) appear in the object editor and the schedules. The mapping is data: one row per
 * entity, optionally narrowed by PredefinedType or by words in the object's user-defined type or name
 * (IFC has, for instance, no GATE valve type: gate valves are USERDEFINED with ObjectType 'Gate valve', or
 * named so). The first row that matches wins, so specific rows come before an entity's general row.
 *
 * IFC2X3 models name the entity generically (IfcFlowController, IfcFlowMovingDevice, IfcFlowSegment...) and
 * say what it is through the type object (IfcValveType, IfcPumpType, IfcPipeSegmentType...): the entity is
 * then taken from the type's name without 'Type' (see effectiveIfcClass). IfcWallStandardCase and other
 * '...StandardCase' / '...ElementedCase' subtypes count as their supertype.
 *
 * See docs/ifc-categories.md for the table as a reader would want it.
 */
import { categoryOf, findAssetType, MISSING_PID_CLASS_CATEGORY } from './index.ts';

export interface IfcCategoryRule {
  /** IFC entity in schema spelling, e.g. 'IfcValve' */
  readonly entity: string;
  /** PredefinedType values (upper case) this row is for; any when absent */
  readonly predefinedTypes?: readonly string[];
  /** words (lower case) looked for in the user-defined type (ObjectType / ElementType) and Name */
  readonly keywords?: readonly string[];
  /** the catalogue category given */
  readonly category: string;
}

const kw = (entity: string, keywords: string[], category: string): IfcCategoryRule => ({
  entity,
  keywords,
  category,
});
const pt = (entity: string, predefinedTypes: string[], category: string): IfcCategoryRule => ({
  entity,
  predefinedTypes,
  category,
});
const any = (entity: string, category: string): IfcCategoryRule => ({ entity, category });

export const IFC_CATEGORY_RULES: readonly IfcCategoryRule[] = [
  // valves: IFC's enumeration names the duty (ISOLATING, REGULATING, CHECK...), users name the kind
  kw('IfcValve', ['gate', 'sluice', 'knife'], 'Gate Valve'),
  kw('IfcValve', ['butterfly'], 'Butterfly Valve'),
  kw('IfcValve', ['ball'], 'Ball Valve'),
  kw('IfcValve', ['globe'], 'Globe Valve'),
  kw('IfcValve', ['plug'], 'Plug Valve'),
  kw('IfcValve', ['pinch'], 'Pinch Valve'),
  kw('IfcValve', ['parallel slide'], 'Parallel Slide Valve'),
  kw('IfcValve', ['penstock'], 'Penstock'),
  kw('IfcValve', ['stoplog', 'stop log'], 'Stoplog'),
  kw('IfcValve', ['non-return', 'non return', 'check', 'reflux'], 'Non-Return Valve'),
  pt('IfcValve', ['CHECK', 'DOUBLECHECK'], 'Non-Return Valve'),
  pt(
    'IfcValve',
    ['REGULATING', 'DOUBLEREGULATING', 'PRESSUREREDUCING', 'MIXING', 'DIVERTING'],
    'Control Valve',
  ),
  pt('IfcValve', ['FAUCET', 'DRAWOFFCOCK', 'STOPCOCK', 'GASCOCK', 'GASTAP'], 'Hand Valve'),
  any('IfcValve', 'Valve'),
  // rotating equipment and process units
  any('IfcPump', 'Pump'),
  any('IfcCompressor', 'Compressor'),
  any('IfcFan', 'Blower'),
  any('IfcElectricMotor', 'Motor'),
  any('IfcMotorConnection', 'Gearbox'),
  any('IfcBurner', 'Burner'),
  any('IfcHeatExchanger', 'Heat Exchanger'),
  any('IfcCoil', 'Heat Exchanger'),
  any('IfcCooledBeam', 'Cooler'),
  any('IfcEvaporativeCooler', 'Cooler'),
  any('IfcCoolingTower', 'Cooler'),
  any('IfcChiller', 'Cooler'),
  pt('IfcFilter', ['STRAINER'], 'Strainer'),
  any('IfcFilter', 'Filter'),
  any('IfcInterceptor', 'Filter'),
  kw('IfcTank', ['clarifier', 'settlement', 'sedimentation'], 'Clarifier'),
  kw('IfcTank', ['thickener'], 'Thickener'),
  kw('IfcTank', ['hopper'], 'Hopper'),
  any('IfcTank', 'Tank'),
  kw('IfcTransportElement', ['conveyor'], 'Conveyor'),
  kw('IfcSanitaryTerminal', ['safety shower', 'emergency shower', 'eye wash', 'eyewash'], 'Safety Shower'),
  kw('IfcFireSuppressionTerminal', ['safety shower', 'emergency shower'], 'Safety Shower'),
  // pipework: the segment is a pipeline; of the fittings only the catalogue's are mapped
  pt('IfcPipeSegment', ['FLEXIBLESEGMENT'], 'Flexible Hose'),
  pt('IfcPipeSegment', ['CULVERT', 'GUTTER', 'SPOOL'], 'Drainage'),
  any('IfcPipeSegment', 'Major Pipeline'),
  kw('IfcPipeFitting', ['reducer', 'taper'], 'Reducer'),
  pt('IfcPipeFitting', ['TRANSITION'], 'Reducer'),
  kw('IfcPipeFitting', ['bellows', 'expansion joint'], 'Bellows'),
  kw('IfcPipeFitting', ['dismantling'], 'Dismantling Joint'),
  kw('IfcPipeFitting', ['spectacle'], 'Spectacle Blind'),
  kw('IfcPipeFitting', ['blank'], 'Blank Flange'),
  kw('IfcPipeFitting', ['flange adaptor', 'flange adapter'], 'Flange Adaptor'),
  kw('IfcPipeFitting', ['sight glass'], 'Sight Glass'),
  kw('IfcPipeFitting', ['strainer'], 'Strainer'),
  // instruments, control and actuation
  any('IfcFlowMeter', 'Flow Instrument'),
  pt('IfcSensor', ['FLOWSENSOR'], 'Flow Instrument'),
  pt('IfcSensor', ['LEVELSENSOR'], 'Level Instrument'),
  pt('IfcSensor', ['PRESSURESENSOR'], 'Pressure Instrument'),
  pt('IfcSensor', ['TEMPERATURESENSOR', 'HEATSENSOR'], 'Temperature Instrument'),
  any('IfcSensor', 'Quality Instrument'),
  any('IfcFlowInstrument', 'Flow Instrument'),
  kw('IfcController', ['local control', 'lcp'], 'Local Control Panel'),
  any('IfcController', 'Control Panel'),
  any('IfcUnitaryControlElement', 'Local Control Panel'),
  pt('IfcElectricDistributionBoard', ['CONTROLPANEL'], 'Control Panel'),
  pt('IfcElectricDistributionPoint', ['CONTROLPANEL'], 'Control Panel'),
  pt('IfcActuator', ['ELECTRICACTUATOR'], 'Electric Actuator'),
  pt('IfcActuator', ['HYDRAULICACTUATOR'], 'Hydraulic Actuator'),
  pt('IfcActuator', ['PNEUMATICACTUATOR'], 'Pneumatic Actuator'),
  pt('IfcActuator', ['HANDOPERATEDACTUATOR'], 'Manual Actuator'),
  any('IfcActuator', 'Electric Actuator'),
  // civil and concrete
  kw('IfcSlab', ['blinding'], 'Blinding'),
  kw('IfcSlab', ['plinth'], 'Plinth'),
  kw('IfcSlab', ['precast'], 'Precast Slab'),
  any('IfcSlab', 'Slab'),
  kw('IfcWall', ['precast'], 'Precast Unit'),
  any('IfcWall', 'Wall'),
  any('IfcPile', 'Piling'),
  pt('IfcFooting', ['PILE_CAP'], 'Piling'),
  any('IfcFooting', 'Plinth'),
  any('IfcKerb', 'Kerb'),
  any('IfcGeotextile', 'Geotextile'),
  any('IfcDistributionChamberElement', 'Precast Chamber'),
  kw('IfcCovering', ['cover'], 'Cover'),
  kw('IfcLightFixture', ['flood'], 'Flood Light'),
  kw('IfcLamp', ['flood'], 'Flood Light'),
  kw('IfcLightFixture', ['lamppost', 'lamp post', 'column', 'street'], 'Lamppost'),
  kw('IfcBuildingElementProxy', ['thrust block'], 'Thrust Block'),
  kw('IfcBuildingElementProxy', ['kerb'], 'Kerb'),
  kw('IfcEarthworksFill', ['sand'], 'Sand Layer'),
  any('IfcEarthworksFill', 'Aggregate'),
];

/** Entities that count as another for the mapping (IFC2X3's standard cases, IFC4's pre-4X3 names). */
const SUPERTYPE: Readonly<Record<string, string>> = {
  IfcWallStandardCase: 'IfcWall',
  IfcWallElementedCase: 'IfcWall',
  IfcSlabStandardCase: 'IfcSlab',
  IfcSlabElementedCase: 'IfcSlab',
};

/**
 * The entity the mapping looks at: the type object's entity without 'Type' or 'Style' when the object is
 * one of IFC2X3's generic flow or distribution elements (IfcFlowController typed by IfcValveType is a valve),
 * else the object's own entity (standard cases as their supertype).
 */
export function effectiveIfcClass(ifcClass: string, typeClass = ''): string {
  const own = SUPERTYPE[ifcClass] ?? ifcClass;
  const generic = /^Ifc(Flow|Distribution|EnergyConversion|BuildingElementProxy)/.test(own);
  const fromType = typeClass.replace(/(Type|Style)$/, '');
  if (generic && fromType && fromType !== typeClass && !/^Ifc(Flow|Distribution)/.test(fromType))
    return fromType;
  return own;
}

export interface IfcIdentity {
  /** the object's entity, e.g. 'IfcValve' or 'IfcFlowController' */
  readonly ifcClass: string;
  /** the entity of its type object, e.g. 'IfcValveType' ('' for none) */
  readonly typeClass?: string;
  /** PredefinedType of the occurrence, else of the type ('' when NOTDEFINED or unset) */
  readonly predefinedType?: string;
  /** ObjectType of the occurrence, ElementType or Name of the type, Name of the occurrence */
  readonly words?: readonly string[];
}

/** The catalogue category an IFC object maps to, or undefined when no row matches. */
export function categoryFromIfcClass(identity: IfcIdentity): string | undefined {
  const entity = effectiveIfcClass(identity.ifcClass, identity.typeClass);
  const predefined = (identity.predefinedType ?? '').toUpperCase();
  const text = (identity.words ?? []).join(' ').toLowerCase();
  for (const rule of IFC_CATEGORY_RULES) {
    if (rule.entity !== entity) continue;
    if (rule.predefinedTypes && !rule.predefinedTypes.includes(predefined)) continue;
    if (rule.keywords && !rule.keywords.some((word) => text.includes(word))) continue;
    return findAssetType(rule.category)?.category;
  }
  return undefined;
}

/** Where an object's category came from: its 'P&ID Class' ('pid'), its IFC class ('ifc'), or neither (''). */
export type CategorySource = 'pid' | 'ifc' | '';

/** What the properties panel says of a category source. */
export const CATEGORY_SOURCE_LABEL: Readonly<Record<CategorySource, string>> = {
  pid: 'from P&ID Class',
  ifc: 'from IFC class',
  '': '',
};

/**
 * An object's category: its 'P&ID Class' through the catalogue when it has one (the spec's rule, unchanged),
 * else the category its IFC class maps to, else MISSING_PID_CLASS_CATEGORY.
 */
export function classifyObject(
  pidClass: string | undefined | null,
  identity: IfcIdentity | undefined,
): { category: string; source: CategorySource } {
  if (pidClass?.trim()) return { category: categoryOf(pidClass), source: 'pid' };
  const fromIfc = identity ? categoryFromIfcClass(identity) : undefined;
  if (fromIfc) return { category: fromIfc, source: 'ifc' };
  return { category: MISSING_PID_CLASS_CATEGORY, source: '' };
}
