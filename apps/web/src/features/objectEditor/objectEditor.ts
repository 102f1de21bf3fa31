import { isValueLocked, type DynamicRecord, type LockState, type StaticRecord } from '@penstock/shared';

/** Pure helpers of the Model object editing section (forms spec §2, §3, §5). */

export const ALL_CLASSES = 'All Classes';
/** At most this many objects in the accordion (Show All), for speed. */
export const MAX_EDITOR_OBJECTS = 200;

/** Edited dynamic values: tag → property name → value. */
export type Edits = Readonly<Record<string, Readonly<Record<string, string>>>>;

export const withEdit = (edits: Edits, tag: string, propName: string, value: string): Edits => ({
  ...edits,
  [tag]: { ...edits[tag], [propName]: value },
});

/**
 * The dynamic records with at least one changed value, carrying the edited values (locked records and
 * locked values skipped: the server keeps them anyway).
 */
export function changedRecords(records: readonly DynamicRecord[], edits: Edits): DynamicRecord[] {
  const changed: DynamicRecord[] = [];
  for (const record of records) {
    const edit = edits[record.tag];
    if (!edit || record.locked) continue;
    const propValueList = record.propValueList.map((prop) => ({
      ...prop,
      propValue: isValueLocked(record, prop.propName)
        ? prop.propValue
        : (edit[prop.propName] ?? prop.propValue),
    }));
    if (propValueList.some((prop, i) => prop.propValue !== record.propValueList[i]?.propValue))
      changed.push({ ...record, propValueList });
  }
  return changed;
}

/** The records with the saved ones replaced. */
export function applySaved(
  records: readonly DynamicRecord[],
  saved: readonly DynamicRecord[],
): DynamicRecord[] {
  const byTag = new Map(saved.map((record) => [record.tag, record]));
  return records.map((record) => byTag.get(record.tag) ?? record);
}

/** A static record's values worth showing: the non-empty ones. */
export const shownStatic = (record: StaticRecord | undefined) =>
  (record?.propValueList ?? []).filter((prop) => prop.propValue.trim() !== '');

/** A dropdown's choices: the allowed options, with a stored value outside them kept first. */
export const choicesFor = (options: readonly string[], value: string): readonly string[] =>
  options.includes(value) ? options : [value, ...options];

/** The records with an object's new lock state (from the lock call). */
export function withLockState(records: readonly DynamicRecord[], state: LockState): DynamicRecord[] {
  return records.map((record) => {
    if (record.tag !== state.tag) return record;
    const { lockedProps: _old, ...rest } = record;
    return state.lockedProps.length
      ? { ...rest, locked: state.locked, lockedProps: state.lockedProps }
      : { ...rest, locked: state.locked };
  });
}
