import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A converted model version of a live file of the project. */
export interface ConvertedModel {
  item_id: string;
  version_id: string;
  file_name: string;
  number: number;
}

export interface TaggedObjectRow {
  version_id: string;
  tag: string;
  category: string;
  ifc_class: string;
  name: string;
}

export interface RegisterRow {
  tag: string;
  file_name: string;
  category: string;
}

/** Tags go into IN lists in chunks, well under every database's limit of bound values. */
const CHUNK = 500;

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

/**
 * SQL for the sketch's tag check (issue 37 §2): the project's converted models, the objects of some
 * versions that carry one of the given tags as their own, and the tags of the project's asset register
 * (saved static and dynamic values). Tags are compared in upper case.
 */
export class TagLookupRepo {
  constructor(private readonly db: Db) {}

  /** The newest converted version of each live model file of the project. */
  async newestConvertedModels(projectId: string): Promise<ConvertedModel[]> {
    const rows = await this.db
      .selectFrom('conversions')
      .innerJoin('versions', 'versions.id', 'conversions.version_id')
      .innerJoin('items', 'items.id', 'versions.item_id')
      .select(['items.id as item_id', 'versions.id as version_id', 'versions.file_name', 'versions.number'])
      .where('items.project_id', '=', projectId)
      .where('items.deleted_at', 'is', null)
      .where('conversions.state', '=', 'done')
      .where('conversions.frag_hash', 'is not', null)
      .execute();
    const newest = new Map<string, ConvertedModel>();
    for (const row of rows) {
      const known = newest.get(row.item_id);
      if (!known || row.number > known.number) newest.set(row.item_id, row);
    }
    return [...newest.values()].sort((a, b) => a.file_name.localeCompare(b.file_name));
  }

  /** Physical elements of the versions whose own tag (not one inherited from a parent) is one of `keys`. */
  async taggedObjects(versionIds: readonly string[], keys: readonly string[]): Promise<TaggedObjectRow[]> {
    if (versionIds.length === 0 || keys.length === 0) return [];
    const out: TaggedObjectRow[] = [];
    for (const part of chunks(keys))
      out.push(
        ...(await this.db
          .selectFrom('model_objects')
          .select(['version_id', 'tag', 'category', 'ifc_class', 'name'])
          .where('version_id', 'in', versionIds)
          .where('kind', '=', 'element')
          .where('tag_source', '!=', 'parent')
          .where(sql<string>`upper(tag)`, 'in', part)
          .orderBy('version_id')
          .orderBy('local_id')
          .execute()),
      );
    return out;
  }

  /** The asset register's entries (saved static or dynamic values) of the project for `keys`. */
  async registerEntries(projectId: string, keys: readonly string[]): Promise<RegisterRow[]> {
    if (keys.length === 0) return [];
    const out: RegisterRow[] = [];
    for (const table of ['static_values', 'dynamic_values'] as const)
      for (const part of chunks(keys))
        out.push(
          ...(await this.db
            .selectFrom(table)
            .select(['tag', 'file_name', 'category'])
            .where('project_id', '=', projectId)
            .where(sql<string>`upper(tag)`, 'in', part)
            .execute()),
        );
    return out;
  }

  /**
   * Distinct tags starting with `stem` (compared in upper case) of the given model versions' own-tagged
   * elements and of the project's asset register, at most `limit`.
   */
  async tagsStartingWith(
    projectId: string,
    versionIds: readonly string[],
    stem: string,
    limit: number,
  ): Promise<string[]> {
    const like = `${stem.toUpperCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const starts = sql<boolean>`upper(tag) like ${like} escape '\\'`;
    const found = new Set<string>();
    if (versionIds.length)
      for (const row of await this.db
        .selectFrom('model_objects')
        .select('tag')
        .distinct()
        .where('version_id', 'in', versionIds)
        .where('kind', '=', 'element')
        .where('tag_source', '!=', 'parent')
        .where(starts)
        .limit(limit)
        .execute())
        found.add(row.tag);
    for (const table of ['static_values', 'dynamic_values'] as const)
      for (const row of await this.db
        .selectFrom(table)
        .select('tag')
        .distinct()
        .where('project_id', '=', projectId)
        .where(starts)
        .limit(limit)
        .execute())
        found.add(row.tag);
    return [...found].slice(0, limit);
  }
}
