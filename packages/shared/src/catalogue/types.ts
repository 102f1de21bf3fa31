/**
 * The asset types (object categories) of the catalogue: every type the spec names (core viewer §3 'Asset-type
 * catalogue', forms spec §3 'Object categories seen' and 'Schedule types and categories'). The source list is
 * cut off mid-list; the types after it (a few more fittings, precast items and actuation types, and generic
 * 'Equipment' and 'Hand Valve' entries) are completed as a plant engineer would and marked '(completed)'.
 *
 * 'Existing' and 'Future' variants are never scheduled. Hand valves (Ball, Butterfly, Gate, Globe,
 * Non-Return, Plug, Pinch) are the valve schedule's types; the general, control and parallel slide valves
 * are scheduled too, as the demo model generator expects.
 */
import * as F from './families.ts';
import type { AssetFamily, AssetSchedule } from '../assetCategories.ts';
import type { AssetTypeEntry } from './families.ts';

function type(
  category: string,
  family: AssetFamily,
  staticProps: readonly string[],
  dynamicProps: readonly string[],
  schedule?: AssetSchedule,
): AssetTypeEntry {
  return schedule
    ? { category, family, schedule, staticProps, dynamicProps, ccms: [] }
    : { category, family, staticProps, dynamicProps, ccms: [] };
}

/** The type and its unscheduled '- Existing' variant. */
function withExisting(entry: AssetTypeEntry): AssetTypeEntry[] {
  const { schedule: _schedule, ...rest } = entry;
  return [entry, { ...rest, category: `${entry.category} - Existing` }];
}

const pipeline = (name: string, schedule?: AssetSchedule) =>
  type(name, 'pipeline', F.PIPELINE_STATIC, F.PIPELINE_DYNAMIC, schedule);
const equipment = (name: string, staticProps: readonly string[] = F.EQUIPMENT_STATIC) =>
  type(name, 'equipment', staticProps, F.EQUIPMENT_DYNAMIC, 'equipment');
const valve = (name: string, schedule?: AssetSchedule) =>
  type(name, 'valve', F.VALVE_STATIC, F.VALVE_DYNAMIC, schedule);
const fitting = (name: string, staticProps: readonly string[] = F.FITTING_STATIC) =>
  type(name, 'valve', staticProps, F.FITTING_DYNAMIC);
const instrument = (name: string) =>
  type(name, 'instrument', F.INSTRUMENT_STATIC, F.INSTRUMENT_DYNAMIC, 'instrument');
const panel = (name: string) => type(name, 'instrument', F.PANEL_STATIC, F.PANEL_DYNAMIC);
const concrete = (name: string) => type(name, 'civil', F.CIVIL_STATIC, F.CONCRETE_DYNAMIC);
const civil = (name: string) => type(name, 'civil', F.CIVIL_STATIC, F.CIVIL_DYNAMIC);

export const PIPELINE_TYPES: readonly AssetTypeEntry[] = [
  ...withExisting(pipeline('Dual Contained Pipeline', 'pipeline')),
  ...withExisting(pipeline('Future Pipeline')),
  ...withExisting(pipeline('Major Pipeline', 'pipeline')),
  ...withExisting(pipeline('Minor Pipeline', 'pipeline')),
  pipeline('DWF Pipe'),
];

export const EQUIPMENT_TYPES: readonly AssetTypeEntry[] = [
  equipment('Equipment'), // (completed) generic equipment of the equipment schedule
  equipment('Aerator'),
  equipment('Blower'),
  equipment('Burner'),
  equipment('Clarifier'),
  equipment('Compressor'),
  equipment('Conveyor', F.LENGTH_EQUIPMENT_STATIC),
  equipment('Cooler'),
  equipment('Feeder', F.LENGTH_EQUIPMENT_STATIC),
  equipment('Filter'),
  equipment('Gearbox'),
  equipment('Grit Classifier', F.LENGTH_EQUIPMENT_STATIC),
  equipment('Heat Exchanger'),
  equipment('Hopper'),
  equipment('Mixer'),
  equipment('Motor'),
  equipment('Press'),
  equipment('Pump'),
  equipment('Safety Shower'),
  equipment('Screen', F.LENGTH_EQUIPMENT_STATIC),
  equipment('Tank'),
  equipment('Thickener'),
];

