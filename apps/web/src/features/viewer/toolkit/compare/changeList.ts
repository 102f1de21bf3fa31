import {
  CHANGE_KINDS,
  type ChangeAspect,
  type ChangeKind,
  type ModelChange,
  type ModelChangesQuery,
  type ModelCompareSummary,
} from '@penstock/shared';
import type { AppearanceState, LegendRow, ObjectRef } from '@penstock/viewer';

/**
 * A model compare (issue 34 §2) as the viewer and the Changes panel show it: pure, so it is tested without
 * a viewer. The tab's own model is the newer version (head); the older (base) is federated beside it and
 * shows only its removed objects.
 */

/** The colour of each kind of change (added green, removed red, changed amber); unchanged objects are faded. */
export const CHANGE_COLOURS: Record<ChangeKind, string> = {
  added: '#2e9e44',
  removed: '#d93025',
  changed: '#f0a30a',
};

export const KIND_LABELS: Record<ChangeKind, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
};

export const ASPECT_LABELS: Record<ChangeAspect, string> = {
  attributes: 'Attributes',
  properties: 'Properties',
  type: 'Type',
  placement: 'Placement',
  geometry: 'Geometry',
};

/** The legend's title in the Visibility panel. */
export const COMPARE_LEGEND = 'Change since the older version';

const modelIdOf = (versionId: string) => `urn:${versionId}`;

/** The object a change is about, in the model that has it: the newer one's, else (removed) the older one's. */
export function changeTarget(change: ModelChange): ObjectRef | null {
  const side = change.head ?? change.base;
  return side ? { model: modelIdOf(side.versionId), localId: side.localId } : null;
}

/**
 * The look of a compare: added (newer model) green, changed amber, both solid; removed (older model) red
 * ghosts, see-through but clearly there with their edges outlined; every other object of the older model
 * hidden (the newer model stands for it); unchanged objects of the newer model faded by x-ray. `baseObjects`
 * are the older model's localIds (its object index).
 */
export function compareAppearance(
  changes: readonly ModelChange[],
  baseVersionId: string,
  baseObjects: readonly number[],
): AppearanceState {
  const byKind: Record<ChangeKind, ObjectRef[]> = { added: [], removed: [], changed: [] };
  for (const change of changes) {
    const side = change.kind === 'removed' ? change.base : change.head;
    if (side) byKind[change.kind].push({ model: modelIdOf(side.versionId), localId: side.localId });
  }
  const baseModel = modelIdOf(baseVersionId);
  const removed = new Set(byKind.removed.filter((ref) => ref.model === baseModel).map((ref) => ref.localId));
  const legend: LegendRow[] = CHANGE_KINDS.filter((kind) => byKind[kind].length > 0).map((kind) => ({
    value: KIND_LABELS[kind],
    colour: CHANGE_COLOURS[kind],
    count: byKind[kind].length,
  }));
  return {
    hidden: baseObjects.filter((id) => !removed.has(id)).map((localId) => ({ model: baseModel, localId })),
    isolated: null,
    xray: true,
    colours: CHANGE_KINDS.filter((kind) => byKind[kind].length > 0).map((kind) => ({
      colour: CHANGE_COLOURS[kind],
      objects: byKind[kind],
    })),
    colourBy: legend.length ? { property: COMPARE_LEGEND, legend } : null,
    solid: [...byKind.added, ...byKind.changed],
    ...(byKind.removed.length ? { outlined: byKind.removed } : {}),
  };
}

/** The Changes panel's filters (empty text: no filter). */
export interface ChangeFilters {
  kind: ChangeKind | '';
  aspect: ChangeAspect | '';
  ifcClass: string;
  storey: string;
  property: string;
  search: string;
}

export const NO_FILTERS: ChangeFilters = {
  kind: '',
  aspect: '',
  ifcClass: '',
  storey: '',
  property: '',
  search: '',
};

/** The filters as the changes call's query (`?kind&aspect&…`), left out when empty; a page when given. */
export function changesQuery(filters: ChangeFilters, page?: { offset: number; limit: number }): string {
  const params = new URLSearchParams();
  const query: Partial<Record<keyof ModelChangesQuery, string>> = {
    kind: filters.kind,
    aspect: filters.aspect,
    ifcClass: filters.ifcClass,
    storey: filters.storey,
    property: filters.property,
    search: filters.search.trim(),
  };
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (page) {
    params.set('offset', String(page.offset));
    params.set('limit', String(page.limit));
  }
  return params.toString();
}

export const activeFilterCount = (filters: ChangeFilters): number =>
  Object.values(filters).filter((value) => value.trim() !== '').length;

/** The counts per kind for the panel's kind buttons. */
export function kindCounts(summary: ModelCompareSummary | null): Record<ChangeKind | 'unchanged', number> {
  return {
    added: summary?.added ?? 0,
    removed: summary?.removed ?? 0,
    changed: summary?.changed ?? 0,
    unchanged: summary?.unchanged ?? 0,
  };
}

type Value = string | number | boolean | null | undefined;

/** A value as the side-by-side shows it ('—' for none). */
export function formatValue(value: Value): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(+value.toFixed(6));
  return value;
}

/** One line of the side-by-side: what, the older value and the newer. */
export interface ChangeRow {
  group: ChangeAspect | 'object';
  label: string;
  old: string;
  new: string;
}

/** The old and new values of a change, line by line, for the side-by-side. */
export function changeRows(change: ModelChange): ChangeRow[] {
  const rows: ChangeRow[] = [];
  if (change.kind === 'added') rows.push({ group: 'object', label: 'Object', old: '—', new: 'Added' });
  if (change.kind === 'removed')
    rows.push({ group: 'object', label: 'Object', old: 'Present', new: 'Removed' });
  for (const a of change.attributes ?? [])
    rows.push({ group: 'attributes', label: a.name, old: formatValue(a.old), new: formatValue(a.new) });
  for (const p of change.properties ?? [])
    rows.push({
      group: 'properties',
      label: `${p.set}.${p.name}`,
      old: formatValue(p.old),
      new: formatValue(p.new),
    });
  if (change.type)
    rows.push({
      group: 'type',
      label: 'Type',
      old: formatValue(change.type.old),
      new: formatValue(change.type.new),
    });
  if (change.placement) {
    const moved = `moved by ${change.placement.moved.toFixed(3)} m${change.placement.rotated ? ', turned' : ''}`;
    rows.push({ group: 'placement', label: 'Placement', old: '', new: moved });
  }
  if (change.geometry) rows.push({ group: 'geometry', label: 'Geometry', old: '', new: 'changed' });
  return rows;
}

/** A change's one-line description for the list: its name or tag, else its GlobalId. */
export const changeTitle = (change: ModelChange): string => change.name || change.tag || change.globalId;
