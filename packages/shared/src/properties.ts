/**
 * Pure rules for model object properties (spec core viewer §4-§6, forms spec §3-§5): which properties the
 * panel shows and how, the static and dynamic records sent to the server, matching the server's dynamic
 * values to objects, and the session-copy size rule.
 */
import { findAssetType } from './catalogue/index.ts';
import type { DynamicEntry, DynamicRecord, PropValue, StaticRecord } from './propertyValues.contract.ts';

/** A property value as the viewer reads it: text, or a number for numeric properties. */
export type PropertyValue = string | number | boolean | null | undefined;

// ---- properties panel -------------------------------------------------------------------------------

const ZERO = /^[-+]?(0+(\.0*)?|\.0+)$/;

/** True when a value counts as empty for display: nothing, blank, 'none' (any case) or zero. */
export function isEmptyPropertyValue(value: PropertyValue): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'number') return value === 0 || Number.isNaN(value);
  const text = String(value).trim();
  return text === '' || text.toLowerCase() === 'none' || ZERO.test(text);
}

/**
 * Whether a property category is one of the configured categories (given as {type} entries or as names).
 * An entry may hold '*' as a wildcard: 'Pset_*' matches every IFC standard set, '*' alone matches all (an
 * installation that wants every set shown). Matching is exact otherwise, as the spec's list is.
 */
