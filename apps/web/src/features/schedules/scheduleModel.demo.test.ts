import { describe, expect, it } from 'vitest';
import {
  SCHEDULE_OPTIONS,
  buildDynamicRecord,
  buildStaticRecord,
  categoryOf,
  scheduleColumns,
  type ObjectWithProperties,
  type ScheduleType,
} from '@penstock/shared';
import { planPlant } from '@penstock/plantgen';
import type { PropertyValues } from '../viewer/sessionCopy.ts';
import { cellOptions, isEditableCell, rowCell, scheduleItems, scheduleRowsOf } from './scheduleModel.ts';

/**
 * The schedules over the demo model's real records: the objects the seed's Inlet Works model is generated
 * from (apps/server/src/seed/demo.ts: 400 elements, seed 11), turned into records by the same shared rules
 * the server's model records use, with nothing injected.
 */
const FILE = 'RWTW-3D-Inlet-Works.ifc';
const PROJECT = 'Ravensworth Water Treatment Works';

function demoValues(): PropertyValues {
  const objects: ObjectWithProperties[] = [];
  const seen = new Set<string>();
  for (const module of planPlant({ elements: 400, seed: 11, name: 'Inlet Works' })) {
    for (const element of module.elements) {
      const props = new Map(element.props);
      const tag = String(props.get('Tag') ?? '');
      if (!tag || seen.has(tag)) continue;
      seen.add(tag);
      objects.push({
        guId: `g-${objects.length}`,
        tag,
        category: categoryOf(String(props.get('P&ID Class') ?? '')),
        propertyValues: element.props.map(([displayName, displayValue]) => ({ displayName, displayValue })),
      });
    }
  }
  return {
    StatPropValues: objects.map((o) => buildStaticRecord(o, PROJECT, FILE)),
    DynaPropValues: objects.map((o) => buildDynamicRecord(o, PROJECT, FILE)),
    ElemWithProps: objects.map((o, dbId) => ({ ...o, dbId, locked: false })),
    Categories: [...new Set(objects.map((o) => o.category))],
  };
}

const values = demoValues();
const rowsOf = (type: ScheduleType) => scheduleRowsOf(type, scheduleItems(values, FILE));

describe('schedules over the demo model', () => {
  it("lets a user choose a real valve's Status from the spec's options", () => {
    const rows = rowsOf('valve_schedule');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(isEditableCell('valve_schedule', 'Status', row)).toBe(true);
    const first = rows[0]!;
    // the model's lifecycle Status (New / Existing) is not shown as the valve's position
    expect(rowCell('valve_schedule', 'Status', first, {})).toBe('');
    expect(cellOptions('Status', '')).toEqual(SCHEDULE_OPTIONS.Status);
    const tag = first.objects[0]!.tag;
    expect(rowCell('valve_schedule', 'Status', first, { [tag]: { Status: 'Locked Closed' } })).toBe(
      'Locked Closed',
    );
  });

  it('makes every dropdown column editable on the real objects of each schedule', () => {
    const types: ScheduleType[] = [
      'valve_schedule',
      'equipment_schedule',
      'instrument_schedule',
      'pipeline_schedule',
      'pressure_test_schedule',
    ];
    for (const type of types) {
      const rows = rowsOf(type);
      expect(rows.length, type).toBeGreaterThan(0);
      // the Status options are valve positions: the instrument schedule shows the model's Status
      const dropdowns = scheduleColumns(type).filter(
        (column) => SCHEDULE_OPTIONS[column] && !(type === 'instrument_schedule' && column === 'Status'),
      );
      for (const row of rows) {
        const fixed = dropdowns.filter((column) => !isEditableCell(type, column, row));
        expect(fixed, `${type} ${row.key}`).toEqual([]);
      }
    }
  });
});
