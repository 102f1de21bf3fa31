import type { ConversionsTable } from '../../db/schema.ts';
import {
  buildDynamicRecord,
  buildStaticRecord,
  type DynamicRecord,
  type ElementProperty,
  type ModelInfo,
  type ObjectIndex,
  type ObjectWithProperties,
  type StaticRecord,
  type Viewable,
} from '@penstock/shared';
import type { ObjectColumns, TaggedObject, VersionContext } from './models.repo.ts';

export type { ElementProperty, ModelInfo, ObjectIndex, Viewable };

/** GET /api/models/<version id>/records: the static and dynamic records of the model's tagged objects. */
export interface ModelRecords {
  static: StaticRecord[];
  dynamic: DynamicRecord[];
}

export const fileTypeOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

export function presentModelInfo(
  version: VersionContext,
  conversion: ConversionsTable | undefined,
): ModelInfo {
  const done = conversion?.state === 'done';
  return {
    versionId: version.version_id,
    itemId: version.item_id,
    projectId: version.project_id,
    projectName: version.project_name,
    fileName: version.file_name,
    fileType: fileTypeOf(version.file_name),
    conversion: {
      state: conversion?.state ?? 'none',
      progress: conversion ? Math.min(1, Math.max(0, Number(conversion.progress))) : 0,
      error: conversion?.error ?? null,
    },
    objectCount: conversion ? Number(conversion.object_count) : 0,
    viewables: done ? (JSON.parse(conversion.viewables) as Viewable[]) : [],
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
  }));
}

type StoredProperty = Omit<ElementProperty, 'dbId'>;

/**
 * One static and one dynamic record per tag (spec: an object counts only when it has a Tag value). The first
 * object of a tag wins, in local id order; an object that carries the Tag property itself is preferred to
 * one that only inherits its parent's tag. Static values come from the object's properties (the catalogue's
 * static names for its category); dynamic values are empty (the client merges the server's with getdynamic).
 */
export function presentModelRecords(
  rows: readonly TaggedObject[],
  projectName: string,
  fileName: string,
): ModelRecords {
  const chosen = new Map<string, { object: ObjectWithProperties; own: boolean }>();
  for (const row of rows) {
    const current = chosen.get(row.tag);
    if (current?.own) continue;
    const properties = JSON.parse(row.properties) as StoredProperty[];
    const own = properties.some(
      (p) => p.displayName === 'Tag' && String(p.displayValue ?? '').trim() === row.tag,
    );
    if (current && !own) continue;
    chosen.set(row.tag, {
      own,
      object: { guId: row.guid, tag: row.tag, category: row.category, propertyValues: properties },
    });
  }
  const records: ModelRecords = { static: [], dynamic: [] };
  for (const { object } of chosen.values()) {
    records.static.push(buildStaticRecord(object, projectName, fileName));
    records.dynamic.push(buildDynamicRecord(object, projectName, fileName));
  }
  return records;
}
