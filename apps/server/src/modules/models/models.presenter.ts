import type { ConversionsTable } from '../../db/schema.ts';
import type { ElementProperty, ModelInfo, ObjectIndex, Viewable } from '@penstock/shared';
import type { ObjectColumns, VersionContext } from './models.repo.ts';

export type { ElementProperty, ModelInfo, ObjectIndex, Viewable };

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
