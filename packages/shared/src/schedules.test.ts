import { describe, expect, it } from 'vitest';
import { SCHEDULE_COLUMNS } from './catalogue/index.ts';
import {
  SAP_SCHEDULE_COLUMNS,
  SCHEDULE_TYPES,
  buildScheduleRows,
  canSubmitSchedule,
  drawingNumberOf,
  parseScheduleType,
  scheduleTitle,
  type ScheduleObject,
  type ScheduleType,
} from './schedules.ts';

const FILE = 'RWTW-PID-001.ifc';

const object = (
  tag: string,
  category: string,
  staticValues: Record<string, string> = {},
  dynamicValues: Record<string, string> = {},
  extra: Partial<ScheduleObject> = {},
): ScheduleObject => ({ tag, category, staticValues, dynamicValues, fileName: FILE, ...extra });

const column = (table: { columns: string[]; rows: string[][] }, row: number, name: string) =>
  table.rows[row]![table.columns.indexOf(name)];

describe('schedule types', () => {
  it('maps the selection values to the ScheduleType values', () => {
    expect(SCHEDULE_TYPES).toEqual({
      valve: 'valve_schedule',
      equipment: 'equipment_schedule',
      instrument: 'instrument_schedule',
      pipeline: 'pipeline_schedule',
      pressureTest: 'pressure_test_schedule',
      sap: 'sap',
    });
  });

  it('parses a ScheduleType or a selection value, and nothing else', () => {
    expect(parseScheduleType('valve_schedule')).toBe('valve_schedule');
    expect(parseScheduleType('pressureTest')).toBe('pressure_test_schedule');
    expect(parseScheduleType('sap')).toBe('sap');
    expect(parseScheduleType('toString')).toBeNull();
    expect(parseScheduleType('boiler_schedule')).toBeNull();
    expect(parseScheduleType(undefined)).toBeNull();
  });

  it('titles a schedule', () => {
    expect(scheduleTitle('pressure_test_schedule', 'RWTW')).toBe('Pressure Test Schedule for RWTW');
    expect(scheduleTitle('valve_schedule', 'RWTW')).toBe('Valve Schedule for RWTW');
  });

  it('takes the drawing number from the file name without its extension', () => {
    expect(drawingNumberOf('RWTW-PID-001.ifc')).toBe('RWTW-PID-001');
    expect(drawingNumberOf('a.b.IFC')).toBe('a.b');
    expect(drawingNumberOf('noext')).toBe('noext');
  });
});

