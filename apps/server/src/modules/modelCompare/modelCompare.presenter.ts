import {
  CHANGE_ASPECTS,
  type ChangeAspect,
  type ChangeKind,
  type CompareStatus,
  type ModelChange,
  type ModelCompare,
  type ModelCompareSummary,
} from '@penstock/shared';
import type { ChangeRow, CompareRow } from './modelCompare.repo.ts';
import { KEY_MARK } from './modelCompare.repo.ts';
import type { ObjectChange } from './modelDiff.ts';

/** What a change row's detail column holds. */
interface ChangeDetail {
  attributes?: ModelChange['attributes'];
  properties?: ModelChange['properties'];
  type?: ModelChange['type'];
  placement?: ModelChange['placement'];
  geometry?: boolean;
  /** where the viewer draws the object (the head's, the base's for a removed one); null without geometry */
  position: [number, number, number] | null;
}

export function presentCompare(row: CompareRow): ModelCompare {
  return {
    id: row.id,
    projectId: row.project_id,
    baseVersionId: row.base_version_id,
    headVersionId: row.head_version_id,
    status: row.status as CompareStatus,
    progress: row.progress === null ? null : Number(row.progress),
    error: row.error,
    summary: row.summary ? (JSON.parse(row.summary) as ModelCompareSummary) : null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

export function changeDetail(row: ChangeRow): ChangeDetail {
  return JSON.parse(row.detail) as ChangeDetail;
}

export function presentChange(row: ChangeRow, compare: CompareRow): ModelChange {
  const { position: _position, ...detail } = changeDetail(row);
  const aspects = row.aspects
    .split(',')
    .filter((aspect): aspect is ChangeAspect => (CHANGE_ASPECTS as readonly string[]).includes(aspect));
  return {
    id: Number(row.change_id),
    kind: row.kind as ChangeKind,
    globalId: row.guid,
    matchedBy: row.matched_by as ModelChange['matchedBy'],
    ifcClass: row.ifc_class,
    name: row.name,
    tag: row.tag,
    storey: row.storey,
    base:
      row.base_local_id === null
        ? null
        : { versionId: compare.base_version_id, localId: Number(row.base_local_id) },
    head:
      row.head_local_id === null
        ? null
        : { versionId: compare.head_version_id, localId: Number(row.head_local_id) },
    aspects,
    ...detail,
  };
}

/** A change of the diff as stored: the filters' columns and the detail. */
export function changeRow(change: ObjectChange, id: number): Omit<ChangeRow, 'compare_id'> {
  const keys = (change.properties ?? []).flatMap((p) => [`${p.set}.${p.name}`, p.name]);
  const detail: ChangeDetail = { position: change.position };
  if (change.attributes) detail.attributes = change.attributes;
  if (change.properties) detail.properties = change.properties;
  if (change.type) detail.type = change.type;
  if (change.placement) detail.placement = change.placement;
  if (change.geometry) detail.geometry = true;
  return {
    change_id: id,
    kind: change.kind,
    guid: change.globalId,
    matched_by: change.matchedBy,
    ifc_class: change.ifcClass,
    name: change.name,
    tag: change.tag,
    storey: change.storey,
    base_local_id: change.baseLocalId,
    head_local_id: change.headLocalId,
    aspects: change.aspects.length ? `,${change.aspects.join(',')},` : '',
    property_keys: keys.length ? `${KEY_MARK}${[...new Set(keys)].join(KEY_MARK)}${KEY_MARK}` : '',
    search_text: [change.globalId, change.name ?? '', change.tag ?? ''].join(' ').toLowerCase(),
    detail: JSON.stringify(detail),
  };
}

/** The filters' values over the whole compare. */
export function facetsOf(changes: readonly ObjectChange[]): {
  ifcClass: string[];
  storey: string[];
  property: string[];
} {
  const classes = new Set<string>();
  const storeys = new Set<string>();
  const properties = new Set<string>();
  for (const change of changes) {
    if (change.ifcClass) classes.add(change.ifcClass);
    if (change.storey) storeys.add(change.storey);
    for (const p of change.properties ?? []) properties.add(`${p.set}.${p.name}`);
  }
  const sorted = (set: Set<string>) => [...set].sort((a, b) => a.localeCompare(b));
  return { ifcClass: sorted(classes), storey: sorted(storeys), property: sorted(properties) };
}

/** What changed, in words: an issue's description, the workbook's Details column. */
export function describeChanges(change: ModelChange): string[] {
  const lines: string[] = [];
  const show = (value: unknown) =>
    value === null || value === undefined || value === '' ? '—' : String(value);
  for (const a of change.attributes ?? []) lines.push(`${a.name}: ${show(a.old)} → ${show(a.new)}`);
  for (const p of change.properties ?? [])
    lines.push(`${p.set} / ${p.name}: ${show(p.old)} → ${show(p.new)}`);
  if (change.type) lines.push(`Type: ${show(change.type.old)} → ${show(change.type.new)}`);
  if (change.placement)
    lines.push(`Placement: moved ${change.placement.moved} m${change.placement.rotated ? ', rotated' : ''}`);
  if (change.geometry) lines.push('Geometry: the shape changed');
  return lines;
}
