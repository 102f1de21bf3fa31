import { describe, expect, it } from 'vitest';
import type { DynamicRecord, StaticRecord } from '@penstock/shared';
import type { PropertyValues } from '../viewer/sessionCopy.ts';
import {
  bulkEdit,
  cellOptions,
  isEditableCell,
  nextDataSaved,
  rowCell,
  rowTags,
  scheduleCategories,
  scheduleItems,
  scheduleRowsOf,
  withEdits,
} from './scheduleModel.ts';

const base = { projectName: 'Works', fileName: 'Works.ifc' };
const valve = (tag: string, locked = false): [StaticRecord, DynamicRecord] => [
  {
    ...base,
    tag,
    guId: `g-${tag}`,
    category: 'Gate Valve',
    propValueList: [
      { propName: 'Tag', propValue: tag },
      { propName: 'Size (mm)', propValue: '150' },
      { propName: 'Fluid Code', propValue: 'WW' },
    ],
  },
  {
    ...base,
    tag,
    guId: `g-${tag}`,
    category: 'Gate Valve',
    locked,
    propValueList: [
      { propName: 'Valve Orientation', propValue: '' },
      { propName: 'Status', propValue: 'Locked Closed' },
      { propName: 'Note', propValue: '' },
    ],
  },
];
const pump: StaticRecord = { ...base, tag: 'P-1', guId: 'g-p', category: 'Pump', propValueList: [] };
const pairs = [valve('V-1'), valve('V-2'), valve('V-3', true)];
const values: PropertyValues = {
  StatPropValues: [...pairs.map(([s]) => s), pump],
  DynaPropValues: pairs.map(([, d]) => d),
  ElemWithProps: [],
  Categories: [],
};

describe('schedule model', () => {
  const items = scheduleItems(values, 'Works.ifc');
  const rows = scheduleRowsOf('valve_schedule', items);

  it('lists only the schedule type’s objects, one row per tag, with the stored values', () => {
    expect(rows.map((r) => r.key)).toEqual(['V-1', 'V-2', 'V-3']);
    expect(rowCell('valve_schedule', 'PID Drawing No.', rows[0]!, {})).toBe('Works');
    expect(rowCell('valve_schedule', 'Fluid Code', rows[0]!, {})).toBe('WW');
    expect(rowCell('valve_schedule', 'Long Description (size)', rows[0]!, {})).toMatch(/^150 mm/);
    // the spec's defect is not repeated: Locked Closed stays Locked Closed
    expect(rowCell('valve_schedule', 'Status', rows[0]!, {})).toBe('Locked Closed');
  });

  it('shows edited values and edits every unlocked tag of a row', () => {
    const edits = bulkEdit({}, rowTags(rows[0]!), 'Valve Orientation', 'Vertical');
    expect(rowCell('valve_schedule', 'Valve Orientation', rows[0]!, edits)).toBe('Vertical');
    expect(rowCell('valve_schedule', 'Valve Orientation', rows[1]!, edits)).toBe('');
    expect(withEdits(items[1]!, edits)).toBe(items[1]);
    expect(rowTags(rows[2]!)).toEqual([]);
  });

  it('makes dynamic columns editable, never derived ones, and nothing in the SAP schedule', () => {
    expect(isEditableCell('valve_schedule', 'Valve Orientation', rows[0]!)).toBe(true);
    expect(isEditableCell('valve_schedule', 'Fluid Code', rows[0]!)).toBe(false);
    expect(isEditableCell('valve_schedule', 'PID Drawing No.', rows[0]!)).toBe(false);
    expect(isEditableCell('valve_schedule', 'Tag', rows[0]!)).toBe(false);
    expect(isEditableCell('sap', 'Status', rows[0]!)).toBe(false);
  });

  it('offers exactly the spec’s options, keeping a stored value outside them first', () => {
    expect(cellOptions('Valve Orientation', 'Vertical')).toEqual(['Horizontal', 'Vertical']);
    expect(cellOptions('Valve Orientation', '')).toEqual(['', 'Horizontal', 'Vertical']);
    expect(cellOptions('Status', '')).toEqual([
      '',
      'Normally Open',
      'Normally Closed',
      'Locked Open',
      'Locked Closed',
      'Modulating',
    ]);
    expect(cellOptions('Insulation Thickness (mm)', '25')).toEqual(['25', '30', '35', '40']);
    expect(cellOptions('Note', '')).toBeNull();
  });

  it('bulk-edits the selected objects and leaves locked ones alone', () => {
    const tags = Array.from({ length: 1000 }, (_, i) => `V-${i}`);
    const edits = bulkEdit(
      { 'V-0': { Note: 'kept' } },
      tags,
      'Valve Orientation',
      'Horizontal',
      new Set(['V-5']),
    );
    expect(Object.keys(edits)).toHaveLength(999);
    expect(edits['V-0']).toEqual({ Note: 'kept', 'Valve Orientation': 'Horizontal' });
    expect(edits['V-5']).toBeUndefined();
  });

  it('keeps the data-saved flag: true at first, false after an edit, true after both saves', () => {
    let flag = true;
    flag = nextDataSaved(flag, 'edit');
    expect(flag).toBe(false);
    expect(nextDataSaved(flag, 'saveFailed')).toBe(false);
    expect(nextDataSaved(flag, 'saved')).toBe(true);
  });

  it('sends the category table of the schedule', () => {
    const valves = scheduleCategories('valve');
    expect(valves.length).toBeGreaterThan(5);
    expect(valves.every((c) => c.schedule === 'valve')).toBe(true);
    expect(new Set(scheduleCategories('sap').map((c) => c.schedule))).toEqual(
      new Set(['valve', 'equipment', 'instrument', 'pipeline']),
    );
    expect(scheduleCategories('pressureTest').every((c) => c.schedule === 'pipeline')).toBe(true);
  });
});
