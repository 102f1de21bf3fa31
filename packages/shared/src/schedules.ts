/**
 * Schedules (forms spec §3 'Schedule types and categories' and 'Schedule columns', §5, §7 getreport and
 * getsapreport, §8): the schedule types, their titles, the rows a schedule lists and the checks made before
 * a schedule is submitted. Pure: the server reads the objects and values, these functions shape them.
 *
 * Dropdown-constrained cells (SCHEDULE_OPTIONS) are written as stored: 'Locked Closed' stays 'Locked Closed'
 * (the spec's client had a defect that submitted it as 'Locked Open').
 */
import {
  SCHEDULE_COLUMNS,
  assetTypesForSchedule,
  categoryOf,
  scheduleTypesOf,
  type ScheduleKind,
} from './catalogue/index.ts';
import type { AssetSchedule } from './assetCategories.ts';

/** The schedule selection values of the spec. */
export type ScheduleSelection = ScheduleKind | 'sap';

/** The ScheduleType values sent to getreport / getsapreport. */
export type ScheduleType =
  | 'valve_schedule'
  | 'equipment_schedule'
  | 'instrument_schedule'
  | 'pipeline_schedule'
  | 'pressure_test_schedule'
  | 'sap';

/** Selection value → ScheduleType. */
export const SCHEDULE_TYPES: Readonly<Record<ScheduleSelection, ScheduleType>> = {
  valve: 'valve_schedule',
  equipment: 'equipment_schedule',
  instrument: 'instrument_schedule',
  pipeline: 'pipeline_schedule',
  pressureTest: 'pressure_test_schedule',
  sap: 'sap',
};

const SELECTION_OF: Readonly<Record<ScheduleType, ScheduleSelection>> = {
  valve_schedule: 'valve',
  equipment_schedule: 'equipment',
  instrument_schedule: 'instrument',
  pipeline_schedule: 'pipeline',
  pressure_test_schedule: 'pressureTest',
  sap: 'sap',
};

/** The type's name in titles and file names. */
export const SCHEDULE_TYPE_LABELS: Readonly<Record<ScheduleType, string>> = {
  valve_schedule: 'Valve',
  equipment_schedule: 'Equipment',
  instrument_schedule: 'Instrument',
  pipeline_schedule: 'Pipeline',
  pressure_test_schedule: 'Pressure Test',
  sap: 'SAP',
};

/** A ScheduleType, or a selection value ('the button name'), as a ScheduleType; null when it is neither. */
export function parseScheduleType(text: string | undefined | null): ScheduleType | null {
  const value = (text ?? '').trim();
  if (Object.hasOwn(SELECTION_OF, value)) return value as ScheduleType;
  if (Object.hasOwn(SCHEDULE_TYPES, value)) return SCHEDULE_TYPES[value as ScheduleSelection];
  return null;
}

/** '<Type> Schedule for <project>' */
export function scheduleTitle(type: ScheduleType, project: string): string {
  return `${SCHEDULE_TYPE_LABELS[type]} Schedule for ${project}`;
}

/**
 * The SAP schedule's columns. The spec shows none: this is an asset register of every scheduled object
 * (valves, equipment, instruments and pipelines), one row per tag (assumption).
 */
export const SAP_SCHEDULE_COLUMNS: readonly string[] = [
  'PID Drawing No.',
  'Tag',
  'Category',
  'Description',
  'Manufacturer',
  'Model',
  'Serial Number',
  'Status',
];

/** The columns of a schedule, in the spec's order. */
export function scheduleColumns(type: ScheduleType): readonly string[] {
  const selection = SELECTION_OF[type];
  return selection === 'sap' ? SAP_SCHEDULE_COLUMNS : SCHEDULE_COLUMNS[selection];
}

export interface ScheduleObject {
  tag: string;
  /** the object's category or P&ID Class (matched through the catalogue, case-insensitively) */
  category: string;
  staticValues: Record<string, string>;
  dynamicValues: Record<string, string>;
  /** the model file's name: 'PID Drawing No.' is this name without its extension */
  fileName: string;
  /** the element's length in millimetres; when absent, 'Length (m)' × 1000 of the static values */
  length?: string;
}

export interface ScheduleTable {
  columns: string[];
  rows: string[][];
}

export const NOT_SPECIFIED = 'Not Specified';

/** The file name without its last extension. */
export function drawingNumberOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

const SCHEDULED_CATEGORIES = new Map<AssetSchedule, ReadonlySet<string>>();
function categoriesOf(schedule: AssetSchedule): ReadonlySet<string> {
  let set = SCHEDULED_CATEGORIES.get(schedule);
  if (!set) {
    set = new Set(assetTypesForSchedule(schedule).map((entry) => entry.category));
    SCHEDULED_CATEGORIES.set(schedule, set);
  }
  return set;
}

/** The asset schedules whose objects a schedule lists. */
function assetSchedulesOf(type: ScheduleType): AssetSchedule[] {
  const selection = SELECTION_OF[type];
  return selection === 'sap'
    ? ['valve', 'equipment', 'instrument', 'pipeline']
    : [scheduleTypesOf(selection)];
}

/** Whether an object of this category is listed in the schedule. */
export function isScheduled(type: ScheduleType, category: string): boolean {
  const name = categoryOf(category);
  return assetSchedulesOf(type).some((schedule) => categoriesOf(schedule).has(name));
}

const text = (value: string | undefined) => (value ?? '').trim();

/** A value of the object: the dynamic value when it is set, else the static one, else ''. */
type Values = Pick<ScheduleObject, 'staticValues' | 'dynamicValues'>;

function valueOf(object: Values, name: string): string {
  return text(object.dynamicValues[name]) || text(object.staticValues[name]);
}

