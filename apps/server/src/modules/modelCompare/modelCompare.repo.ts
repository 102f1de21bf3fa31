import { sql, type Selectable } from 'kysely';
import type { ModelChangesQuery } from '@penstock/shared';
import type { Db } from '../../db/database.ts';
import type { ModelCompareChangesTable, ModelComparesTable } from '../../db/schema.ts';
import type { ModelsRepo } from '../models/index.ts';
import type { DiffObject } from './modelDiff.ts';

export type CompareRow = Selectable<ModelComparesTable>;
export type ChangeRow = Selectable<ModelCompareChangesTable>;

/** A version as a compare needs it: its project, file, and its conversion's state. */
export interface CompareVersion {
  version_id: string;
  item_id: string;
  number: number;
  project_id: string;
  file_name: string;
  revision: string;
  /** null: never converted (not a model, or a model stored before conversions) */
  state: string | null;
  error: string | null;
  frag_hash: string | null;
  finished_at: string | null;
}

/** rows per multi-row insert: 15 columns × 500 stays below SQLite's 32766 parameters */
const INSERT_BATCH = 500;
/** the marks around each changed property key in property_keys */
export const KEY_MARK = '\u001f';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL of model compares (issue 34 §2): the only place that knows model_compares and its changes. */
export class ModelCompareRepo {
  constructor(
    private readonly db: Db,
    /** the models module's repository: a version and its conversion are read the way models reads them */
    private readonly models: ModelsRepo,
  ) {}

  /** A version of a live file with its conversion's state (the models module's version and conversion). */
  async findVersion(versionId: string): Promise<CompareVersion | undefined> {
    const [version, conversion] = await Promise.all([
      this.models.findVersion(versionId),
      this.models.findConversion(versionId),
    ]);
    if (!version || version.deleted_at !== null) return undefined;
    return {
      version_id: version.version_id,
      item_id: version.item_id,
      number: Number(version.number),
      project_id: version.project_id,
      file_name: version.file_name,
      revision: version.revision,
      state: conversion?.state ?? null,
      error: conversion?.error ?? null,
      frag_hash: conversion?.frag_hash ?? null,
      finished_at: conversion?.finished_at ?? null,
    };
  }

  /** The version of the same item numbered just before this one, if any. */
  async previousVersion(version: CompareVersion): Promise<CompareVersion | undefined> {
    const row = await this.db
      .selectFrom('versions')
      .select('id')
      .where('item_id', '=', version.item_id)
      .where('number', '<', version.number)
      .orderBy('number', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? this.findVersion(row.id) : undefined;
  }

  find(id: string): Promise<CompareRow | undefined> {
    return this.db.selectFrom('model_compares').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findPair(baseVersionId: string, headVersionId: string): Promise<CompareRow | undefined> {
    return this.db
      .selectFrom('model_compares')
      .selectAll()
      .where('base_version_id', '=', baseVersionId)
      .where('head_version_id', '=', headVersionId)
      .executeTakeFirst();
  }

  /** Throws the database's unique violation when the pair is stored already. */
  async insert(row: CompareRow): Promise<void> {
    await this.db.insertInto('model_compares').values(row).execute();
  }

  /** Back to the queue (a failed compare asked again, a model converted again): its changes go. */
  async requeue(id: string, converted: { base: string | null; head: string | null }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('model_compare_changes').where('compare_id', '=', id).execute();
      await trx
        .updateTable('model_compares')
        .set({
          status: 'queued',
          progress: null,
          error: null,
          summary: null,
          facets: null,
          base_converted_at: converted.base,
          head_converted_at: converted.head,
          started_at: null,
          finished_at: null,
        })
        .where('id', '=', id)
        .execute();
    });
  }

  async markRunning(id: string): Promise<void> {
    await this.db
      .updateTable('model_compares')
      .set({ status: 'running', progress: 0, started_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.db
      .updateTable('model_compares')
      .set({ progress })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.db
      .updateTable('model_compares')
      .set({ status: 'failed', error, progress: null, finished_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** The compares that were queued or running when a server stopped. */
  async unfinished(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('model_compares')
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .orderBy('created_at')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The object index of a version, as the diff reads it. */
  async diffObjects(versionId: string): Promise<DiffObject[]> {
    const rows = await this.db
      .selectFrom('model_objects')
      .select([
        'local_id',
        'guid',
        'kind',
        'ifc_class',
        'name',
        'predefined_type',
        'tag',
        'tag_source',
        'storey',
        'properties',
      ])
      .where('version_id', '=', versionId)
      .orderBy('local_id')
      .execute();
    return rows.map((row) => ({
      localId: Number(row.local_id),
      guid: row.guid,
      kind: row.kind,
      ifcClass: row.ifc_class,
      name: row.name,
      predefinedType: row.predefined_type,
      tag: row.tag,
      tagSource: row.tag_source,
      storey: row.storey,
      properties: row.properties,
    }));
  }

  /** The changes and the result, in one transaction: a compare is done with all its changes or not at all. */
  async complete(
    id: string,
    changes: Omit<ChangeRow, 'compare_id'>[],
    result: { summary: string; facets: string },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('model_compare_changes').where('compare_id', '=', id).execute();
      for (let i = 0; i < changes.length; i += INSERT_BATCH) {
        const batch = changes.slice(i, i + INSERT_BATCH).map((change) => ({ ...change, compare_id: id }));
        await trx.insertInto('model_compare_changes').values(batch).execute();
      }
      await trx
        .updateTable('model_compares')
        .set({
          status: 'done',
          progress: 1,
          error: null,
          summary: result.summary,
          facets: result.facets,
          finished_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute();
    });
  }

  private filtered(compareId: string, query: Partial<ModelChangesQuery>) {
    let select = this.db.selectFrom('model_compare_changes').where('compare_id', '=', compareId);
    if (query.kind) select = select.where('kind', '=', query.kind);
    if (query.aspect) select = select.where('aspects', 'like', `%,${query.aspect},%`);
    if (query.ifcClass) select = select.where('ifc_class', '=', query.ifcClass);
    if (query.storey) select = select.where('storey', '=', query.storey);
    if (query.property)
      select = select.where(
        sql<boolean>`property_keys like ${`%${KEY_MARK}${escapeLike(query.property)}${KEY_MARK}%`} escape '\\'`,
      );
    if (query.search)
      select = select.where(
        sql<boolean>`search_text like ${`%${escapeLike(query.search.toLowerCase())}%`} escape '\\'`,
      );
    return select;
  }

  async countChanges(compareId: string, query: Partial<ModelChangesQuery>): Promise<number> {
    const row = await this.filtered(compareId, query)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** A page of the changes that pass the filters, in change order (no limit: all of them). */
  listChanges(
    compareId: string,
    query: Partial<ModelChangesQuery>,
    page?: { offset: number; limit: number },
  ): Promise<ChangeRow[]> {
    let select = this.filtered(compareId, query).selectAll().orderBy('change_id');
    if (page) select = select.offset(page.offset).limit(page.limit);
    return select.execute();
  }

  changesById(compareId: string, changeIds: readonly number[]): Promise<ChangeRow[]> {
    return this.db
      .selectFrom('model_compare_changes')
      .selectAll()
      .where('compare_id', '=', compareId)
      .where('change_id', 'in', [...new Set(changeIds)])
      .orderBy('change_id')
      .execute();
  }
}