export const VALVE_TYPES: readonly AssetTypeEntry[] = [
  ...withExisting(valve('Valve', 'valve')),
  ...withExisting(valve('Hand Valve', 'valve')), // (completed) a hand valve of unstated type
  ...withExisting(valve('Ball Valve', 'valve')),
  ...withExisting(valve('Butterfly Valve', 'valve')),
  ...withExisting(valve('Control Valve', 'valve')),
  ...withExisting(valve('Gate Valve', 'valve')),
  ...withExisting(valve('Globe Valve', 'valve')),
  ...withExisting(valve('Non-Return Valve', 'valve')),
  ...withExisting(valve('Parallel Slide Valve', 'valve')),
  ...withExisting(valve('Pinch Valve', 'valve')),
  ...withExisting(valve('Plug Valve', 'valve')),
  ...withExisting(valve('Penstock')),
  ...withExisting(valve('Stoplog')),
];

/** Pipeline fittings: valve family, since they carry the pipeline's and the reducer's sizes. */
export const FITTING_TYPES: readonly AssetTypeEntry[] = [
  fitting('Anti Syphon Device'),
  fitting('Bellows'),
  fitting('Blank Flange'), // (completed)
  fitting('Dismantling Joint'),
  fitting('Flange Adaptor'), // (completed)
  fitting('Flexible Hose'),
  fitting('Pipeline Filter'),
  fitting('Reducer', F.REDUCER_STATIC),
  fitting('Sight Glass'), // (completed)
  fitting('Spectacle Blind'),
  fitting('Strainer'),
];

export const INSTRUMENT_TYPES: readonly AssetTypeEntry[] = [
  instrument('Flow Instrument'),
  instrument('Level Instrument'),
  instrument('Pressure Instrument'),
  instrument('Quality Instrument'),
  instrument('Temperature Instrument'),
  panel('Control Panel'),
  // The spec lists the local control panel with the civil items; it carries the panel's references.
  panel('Local Control Panel'),
  // Actuation types.
  panel('Electric Actuator'),
  panel('Hydraulic Actuator'),
  panel('Pneumatic Actuator'),
  panel('Manual Actuator'), // (completed) handwheel or gearbox operator
  // Signals and leaders: drawn as lines between instruments and to annotations.
  type('Signal Line', 'instrument', F.EQUIPMENT_STATIC, F.ANNOTATION_DYNAMIC),
  type('Leader', 'instrument', F.EQUIPMENT_STATIC, F.ANNOTATION_DYNAMIC),
];

export const CIVIL_TYPES: readonly AssetTypeEntry[] = [
  civil('Aggregate'),
  concrete('Blinding'),
  // Point data imported from Civil 3D surveys, and the structure and surface property sets.
  type('Civil 3D Point Data', 'civil', F.CIVIL_STATIC, F.ANNOTATION_DYNAMIC),
  type('Structure', 'civil', F.CIVIL_STATIC, F.CONCRETE_DYNAMIC),
  type('Surface', 'civil', F.CIVIL_STATIC, F.CIVIL_DYNAMIC),
  civil('Cover'),
  civil('Drainage'),
  civil('Flood Light'),
  civil('Geotextile'),
  concrete('Grout'),
  concrete('Kerb'),
  civil('Lamppost'),
  concrete('Mortar'),
  concrete('Piling'),
  concrete('Plinth'),
  concrete('Precast Unit'),
  concrete('Precast Chamber'), // (completed)
  concrete('Precast Slab'), // (completed)
  civil('Resin'),
  civil('Sand Layer'),
  concrete('Slab'),
  concrete('Thrust Block'),
  concrete('Wall'),
];
