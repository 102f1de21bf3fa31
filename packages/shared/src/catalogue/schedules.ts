/**
 * The schedules' columns (forms spec §3 'Schedule columns'). Each column is a catalogue property of the
 * schedule's types, except the computed ones listed in COMPUTED_SCHEDULE_COLUMNS.
 */
import type { AssetSchedule } from '../assetCategories.ts';

/** The schedule selection values of the spec that have columns ('sap' has none shown). */
export type ScheduleKind = AssetSchedule | 'pressureTest';

export const SCHEDULE_KINDS: readonly ScheduleKind[] = [
  'valve',
  'equipment',
  'instrument',
  'pipeline',
  'pressureTest',
];

/** The asset schedule whose types a schedule lists: the pressure-test schedule lists the pipelines. */
export function scheduleTypesOf(kind: ScheduleKind): AssetSchedule {
  return kind === 'pressureTest' ? 'pipeline' : kind;
}

/**
 * Columns worked out from other values rather than read from one property:
 * - Long Description (size): the description with the size;
 * - Line Length (mm): the sum of the rounded Length values of the line's elements;
 * - Process Range: 'min-max' of Process Range - Minimum and - Maximum, else 'Not Specified'.
 */
export const COMPUTED_SCHEDULE_COLUMNS = [
  'Long Description (size)',
  'Line Length (mm)',
  'Process Range',
] as const;

export const SCHEDULE_COLUMNS: Readonly<Record<ScheduleKind, readonly string[]>> = {
  valve: [
    'PID Drawing No.',
    'Tag',
    'Long Description (size)',
    'Description',
    'Fluid Code',
    'Regulation 31 Compliance Required',
    'Valve Type',
    'Size (mm)',
    'Size (inches)',
    'Mechanical Connection',
    'Above Ground / Below Ground',
    'Valve Orientation',
    'Valve Top Fitting',
    'Status',
    'Min Fluid Operating Temperature (°C)',
    'Min Fluid Operating Pressure (barg)',
    'Max Fluid Operating Pressure (barg)',
    'Valve Pressure Rating (barg)',
    'Hazardous Area Specification',
    'Operating Frequency',
    'Extension Spindle Size (mm)',
    'Locking Facility',
    'Valve CCMS Catalogue Number',
    'Supplied By',
    'Note',
  ],
  instrument: [
    'Revision',
    'Tag',
    'Instrument Type',
    'Description',
    'PID Drawing No.',
    'MCC Ref',
    'PLC / IO Node Ref',
    'Instrument Range',
    'Process Range',
    'Engineering Units',
    'Connection Size',
    'Fluid Description',
    'Manufacturer',
    'Transmitter Model',
    'Sensor Model',
    'Cable Part No.',
    'Mounting Model',
    'Supply Voltage',
    'No. of Digital Outputs',
    'No. of Analogue Outputs',
    'Comms Method',
    'Purchased By',
    'Delivered To',
    'Installed By',
    'Electrical Installation By',
    'Hazardous Area Specification',
    'Status',
  ],
  equipment: [
    'PID Drawing No.',
    'Tag',
    'Equipment Description',
    'Hazardous Area Specification',
    'Manufacturer',
    'Model',
    'Serial Number',
    'Weight (kg)',
    'Note',
  ],
  pipeline: [
    'PID Drawing No.',
    'Line Number',
    'Long Description (size)',
    'From',
    'To',
    'Line Length (mm)',
    'MDP (barg)',
    'Test Pressure (barg)',
    'Pipe Pressure Rating (barg)',
    'Insulation Type',
    'Insulation Thickness (mm)',
    'Note',
  ],
  pressureTest: [
    'Line Number',
    'Long Description (size)',
    'Type of Pressure Test',
    'Written Scheme of Examination Required',
    'Planned Test Pressure (barg)',
    'Test Duration (minutes)',
    'Date of Pressure Test',
    'Actual Test Pressure (barg)',
    'Carried Out by',
  ],
};

/** Dropdown-constrained schedule values (forms spec §5); other cells are free text. */
export const SCHEDULE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  Status: ['', 'Normally Open', 'Normally Closed', 'Locked Open', 'Locked Closed', 'Modulating'],
  'Locking Facility': ['Yes', 'No', 'Mechanical Interlock'],
  'Operating Frequency': ['>10x Per Day', '1-10x Per Day', '1-30x Per Month', '1-12x Per Year', 'Modulating'],
  'Valve Top Fitting': ['Cap Top', 'Lever', 'Handwheel', 'ISO Top Flange', 'Chainwheel'],
  'Valve Orientation': ['Horizontal', 'Vertical'],
  'Regulation 31 Compliance Required': ['Yes', 'No'],
  'Hazardous Area Specification': ['Safe', 'Zone 0', 'Zone 1', 'Zone 2', 'Zone 20', 'Zone 21', 'Zone 22'],
  'Insulation Thickness (mm)': ['25', '30', '35', '40'],
  'Insulation Type': [
    'N/A',
    'Personnel Protection',
    'Heat Conservation',
    'Cold Conservation',
    'Frost Protection',
    'Acoustic',
  ],
  'Type of Pressure Test': ['Hydrostatic', 'Pneumatic'],
};
