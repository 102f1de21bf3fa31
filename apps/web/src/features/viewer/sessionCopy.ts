import {
  SESSION_COPY_LIMIT,
  sessionCopyFits,
  type DynamicRecord,
  type SessionCopy,
  type StaticRecord,
} from '@penstock/shared';

/**
 * The session copy of a model tab's property data (spec 1, §3 'Session-stored model data per tab name', §4
 * 'Session copy'): four JSON texts stored under the tab's name, only when they fit SESSION_COPY_LIMIT
 * characters combined.
 */

/** An object with a Tag, as the schedules and the properties panel look it up. */
export interface ElementWithProps {
  guId: string;
  dbId: number;
  tag: string;
  category: string;
  locked: boolean;
}

/** A tab's property data. */
export interface PropertyValues {
  /** the dynamic records, merged with the server's values */
  DynaPropValues: DynamicRecord[];
  StatPropValues: StaticRecord[];
  ElemWithProps: ElementWithProps[];
  /** the distinct categories of the objects */
  Categories: string[];
}

/** What the session copy needs of sessionStorage (a fake in tests). */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const SESSION_COPY_KEYS = ['DynaPropValues', 'StatPropValues', 'ElemWithProps', 'Categories'] as const;

/** `<name>:<key>`, e.g. 'Works.ifc:DynaPropValues'. */
export const sessionCopyKey = (name: string, key: (typeof SESSION_COPY_KEYS)[number] | 'Owner'): string =>
  `${name}:${key}`;

/**
 * Whether the four sets can fit the session copy, measured record by record and stopped as soon as they
 * pass the limit (pure). The length of a JSON array is 2 plus each element's JSON and the commas between, so
 * this is the serialized size exactly; a 100k-object model is refused after a few thousand records instead
 * of building hundreds of megabytes of text only to find it too large.
 */
export function sessionCopyMayFit(values: PropertyValues, limit = SESSION_COPY_LIMIT): boolean {
  let size = 0;
  for (const key of SESSION_COPY_KEYS) {
    const list = values[key] as readonly unknown[];
    size += list.length === 0 ? 2 : 1;
    for (const item of list) {
      size += JSON.stringify(item).length + 1;
      if (size > limit) return false;
    }
  }
  return size <= limit;
}

export function serializePropertyValues(values: PropertyValues): SessionCopy {
  return {
    DynaPropValues: JSON.stringify(values.DynaPropValues),
    StatPropValues: JSON.stringify(values.StatPropValues),
    ElemWithProps: JSON.stringify(values.ElemWithProps),
    Categories: JSON.stringify(values.Categories),
  };
}

/** Removes the tab's session copy. */
export function clearSessionCopy(storage: SessionStore, name: string): void {
  for (const key of SESSION_COPY_KEYS) storage.removeItem(sessionCopyKey(name, key));
  storage.removeItem(sessionCopyKey(name, 'Owner'));
}

/**
 * Stores the tab's property data under its name when the four texts fit the limit; otherwise (or when the
 * browser refuses) stores nothing, drops an older copy, and answers false. `owner` (the version id) is kept
 * beside the copy so that another model with the same file name does not read it.
 */
export function writeSessionCopy(
  storage: SessionStore,
  name: string,
  values: PropertyValues,
  owner?: string,
): boolean {
  if (!sessionCopyMayFit(values)) {
    clearSessionCopy(storage, name);
    return false;
  }
  const copy = serializePropertyValues(values);
  if (!sessionCopyFits(copy)) {
    clearSessionCopy(storage, name);
    return false;
  }
  try {
    for (const key of SESSION_COPY_KEYS) storage.setItem(sessionCopyKey(name, key), copy[key]);
    if (owner !== undefined) storage.setItem(sessionCopyKey(name, 'Owner'), owner);
    else storage.removeItem(sessionCopyKey(name, 'Owner'));
    return true;
  } catch {
    // the browser's own quota: silently keep nothing
    clearSessionCopy(storage, name);
    return false;
  }
}

/**
 * The tab's stored property data, or null when there is none, it is incomplete or unreadable, or it belongs
 * to another owner than the one given.
 */
export function readSessionCopy(storage: SessionStore, name: string, owner?: string): PropertyValues | null {
  try {
    if (owner !== undefined) {
      const stored = storage.getItem(sessionCopyKey(name, 'Owner'));
      if (stored !== null && stored !== owner) return null;
    }
    const parsed: Partial<Record<(typeof SESSION_COPY_KEYS)[number], unknown>> = {};
    for (const key of SESSION_COPY_KEYS) {
      const text = storage.getItem(sessionCopyKey(name, key));
      if (text === null) return null;
      const value: unknown = JSON.parse(text);
      if (!Array.isArray(value)) return null;
      parsed[key] = value;
    }
    return parsed as unknown as PropertyValues;
  } catch {
    return null;
  }
}
