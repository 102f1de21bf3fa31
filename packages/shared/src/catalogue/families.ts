/**
 * Property names per asset family, from the spec's 'Asset-type catalogue' table (core viewer §3) and the
 * schedule columns and property names of the forms spec (§3). Static names are read-only values carried by
 * the model; dynamic names are the editable values kept on the server and shown in the schedules.
 *
 * The spec's table gives several entries only in summary ('pressure and temperature limits', 'diameters',
 * 'size fields', 'flow rates and speeds', 'Insulation', 'concrete mix fields such as ...') and the source
 * catalogue is cut off mid-list. Those summaries are spelled out here as a plant engineer would name them,
 * matching the names the demo model generator (packages/plantgen) writes, and every column the valve,
 * instrument, equipment, pipeline and pressure-test schedules read is present (see schedules.ts).
 */
import type { AssetFamily, AssetSchedule } from '../assetCategories.ts';

/** One asset type (object category) of the catalogue. */
export interface AssetTypeEntry {
  /** Title Case category name as written in the object's 'P&ID Class'. */
  readonly category: string;
  readonly family: AssetFamily;
  /** The schedule the type is listed in, if any ('Existing' and 'Future' variants are not scheduled). */
  readonly schedule?: AssetSchedule;
  readonly staticProps: readonly string[];
  readonly dynamicProps: readonly string[];
  /** Always empty, as in every entry of the spec's catalogue. */
  readonly ccms: readonly string[];
}

/** Pressure and temperature limits of the fluid. */
export const FLUID_LIMITS = [
  'Min Fluid Operating Pressure (barg)',
  'Max Fluid Operating Pressure (barg)',
  'Min Fluid Operating Temperature (°C)',
  'Max Fluid Operating Temperature (°C)',
] as const;

/** Nominal size in its written forms. */
export const SIZE_FIELDS = ['Size', 'Size (mm)', 'Size (inches)', 'Size (NB)', 'Size (OD)'] as const;

/** Sizes carried by reducers (and other fittings between two sizes). */
export const REDUCER_SIZE_FIELDS = [
  'Large Size (mm)',
  'Large Size (inches)',
  'Small Size (mm)',
  'Small Size (inches)',
  'Upstream Size (mm)',
  'Upstream Size (inches)',
  'Downstream Size (mm)',
  'Downstream Size (inches)',
] as const;

// ---- static (read-only) -----------------------------------------------------------------------------

export const EQUIPMENT_STATIC = [
  '3D Model Class',
  'Class Name',
  'Fluid Code',
  'P&ID Class',
  'PID Drawing No.',
  'Status',
  'Tag',
] as const;

/** Equipment that is laid out along a length (conveyors, screens, classifiers) also carries its length. */
export const LENGTH_EQUIPMENT_STATIC = [...EQUIPMENT_STATIC, 'Length (m)'] as const;

export const PIPELINE_STATIC = [
  '3D Model Class',
  'Class Name',
  'Fluid Code',
  'From',
  'To',
  'Line Number',
  ...SIZE_FIELDS,
  'Spec',
  'Status',
  'Tag',
  'P&ID Class',
  'PID Drawing No.',
  ...FLUID_LIMITS,
  'Outside Diameter (mm)',
  'Inside Diameter (mm)',
  'Wall Thickness (mm)',
  'Length (m)',
  'Pipeline Group Tag',
] as const;

/**
 * A valve's Status is its operating position (Normally Open, Locked Closed, ...): the valve schedule gives
 * it a dropdown (forms spec §5), so it is chosen by the team, not read from the model. The model's own
 * 'Status' (New / Existing, the drawing's lifecycle) stays in the element's properties panel.
 */
export const VALVE_STATIC = [
  ...EQUIPMENT_STATIC.filter((name) => name !== 'Status'),
  'Line Number',
  ...SIZE_FIELDS,
  ...FLUID_LIMITS,
  'Valve Pressure Rating (barg)',
  'Valve Type',
  'Valve Actuator',
  'Pipeline Group Tag',
] as const;

/** Pipeline fittings: the pipeline they sit in, its size and limits. */
export const FITTING_STATIC = [
  ...EQUIPMENT_STATIC,
  'Line Number',
  ...SIZE_FIELDS,
  ...FLUID_LIMITS,
  'Pipeline Group Tag',
] as const;

export const REDUCER_STATIC = [...FITTING_STATIC, ...REDUCER_SIZE_FIELDS] as const;

