import type { ConversionsTable } from '../../db/schema.ts';
import {
  buildDynamicRecord,
  fileExtensionOf,
  buildStaticRecord,
  type DynamicRecord,
  type ElementProperty,
  type ModelGeoreference,
  type ModelInfo,
  type ObjectDetail,
  type ObjectIndex,
  type ObjectWithProperties,
  type StaticRecord,
  type Viewable,
} from '@penstock/shared';
import type { ObjectColumns, ObjectIdentity, TaggedObject, VersionContext } from './models.repo.ts';

export type { ElementProperty, ModelInfo, ObjectDetail, ObjectIndex, Viewable };

/** GET /api/models/<version id>/records: the static and dynamic records of the model's tagged objects. */
export interface ModelRecords {
  static: StaticRecord[];
  dynamic: DynamicRecord[];
}

export const fileTypeOf = fileExtensionOf;

export function presentModelInfo(
  version: VersionContext,
  conversion: ConversionsTable | undefined,
  georeference: ModelGeoreference | null = null,
): ModelInfo {
  const done = conversion?.state === 'done';
  return {
    versionId: version.version_id,
    itemId: version.item_id,
    projectId: version.project_id,
    projectName: version.project_name,
    fileName: version.file_name,
    fileType: fileTypeOf(version.file_name),
    versionNumber: Number(version.number),
    revision: version.revision,
    conversion: {
      state: conversion?.state ?? 'none',
      progress: conversion ? Math.min(1, Math.max(0, Number(conversion.progress))) : 0,
      error: conversion?.error ?? null,
    },
    objectCount: conversion ? Number(conversion.object_count) : 0,
    viewables: done ? (JSON.parse(conversion.viewables) as Viewable[]) : [],
    georeference: done ? georeference : null,
  };
}

export function presentObjectIndex(rows: ObjectColumns[]): ObjectIndex {
  const index: ObjectIndex = { localIds: [], parents: [], guids: [], tags: [], categories: [], hazard: [] };
  for (const row of rows) {
    index.localIds.push(Number(row.local_id));
    index.parents.push(Number(row.parent_local_id));
    index.guids.push(row.guid);
    index.tags.push(row.tag);
    index.categories.push(row.category);
    index.hazard.push(Number(row.hazard) ? 1 : 0);
  }
  return index;
}

export function presentProperties(properties: string, dbId: number): ElementProperty[] {
  const list = JSON.parse(properties) as Array<Omit<ElementProperty, 'dbId'>>;
  return list.map((p) => ({
    displayName: p.displayName,
    displayValue: p.displayValue,
    displayCategory: p.displayCategory,
    units: p.units,
    dbId,
    ...(p.fromType ? { fromType: true as const } : {}),
  }));
}

/** GET /api/models/<version id>/objects/<local id>: what the object is, where its tag and category came from. */
export function presentObjectDetail(
  row: ObjectIdentity | undefined,
  properties: ElementProperty[],
): ObjectDetail {
  return {
    localId: row ? Number(row.local_id) : -1,
    guid: row?.guid ?? '',
    kind: row?.kind ?? 'element',
    ifcClass: row?.ifc_class ?? '',
    name: row?.name ?? '',
    predefinedType: row?.predefined_type ?? '',
    storey: row?.storey ?? '',
    tag: row?.tag ?? '',
    tagSource: row?.tag_source ?? '',
    category: row?.category ?? '',
    categorySource: (row?.category_source ?? '') as ObjectDetail['categorySource'],
    properties,
  };
}

type StoredProperty = Omit<ElementProperty, 'dbId'>;

/**
 * One static and one dynamic record per tag (spec: an object counts only when it has a Tag value). The first
 * object of a tag wins, in local id order; an object that carries the Tag property itself is preferred to
 * one that only inherits its parent's tag. Static values come from the object's properties (the catalogue's
 * static names for its category, with the resolved Tag and the IFC class as '3D Model Class' where the object
 * has no such property); dynamic values are empty (the client merges the server's with getdynamic).
 */
export function presentModelRecords(
  rows: readonly TaggedObject[],
  projectName: string,
  fileName: string,
  /** false: the static records only (`dynamic` empty), for the streamed form whose reader derives them */
  withDynamic = true,
): ModelRecords {
  const byId = new Map(rows.map((row) => [Number(row.local_id), row]));
  const records: ModelRecords = { static: [], dynamic: [] };
  for (const localId of chooseTaggedObjects(rows)) {
    const object = taggedObjectOf(byId.get(localId)!);
    records.static.push(buildStaticRecord(object, projectName, fileName));
    if (withDynamic) records.dynamic.push(buildDynamicRecord(object, projectName, fileName));
  }
  return records;
}

/**
 * The object that gives each tag its record, in the order of the records (a tag's first object in local id
 * order places it): the first object that has the tag itself (property, IFC attribute or named property),
 * else the first that inherits it from its parent. `rows` in local id order.
 */
export function chooseTaggedObjects(
  rows: Iterable<Pick<TaggedObject, 'local_id' | 'tag' | 'tag_source'>>,
): number[] {
  const chosen = new Map<string, { localId: number; own: boolean }>();
  for (const row of rows) {
    const current = chosen.get(row.tag);
    if (current?.own) continue;
    const own = row.tag_source !== 'parent';
    if (current && !own) continue;
    // a tag seen before keeps its place (Map.set on a key keeps its order)
    chosen.set(row.tag, { localId: Number(row.local_id), own });
  }
  return [...chosen.values()].map((c) => c.localId);
}

/** One chosen object with its static values as its record is built from them. */
export function taggedObjectOf(row: TaggedObject): ObjectWithProperties {
  const properties = JSON.parse(row.properties) as StoredProperty[];
  // a model from an authoring tool has no 'Tag' or '3D Model Class' property: the record takes the tag the
  // index resolved and the IFC class (the object's own values, listed first, win where it has them)
  const known = [
    { displayName: 'Tag', displayValue: row.tag },
    ...(row.ifc_class ? [{ displayName: '3D Model Class', displayValue: row.ifc_class }] : []),
  ];
  return {
    guId: row.guid,
    tag: row.tag,
    category: row.category,
    propertyValues: [...properties, ...known],
  };
}
