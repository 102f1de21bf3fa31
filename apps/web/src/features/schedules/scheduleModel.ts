import {
  DERIVED_SCHEDULE_COLUMNS,
  SCHEDULE_OPTIONS,
  SCHEDULE_TYPES,
  assetTypesForSchedule,
  scheduleCell,
  scheduleGroups,
  scheduleTypesOf,
  type ScheduleGroup,
  type ScheduleObject,
  type ScheduleSelection,
  type ScheduleType,
} from '@penstock/shared';
import { choicesFor, type Edits } from '../objectEditor/objectEditor.ts';
import type { PropertyValues } from '../viewer/sessionCopy.ts';

/** Pure model of the schedule modals (forms spec §2 'Schedule modals', §3, §4 'Schedule modal', §5). */

/** The Schedules drop-down of the Document editing section, in the spec's order. */
export const SCHEDULE_CHOICES: readonly { value: ScheduleSelection; label: string }[] = [
  { value: 'valve', label: 'Valve' },
  { value: 'equipment', label: 'Equipment' },
  { value: 'instrument', label: 'Instrument' },
  { value: 'pipeline', label: 'Pipeline' },
  { value: 'pressureTest', label: 'Pressure test' },
  { value: 'sap', label: 'Sap' },
];

/** An object of the model as a schedule sees it. */
export interface ScheduleItem extends ScheduleObject {
  locked: boolean;
  /** its values locked one by one (issue 31) */
  lockedProps?: readonly string[] | undefined;
  /** the names of its dynamic properties: the cells a user may edit */
  dynamicNames: ReadonlySet<string>;
}

const toValues = (list: readonly { propName: string; propValue: string }[]) => {
  const values: Record<string, string> = {};
  for (const prop of list) if (!(prop.propName in values)) values[prop.propName] = prop.propValue;
  return values;
};

/** Every tagged object of the tab (one per element), with its static and dynamic values. */
export function scheduleItems(values: PropertyValues, fileName: string): ScheduleItem[] {
  const dynamic = new Map(values.DynaPropValues.map((record) => [record.tag, record]));
  const items: ScheduleItem[] = [];
  for (const record of values.StatPropValues) {
    if (!record.tag.trim()) continue;
    const dyn = dynamic.get(record.tag);
    items.push({
      tag: record.tag,
      category: record.category,
      fileName,
      staticValues: toValues(record.propValueList),
      dynamicValues: dyn ? toValues(dyn.propValueList) : {},
      locked: dyn?.locked ?? false,
      lockedProps: dyn?.lockedProps,
      dynamicNames: new Set(dyn?.propValueList.map((prop) => prop.propName) ?? []),
    });
  }
  return items;
}

/** The item with its edited dynamic values (the same item when it has none). */
export function withEdits(item: ScheduleItem, edits: Edits): ScheduleItem {
  const edit = edits[item.tag];
  return edit ? { ...item, dynamicValues: { ...item.dynamicValues, ...edit } } : item;
}

/** The rows of a schedule (groups of items). */
export const scheduleRowsOf = (type: ScheduleType, items: readonly ScheduleItem[]) =>
  scheduleGroups(type, items);

/** A row's cell text with the edits applied. */
export function rowCell(
  type: ScheduleType,
  column: string,
  group: ScheduleGroup<ScheduleItem>,
  edits: Edits,
): string {
  const [first, ...rest] = group.objects;
  if (!first) return '';
  return scheduleCell(type, column, { key: group.key, objects: [withEdits(first, edits), ...rest] });
}

/**
 * Whether a row's cell is an input: a dynamic property of the row's first object, not a derived column,
 * and not in the SAP schedule (submit only). Locked objects show it disabled.
 */
export function isEditableCell(
  type: ScheduleType,
  column: string,
  group: ScheduleGroup<ScheduleItem>,
): boolean {
  if (type === 'sap' || DERIVED_SCHEDULE_COLUMNS.has(column)) return false;
  return group.objects[0]?.dynamicNames.has(column) ?? false;
}

/** The options of a dropdown-constrained cell, with a stored value outside them kept first. */
export function cellOptions(column: string, value: string): readonly string[] | null {
  const options = SCHEDULE_OPTIONS[column];
  return options ? choicesFor(options, value) : null;
}

/** The distinct tags of a row, each edited together. */
export const rowTags = (group: ScheduleGroup<ScheduleItem>): string[] => [
  ...new Set(group.objects.filter((o) => !o.locked).map((o) => o.tag)),
];

/** One value set on many tags (locked tags skipped): the bulk edit of the side panel. */
export function bulkEdit(
  edits: Edits,
  tags: Iterable<string>,
  propName: string,
  value: string,
  lockedTags: ReadonlySet<string> = new Set(),
): Edits {
  const next: Record<string, Readonly<Record<string, string>>> = { ...edits };
  for (const tag of tags) {
    if (lockedTags.has(tag)) continue;
    next[tag] = { ...next[tag], [propName]: value };
  }
  return next;
}

/** The data-saved flag (spec §4): true at first, false after any edit, true after both saves succeed. */
export type SavedFlagEvent = 'edit' | 'saved' | 'saveFailed';
export function nextDataSaved(current: boolean, event: SavedFlagEvent): boolean {
  if (event === 'edit') return false;
  if (event === 'saved') return true;
  return current;
}

/** The ScheduleCategories sent with a submit: the category table of the schedule's asset types. */
export function scheduleCategories(selection: ScheduleSelection): { category: string; schedule: string }[] {
  const schedules =
    selection === 'sap'
      ? (['valve', 'equipment', 'instrument', 'pipeline'] as const)
      : [scheduleTypesOf(selection)];
  return schedules.flatMap((schedule) =>
    assetTypesForSchedule(schedule).map((entry) => ({ category: entry.category, schedule })),
  );
}

export const scheduleTypeOf = (selection: ScheduleSelection): ScheduleType => SCHEDULE_TYPES[selection];

/** Width of a column in pixels (the table is wider than the window and scrolls). */
export function columnWidth(column: string): number {
  if (column === 'Tag' || column === 'Line Number') return 150;
  if (column.startsWith('Long Description') || column === 'Description' || column === 'Note') return 240;
  if (column.length > 28) return 200;
  return 160;
}