/** 'As equipment' per the spec, plus what the instrument symbols carry (completed). */
export const INSTRUMENT_STATIC = [
  ...EQUIPMENT_STATIC,
  'Line Number',
  'Size (mm)',
  'Size (inches)',
  'Instrument Type',
  'Process Range - Minimum',
  'Process Range - Maximum',
  'Engineering Units',
  'Sensor Mount Type',
  'Transmitter Mounting Location',
] as const;

export const PANEL_STATIC = EQUIPMENT_STATIC;
export const CIVIL_STATIC = EQUIPMENT_STATIC;

// ---- dynamic (editable) -----------------------------------------------------------------------------

export const EQUIPMENT_DYNAMIC = [
  'Note',
  'Delivered To',
  'Equipment Description',
  'Hazardous Area Specification',
  'Manufacturer',
  'Model',
  'Purchased By',
  'Serial Number',
  'Weight (kg)',
  'Installed By',
] as const;

export const PRESSURE_TEST_DYNAMIC = [
  'Type of Pressure Test',
  'Written Scheme of Examination Required',
  'Planned Test Pressure (barg)',
  'Test Duration (minutes)',
  'Date of Pressure Test',
  'Actual Test Pressure (barg)',
  'Carried Out by',
] as const;

export const PIPELINE_DYNAMIC = [
  'Note',
  'Description',
  'Min Flow Rate (l/s)',
  'Design Flow Rate (l/s)',
  'Max Flow Rate (l/s)',
  'Min Flow Velocity (m/s)',
  'Max Flow Velocity (m/s)',
  'Installed By',
  'Purchased By',
  'Delivered To',
  'Insulation Type',
  'Insulation Thickness (mm)',
  'MDP (barg)',
  'Test Pressure (barg)',
  'Pipe Pressure Rating (barg)',
  ...PRESSURE_TEST_DYNAMIC,
  'Plant Group',
  'Plant System',
] as const;

/** Equipment dynamic plus Valve Orientation and Extension Spindle Size, and the valve schedule's cells (Status included). */
export const VALVE_DYNAMIC = [
  ...EQUIPMENT_DYNAMIC,
  'Valve Orientation',
  'Extension Spindle Size (mm)',
  'Status',
  'Description',
  'Regulation 31 Compliance Required',
  'Mechanical Connection',
  'Above Ground / Below Ground',
  'Valve Top Fitting',
  'Operating Frequency',
  'Locking Facility',
  'Valve CCMS Catalogue Number',
  'Supplied By',
] as const;

/** Fittings are bought and fitted as valves are, without the valve-only cells (completed). */
export const FITTING_DYNAMIC = [
  ...EQUIPMENT_DYNAMIC,
  'Description',
  'Mechanical Connection',
  'Above Ground / Below Ground',
  'Supplied By',
] as const;

/** Control panels and actuators: Revision, MCC Ref, PLC / IO Node Ref and the equipment set. */
export const PANEL_DYNAMIC = ['Revision', 'MCC Ref', 'PLC / IO Node Ref', ...EQUIPMENT_DYNAMIC] as const;

/** Instruments: the panel set plus every instrument schedule cell. */
export const INSTRUMENT_DYNAMIC = [
  ...PANEL_DYNAMIC,
  'Description',
  'Instrument Range',
  'Connection Size',
  'Fluid Description',
  'Transmitter Model',
  'Sensor Model',
  'Cable Part No.',
  'Mounting Model',
  'Supply Voltage',
  'No. of Digital Outputs',
  'No. of Analogue Outputs',
  'Comms Method',
  'Electrical Installation By',
] as const;

/** Concrete items: the mix fields the spec names, completed with the usual BS 8500 specification fields. */
export const CONCRETE_DYNAMIC = [
  'Exposure Classes',
  'Compressive Strength Class',
  'Design Chemical Class',
  'Cement Type',
  'Maximum Aggregate Size (mm)',
  'Consistence Class',
  'Reinforcement',
  'Nominal Cover',
  'Finish',
  'Description',
  'Note',
] as const;

/** Civil items that are not concrete (fill, membranes, lighting, covers): what was used and who did it. */
export const CIVIL_DYNAMIC = [
  'Description',
  'Note',
  'Material',
  'Manufacturer',
  'Model',
  'Purchased By',
  'Delivered To',
  'Installed By',
] as const;

/** Signal lines and leaders are drawing annotation: a description and a note only. */
export const ANNOTATION_DYNAMIC = ['Description', 'Note'] as const;