describe('buildScheduleRows', () => {
  it("gives each schedule exactly the spec's columns", () => {
    const kinds = Object.entries(SCHEDULE_TYPES) as Array<[keyof typeof SCHEDULE_TYPES, ScheduleType]>;
    for (const [selection, type] of kinds) {
      const expected = selection === 'sap' ? SAP_SCHEDULE_COLUMNS : SCHEDULE_COLUMNS[selection];
      expect(buildScheduleRows(type, []).columns).toEqual(expected);
    }
    expect(buildScheduleRows('equipment_schedule', []).columns).toEqual([
      'PID Drawing No.',
      'Tag',
      'Equipment Description',
      'Hazardous Area Specification',
      'Manufacturer',
      'Model',
      'Serial Number',
      'Weight (kg)',
      'Note',
    ]);
  });

  it('lists only tagged objects of the schedule’s categories, one row per tag', () => {
    const table = buildScheduleRows('equipment_schedule', [
      object('P-101', 'pump', {}, { Manufacturer: 'Grundfos', Note: 'duty' }),
      object('P-101', 'Pump', {}, { Manufacturer: 'Other' }),
      object('', 'Pump'),
      object('V-1', 'Ball Valve'),
      object('P-102', 'Pump - Existing'),
      object('T-1', 'Tank', { 'Serial Number': 'S1' }, { 'Serial Number': '' }),
    ]);
    expect(table.rows.map((r) => r[1])).toEqual(['P-101', 'T-1']);
    expect(column(table, 0, 'PID Drawing No.')).toBe('RWTW-PID-001');
    expect(column(table, 0, 'Manufacturer')).toBe('Grundfos');
    expect(column(table, 0, 'Note')).toBe('duty');
    // an empty dynamic value falls back to the static one
    expect(column(table, 1, 'Serial Number')).toBe('S1');
  });

  it('derives the valve columns and keeps dropdown values as stored', () => {
    const table = buildScheduleRows('valve_schedule', [
      object(
        'V-101',
        'Ball Valve',
        { 'Size (mm)': '150', Size: '150 NB', 'Valve Type': 'Ball', 'PID Drawing No.': 'ignored' },
        { Status: 'Locked Closed', Description: 'Isolation valve', 'Locking Facility': 'Yes' },
      ),
    ]);
    expect(column(table, 0, 'PID Drawing No.')).toBe('RWTW-PID-001');
    expect(column(table, 0, 'Long Description (size)')).toBe('150 NB Isolation valve');
    expect(column(table, 0, 'Status')).toBe('Locked Closed');
    expect(column(table, 0, 'Valve Type')).toBe('Ball');
    expect(column(table, 0, 'Locking Facility')).toBe('Yes');
    expect(table.rows[0]).toHaveLength(table.columns.length);
  });

  it('derives Process Range and Supply Voltage of instruments', () => {
    const table = buildScheduleRows('instrument_schedule', [
      object(
        'FIT-1',
        'Flow Instrument',
        { 'Process Range - Minimum': '0', 'Process Range - Maximum': '250' },
        { 'Supply Voltage': '24', 'Supply Voltage Units': 'V DC' },
      ),
      object('LIT-1', 'Level Instrument', { 'Process Range - Minimum': '0' }, {}),
      object('PIT-1', 'Pressure Instrument', {}, { 'Supply Voltage': '230' }),
    ]);
    expect(column(table, 0, 'Process Range')).toBe('0-250');
    expect(column(table, 0, 'Supply Voltage')).toBe('24 V DC');
    expect(column(table, 1, 'Process Range')).toBe('Not Specified');
    expect(column(table, 1, 'Supply Voltage')).toBe('Not Specified');
    expect(column(table, 2, 'Supply Voltage')).toBe('230');
    expect(column(table, 0, 'PID Drawing No.')).toBe('RWTW-PID-001');
  });

  it('groups pipelines by Line Number and sums the rounded lengths', () => {
    const line = { 'Line Number': 'L-100', From: 'T-1', To: 'P-1', Size: '200 NB' };
    const table = buildScheduleRows('pipeline_schedule', [
      object('L-100', 'Major Pipeline', { ...line, 'Length (m)': '1.2344' }, { 'MDP (barg)': '10' }),
      object('L-100', 'Major Pipeline', line, {}, { length: '800.6' }),
      object('L-200', 'Minor Pipeline', { 'Line Number': 'L-200', 'Length (m)': '0.5' }),
      object('L-300', 'Future Pipeline', { 'Line Number': 'L-300', 'Length (m)': '9' }),
    ]);
    expect(table.rows.map((r) => column({ ...table, rows: [r] }, 0, 'Line Number'))).toEqual([
      'L-100',
      'L-200',
    ]);
    expect(column(table, 0, 'Line Length (mm)')).toBe(String(1234 + 801));
    expect(column(table, 0, 'From')).toBe('T-1');
    expect(column(table, 0, 'MDP (barg)')).toBe('10');
    expect(column(table, 0, 'Long Description (size)')).toBe('200 NB Major Pipeline');
    expect(column(table, 1, 'Line Length (mm)')).toBe('500');
  });

  it('lists pipelines by line in the pressure-test schedule', () => {
    const table = buildScheduleRows('pressure_test_schedule', [
      object(
        'L-1',
        'Dual Contained Pipeline',
        { 'Line Number': 'L-1' },
        { 'Type of Pressure Test': 'Pneumatic' },
      ),
      object('L-1', 'Dual Contained Pipeline', { 'Line Number': 'L-1' }),
      object('P-1', 'Pump'),
    ]);
    expect(table.rows).toHaveLength(1);
    expect(column(table, 0, 'Line Number')).toBe('L-1');
    expect(column(table, 0, 'Type of Pressure Test')).toBe('Pneumatic');
  });

  it('lists every scheduled type in the SAP schedule', () => {
    const table = buildScheduleRows('sap', [
      object('P-1', 'Pump'),
      object('V-1', 'Gate Valve'),
      object('FIT-1', 'Flow Instrument'),
      object('L-1', 'Major Pipeline'),
      object('W-1', 'Wall'),
    ]);
    expect(table.rows.map((r) => r[1])).toEqual(['P-1', 'V-1', 'FIT-1', 'L-1']);
    expect(column(table, 1, 'Category')).toBe('Gate Valve');
  });
});

describe('canSubmitSchedule', () => {
  const ok = { projectName: 'RWTW', fileName: FILE, dataSaved: true } as const;

  it('needs a project name', () => {
    expect(canSubmitSchedule({ ...ok, projectName: '', type: 'equipment_schedule' })).toBe(
      'Project name not found',
    );
    expect(canSubmitSchedule({ ...ok, projectName: undefined, type: 'sap' })).toBe('Project name not found');
  });

  it('needs a file for valve and SAP schedules only', () => {
    expect(canSubmitSchedule({ ...ok, fileName: '', type: 'valve_schedule' })).toBe(
      'Selected File Could Not Be Found',
    );
    expect(canSubmitSchedule({ ...ok, fileName: null, type: 'sap' })).toBe(
      'Selected File Could Not Be Found',
    );
    expect(canSubmitSchedule({ ...ok, fileName: '', type: 'instrument_schedule' })).toBeNull();
  });

  it('needs saved data, except for SAP', () => {
    for (const type of [
      'valve_schedule',
      'instrument_schedule',
      'equipment_schedule',
      'pipeline_schedule',
      'pressure_test_schedule',
    ] as const) {
      expect(canSubmitSchedule({ ...ok, dataSaved: false, type })).toBe('Please save your data first');
      expect(canSubmitSchedule({ ...ok, type })).toBeNull();
    }
    expect(canSubmitSchedule({ ...ok, dataSaved: false, type: 'sap' })).toBeNull();
  });
});