export function isConfiguredCategory(
  category: string,
  categories: readonly { readonly type: string }[] | readonly string[],
): boolean {
  return categories.some((entry) => {
    const pattern = typeof entry === 'string' ? entry : entry.type;
    if (!pattern.includes('*')) return pattern === category;
    const parts = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('.*')}$`, 's').test(category);
  });
}

/**
 * Whether the properties panel shows a property: its value is non-empty, not 'none', not zero, and its
 * category is one of the configured categories (see isConfiguredCategory for wildcards).
 */
export function isShownProperty(
  prop: { readonly displayValue: PropertyValue; readonly displayCategory: string },
  categories: readonly { readonly type: string }[] | readonly string[],
): boolean {
  if (isEmptyPropertyValue(prop.displayValue)) return false;
  return isConfiguredCategory(prop.displayCategory, categories);
}

/** Display precision: 3 decimals. */
export const DISPLAY_DECIMALS = 3;

const SQUARE_MM = new Set(['mm^2', 'mm²', 'mm2']);
const CUBIC_MM = new Set(['mm^3', 'mm³', 'mm3']);

function toNumber(value: PropertyValue): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : undefined;
}

/**
 * The value and units a property is displayed with: areas in mm^2 as m^2 (/1,000,000), volumes in mm^3 as
 * m^3 (/1,000,000,000) and elevations in mm as m (/1000), each to 3 decimals. Anything else, including
 * non-numeric values, is returned unchanged.
 */
export function formatPropertyValue<V extends PropertyValue>(prop: {
  readonly displayName: string;
  readonly displayValue: V;
  readonly units: string;
}): { value: V | string; units: string } {
  const units = prop.units.trim();
  const number = toNumber(prop.displayValue);
  if (number !== undefined) {
    const unit = units.toLowerCase();
    let converted: { value: number; units: string } | undefined;
    if (SQUARE_MM.has(unit)) converted = { value: number / 1e6, units: units.replace(/^mm/i, 'm') };
    else if (CUBIC_MM.has(unit)) converted = { value: number / 1e9, units: units.replace(/^mm/i, 'm') };
    else if (unit === 'mm' && /elevation/i.test(prop.displayName))
      converted = { value: number / 1000, units: 'm' };
    if (converted) return { value: converted.value.toFixed(DISPLAY_DECIMALS), units: converted.units };
  }
  return { value: prop.displayValue, units: prop.units };
}

const LINK_LABELS: Readonly<Record<string, string>> = {
  hyperlink: 'Hyperlink',
  info_ref: 'Information reference',
};

/** Properties named 'hyperlink' or 'info_ref' (any case) are shown as links. */
export function isLinkProperty(name: string): boolean {
  return Object.hasOwn(LINK_LABELS, name.trim().toLowerCase());
}

/** The label a link property is shown with; other names are returned as they are. */
export function linkLabel(name: string): string {
  return LINK_LABELS[name.trim().toLowerCase()] ?? name;
}

/** Properties grouped by displayCategory, groups and properties in first-seen order. */
export function groupByCategory<P extends { readonly displayCategory: string }>(
  props: readonly P[],
): { category: string; properties: P[] }[] {
  const groups = new Map<string, P[]>();
  for (const prop of props) {
    const group = groups.get(prop.displayCategory);
    if (group) group.push(prop);
    else groups.set(prop.displayCategory, [prop]);
  }
  return [...groups].map(([category, properties]) => ({ category, properties }));
}

// ---- static and dynamic records ---------------------------------------------------------------------

/** An object with properties, as read from the model (only objects with a Tag value count). */
export interface ObjectWithProperties {
  readonly guId: string;
  readonly tag: string;
  /** From the object's 'P&ID Class' through the catalogue (see categoryOf). */
  readonly category: string;
  readonly propertyValues: readonly { readonly displayName: string; readonly displayValue: PropertyValue }[];
  /** From the server's dynamic entries. */
  readonly locked?: boolean;
}

const valueText = (value: PropertyValue): string =>
  value === null || value === undefined ? '' : String(value);

/**
 * The static record of an object: its values of the catalogue's static property names for its category,
 * in the object's order (the first value wins when a name repeats). Unknown categories have none.
 */
export function buildStaticRecord(
  object: ObjectWithProperties,
  projectName: string,
  fileName: string,
): StaticRecord {
  const names = new Set(findAssetType(object.category)?.staticProps ?? []);
  const propValueList: PropValue[] = [];
  for (const { displayName, displayValue } of object.propertyValues) {
    if (!names.has(displayName)) continue;
    names.delete(displayName);
    propValueList.push({ propName: displayName, propValue: valueText(displayValue) });
  }
  return {
    projectName,
    fileName,
    tag: object.tag,
    guId: object.guId,
    category: object.category,
    propValueList,
  };
}

/** The dynamic record of an object: one empty value per catalogue dynamic name of its category. */
export function buildDynamicRecord(
  object: ObjectWithProperties,
  projectName: string,
  fileName: string,
): DynamicRecord {
  const names = findAssetType(object.category)?.dynamicProps ?? [];
  return {
    projectName,
    fileName,
    tag: object.tag,
    guId: object.guId,
    category: object.category,
    locked: object.locked ?? false,
    propValueList: names.map((propName) => ({ propName, propValue: '' })),
  };
}

/**
 * The dynamic record of a static record's object (pure): what buildDynamicRecord gives for that object, from
 * the static record's identity alone (the dynamic names depend on the category only). The records call's
 * streamed form sends static records only; the client derives the dynamic ones with this.
 */
export function dynamicRecordOf(record: StaticRecord): DynamicRecord {
  return buildDynamicRecord(
    { guId: record.guId, tag: record.tag, category: record.category, propertyValues: [] },
    record.projectName,
    record.fileName,
  );
}

/**
 * A server dynamic entry belongs to an object when the tag is the same and either the project is the same
 * or the entry is locked.
 */
export function dynamicEntryMatches(
  entry: Pick<DynamicEntry, 'Tag' | 'ProjectName' | 'Locked'>,
  object: { readonly tag: string },
  projectName: string,
): boolean {
  if (!object.tag || entry.Tag !== object.tag) return false;
  return entry.Locked === true || entry.ProjectName === projectName;
}

/**
 * The records with the values and locked flag of their matching server entries. When several entries
 * match a tag a locked entry wins, else the first; values of names the record does not list are ignored.
 */
export function mergeDynamicValues(
  records: readonly DynamicRecord[],
  serverEntries: readonly DynamicEntry[],
  projectName: string,
): DynamicRecord[] {
  const byTag = new Map<string, DynamicEntry>();
  for (const entry of serverEntries) {
    if (!dynamicEntryMatches(entry, { tag: entry.Tag }, projectName)) continue;
    const chosen = byTag.get(entry.Tag);
    if (!chosen || (entry.Locked && !chosen.Locked)) byTag.set(entry.Tag, entry);
  }
  return records.map((record) => {
    const entry = byTag.get(record.tag);
    if (!entry) return record;
    const values = new Map<string, string>();
    for (const { propName, propValue } of entry.PropertyValueData) {
      if (!values.has(propName)) values.set(propName, propValue);
    }
    return {
      ...record,
      locked: entry.Locked,
      ...(entry.LockedProps?.length ? { lockedProps: entry.LockedProps } : {}),
      propValueList: record.propValueList.map(({ propName, propValue }) => ({
        propName,
        propValue: values.get(propName) ?? propValue,
      })),
    };
  });
}

// ---- session copy -----------------------------------------------------------------------------------

/** The session copy of a tab's property data is kept only up to this many characters combined. */
export const SESSION_COPY_LIMIT = 4_700_000;

/** The four JSON texts stored per model tab. */
export interface SessionCopy {
  readonly DynaPropValues: string;
  readonly StatPropValues: string;
  readonly ElemWithProps: string;
  readonly Categories: string;
}

/** Whether the tab's property data fits the session copy: combined length of at most SESSION_COPY_LIMIT. */
export function sessionCopyFits(values: SessionCopy): boolean {
  const size =
    values.DynaPropValues.length +
    values.StatPropValues.length +
    values.ElemWithProps.length +
    values.Categories.length;
  return size <= SESSION_COPY_LIMIT;
}