/** 'min-max' of Process Range - Minimum and - Maximum, else 'Not Specified'. */
export function processRange(object: Values): string {
  const min = valueOf(object, 'Process Range - Minimum');
  const max = valueOf(object, 'Process Range - Maximum');
  return min && max ? `${min}-${max}` : NOT_SPECIFIED;
}

/** The supply voltage with its units ('Supply Voltage Units', when given), else 'Not Specified'. */
export function supplyVoltage(object: Values): string {
  const value = valueOf(object, 'Supply Voltage');
  if (!value) return NOT_SPECIFIED;
  const units = valueOf(object, 'Supply Voltage Units');
  return units && !value.endsWith(units) ? `${value} ${units}` : value;
}

/** The description with the size: '<size> <description>' (the size alone, or the description alone, if one is missing). */
function longDescription(object: ScheduleObject): string {
  const mm = valueOf(object, 'Size (mm)');
  const size = valueOf(object, 'Size') || (mm ? `${mm} mm` : '');
  const description =
    valueOf(object, 'Description') || valueOf(object, 'Class Name') || categoryOf(object.category);
  return [size, description].filter(Boolean).join(' ');
}

/** The element's length in whole millimetres (0 when unknown). */
function lengthMm(object: ScheduleObject): number {
  const given = Number.parseFloat(text(object.length));
  if (Number.isFinite(given)) return Math.round(given);
  const metres = Number.parseFloat(valueOf(object, 'Length (m)'));
  return Number.isFinite(metres) ? Math.round(metres * 1000) : 0;
}

function cell(object: ScheduleObject, column: string): string {
  switch (column) {
    case 'PID Drawing No.':
      return drawingNumberOf(object.fileName);
    case 'Tag':
      return text(object.tag);
    case 'Category':
      return categoryOf(object.category);
    case 'Process Range':
      return processRange(object);
    case 'Supply Voltage':
      return supplyVoltage(object);
    case 'Long Description (size)':
      return longDescription(object);
    default:
      return valueOf(object, column);
  }
}

/** One row of a schedule: its key (the tag, or the Line Number) and the objects it covers (first gives values). */
export interface ScheduleGroup<T extends ScheduleObject = ScheduleObject> {
  key: string;
  objects: T[];
}

/**
 * The schedule's row groups: only tagged objects whose category the schedule lists. Valve, equipment,
 * instrument and SAP schedules have one row per tag (the first object of a tag gives the values). Pipeline and
 * pressure-test schedules have one row per Line Number (an element without one counts under its tag).
 */
export function scheduleGroups<T extends ScheduleObject>(
  type: ScheduleType,
  objects: readonly T[],
): ScheduleGroup<T>[] {
  const listed = objects.filter((o) => text(o.tag) && isScheduled(type, o.category));
  const byLine = isLineSchedule(type);
  const groups = new Map<string, T[]>();
  for (const object of listed) {
    const key = byLine ? valueOf(object, 'Line Number') || text(object.tag) : text(object.tag);
    const group = groups.get(key);
    if (group) group.push(object);
    else groups.set(key, [object]);
  }
  return [...groups].map(([key, members]) => ({ key, objects: members }));
}

/** Pipeline and pressure-test schedules list lines, not single objects. */
export const isLineSchedule = (type: ScheduleType): boolean =>
  type === 'pipeline_schedule' || type === 'pressure_test_schedule';

/** A cell of a row: derived columns computed, others the first object's dynamic-else-static value. */
export function scheduleCell(type: ScheduleType, column: string, group: ScheduleGroup): string {
  const first = group.objects[0];
  if (!first) return '';
  if (isLineSchedule(type) && column === 'Line Number') return group.key;
  if (column === 'Line Length (mm)') return String(group.objects.reduce((sum, o) => sum + lengthMm(o), 0));
  return cell(first, column);
}

/** Columns computed from other values: never edited in a schedule. */
export const DERIVED_SCHEDULE_COLUMNS: ReadonlySet<string> = new Set([
  'PID Drawing No.',
  'Tag',
  'Category',
  'Process Range',
  'Supply Voltage',
  'Long Description (size)',
  'Line Length (mm)',
  'Line Number',
]);

/** The schedule's rows as text (what the workbook holds). */
export function buildScheduleRows(type: ScheduleType, objects: readonly ScheduleObject[]): ScheduleTable {
  const columns = [...scheduleColumns(type)];
  const rows = scheduleGroups(type, objects).map((group) =>
    columns.map((column) => scheduleCell(type, column, group)),
  );
  return { columns, rows };
}

export interface SubmitScheduleInput {
  projectName: string | undefined | null;
  fileName: string | undefined | null;
  /** the modal's data-saved flag (starts true; any edit sets it false until both saves succeed) */
  dataSaved: boolean;
  type: ScheduleType;
}

export const SCHEDULE_SUBMIT_MESSAGES = {
  noProject: 'Project name not found',
  noFile: 'Selected File Could Not Be Found',
  unsaved: 'Please save your data first',
} as const;

/** The message refusing 'Submit to BIM360', or null when the schedule may be submitted (spec §5). */
export function canSubmitSchedule(input: SubmitScheduleInput): string | null {
  if (!text(input.projectName ?? undefined)) return SCHEDULE_SUBMIT_MESSAGES.noProject;
  if ((input.type === 'valve_schedule' || input.type === 'sap') && !text(input.fileName ?? undefined))
    return SCHEDULE_SUBMIT_MESSAGES.noFile;
  if (input.type !== 'sap' && !input.dataSaved) return SCHEDULE_SUBMIT_MESSAGES.unsaved;
  return null;
}
