/**
 * Locks of dynamic property values (issue 31): a project manager locks one value of an object, or all of
 * them, and unlocks them again; each change is kept in the value's history. The spec's Locked flag of a
 * dynamic entry stays the whole object's lock; LockedProps names the values locked one by one. Locked
 * values refuse edits from everyone until they are unlocked.
 */
import { z } from 'zod';
import { MAX_PROPERTY_TEXT } from './propertyValues.contract.ts';

const text = (field: string) =>
  z
    .string({ message: `${field} must be text` })
    .max(MAX_PROPERTY_TEXT, `${field} can have at most ${MAX_PROPERTY_TEXT} characters`);

/** POST /api/properties/lock: lock or unlock one value (propName) or all values (no propName) of an object. */
export const LockValuesBodySchema = z.object({
  projectId: text('projectId').min(1, 'projectId is required'),
  fileName: text('fileName').min(1, 'fileName is required'),
  tag: text('tag').min(1, 'tag is required'),
  /** the object's identity, kept when the object has no stored values yet */
  guId: text('guId').optional(),
  category: text('category').optional(),
  propName: text('propName').min(1, 'propName must not be empty').optional(),
  locked: z.boolean({ message: 'locked must be true or false' }),
});
export type LockValuesBody = z.infer<typeof LockValuesBodySchema>;

/** The lock state of an object's values: all of them (locked), or the ones named in lockedProps. */
export const LockStateSchema = z.object({
  tag: text('tag'),
  locked: z.boolean(),
  lockedProps: z.array(text('lockedProps')),
});
export type LockState = z.infer<typeof LockStateSchema>;

/** GET /api/properties/history: the history of an object's values. */
export const ValueHistoryQuerySchema = z.object({
  projectId: text('projectId').min(1, 'projectId is required'),
  fileName: text('fileName').min(1, 'fileName is required'),
  tag: text('tag').min(1, 'tag is required'),
});
export type ValueHistoryQuery = z.infer<typeof ValueHistoryQuerySchema>;

export const VALUE_HISTORY_ACTIONS = ['locked', 'unlocked'] as const;

export const ValueHistoryEntrySchema = z.object({
  /** null: every value of the object */
  propName: z.string().nullable(),
  action: z.enum(VALUE_HISTORY_ACTIONS),
  byName: z.string(),
  at: z.string(),
});
export type ValueHistoryEntry = z.infer<typeof ValueHistoryEntrySchema>;
export const ValueHistoryListSchema = z.array(ValueHistoryEntrySchema);

/** Whether one value of an object is locked: the whole object is, or that value is. */
export function isValueLocked(
  state: { readonly locked: boolean; readonly lockedProps?: readonly string[] | undefined },
  propName: string,
): boolean {
  return state.locked || (state.lockedProps?.includes(propName) ?? false);
}

/**
 * The lock state after a change (pure). Locking or unlocking all clears the single locks; unlocking one
 * value of a wholly locked object leaves every other of its values (allNames) locked one by one. `changed`
 * is false when the state was already so: no history entry is written for it.
 */
export function applyLockChange(
  current: { readonly locked: boolean; readonly lockedProps: readonly string[] },
  change: { readonly propName?: string | undefined; readonly locked: boolean },
  allNames: readonly string[],
): { locked: boolean; lockedProps: string[]; changed: boolean } {
  const { propName } = change;
  if (propName === undefined) {
    const changed = current.locked !== change.locked || current.lockedProps.length > 0;
    return { locked: change.locked, lockedProps: [], changed };
  }
  if (change.locked) {
    if (isValueLocked(current, propName))
      return { ...current, lockedProps: [...current.lockedProps], changed: false };
    return { locked: false, lockedProps: [...current.lockedProps, propName], changed: true };
  }
  if (current.locked) {
    const others = [...new Set([...allNames, ...current.lockedProps])].filter((name) => name !== propName);
    return { locked: false, lockedProps: others, changed: true };
  }
  const lockedProps = current.lockedProps.filter((name) => name !== propName);
  return { locked: false, lockedProps, changed: lockedProps.length !== current.lockedProps.length };
}
