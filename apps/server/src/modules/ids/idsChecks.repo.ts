import crypto from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { IdsCheckFailuresTable, IdsChecksTable } from '../../db/schema.ts';

export type CheckRow = Selectable<IdsChecksTable>;
export type FailureRow = Selectable<IdsCheckFailuresTable>;

/** A check with its IDS file's name and title (for the lists). */
export type CheckListRow = CheckRow & { ids_file_name: string; ids_title: string | null };

/** A stored result of one check, written in one transaction. */
export interface CheckResultRows {
  pass: boolean;
  specifications: string;
  objects: Array<{ spec_index: number; applicable: string }>;
  failures: FailureRow[];
}

/** rows per multi-row insert: 8 columns × 500 stays below SQLite's parameter limit */
const INSERT_BATCH = 500;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const now = () => new Date().toISOString();

/** The SQL of IDS checks (issue 36 §2, §3): the only place that knows ids_checks and its results. */
export class IdsChecksRepo {
  constructor(private readonly db: Db) {}

  find(checkId: string): Promise<CheckListRow | undefined> {
    return this.listed().where('ids_checks.id', '=', checkId).executeTakeFirst();
  }

  /** The checks of a model version, newest IDS version first. */
  ofVersion(modelVersionId: string): Promise<CheckListRow[]> {
    return this.listed()
      .where('ids_checks.model_version_id', '=', modelVersionId)
      .orderBy('ids_checks.created_at', 'desc')
      .execute();
  }

  /** The checks of a model version waiting to run (or left running by a server that stopped). */
  pendingOfVersion(modelVersionId: string): Promise<CheckRow[]> {
    return this.db
      .selectFrom('ids_checks')
      .selectAll()
      .where('model_version_id', '=', modelVersionId)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  /** The model versions with checks queued or running (queued again when a server starts). */
  async unfinishedVersions(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('ids_checks')
      .select('model_version_id')
      .distinct()
      .where('status', 'in', ['queued', 'running'])
      .execute();
    return rows.map((row) => row.model_version_id);
  }

  /**
   * Queues the check of a model version against an IDS version: a new one, or one made before again when
   * `again` (a new conversion, a recheck) or when its dynamic-values option changed. True when queued.
   */
  async queue(
    check: Pick<CheckRow, 'project_id' | 'model_version_id' | 'ids_version_id' | 'ids_item_id'> & {
      include_dynamic: number;
    },
    again: boolean,
  ): Promise<boolean> {
    const existing = await this.db
      .selectFrom('ids_checks')
      .select(['id', 'status', 'include_dynamic'])
      .where('model_version_id', '=', check.model_version_id)
      .where('ids_version_id', '=', check.ids_version_id)
      .executeTakeFirst();
    if (existing) {
      if (existing.status === 'queued') {
        if (existing.include_dynamic !== check.include_dynamic)
          await this.db
            .updateTable('ids_checks')
            .set({ include_dynamic: check.include_dynamic })
            .where('id', '=', existing.id)
            .execute();
        return true;
      }
      if (!again && existing.include_dynamic === check.include_dynamic) return false;
      await this.db
        .updateTable('ids_checks')
        .set({
          status: 'queued',
          include_dynamic: check.include_dynamic,
          progress: null,
          error: null,
          started_at: null,
        })
        .where('id', '=', existing.id)
        .execute();
      return true;
    }
    await this.db
      .insertInto('ids_checks')
      .values({
        id: `ic.${crypto.randomUUID()}`,
        ...check,
        status: 'queued',
        progress: null,
        error: null,
        pass: null,
        specifications: '[]',
        created_at: now(),
        started_at: null,
        finished_at: null,
      })
      .onConflict((oc) => oc.columns(['model_version_id', 'ids_version_id']).doNothing())
      .execute();
    return true;
  }

  async markRunning(checkId: string): Promise<void> {
    await this.db
      .updateTable('ids_checks')
      .set({ status: 'running', progress: 0, started_at: now() })
      .where('id', '=', checkId)
      .execute();
  }

  async setProgress(checkId: string, progress: number): Promise<void> {
    await this.db
      .updateTable('ids_checks')
      .set({ progress })
      .where('id', '=', checkId)
      .where('status', '=', 'running')
      .execute();
  }

  /** A check that could not be made: the reason, and no results (its earlier ones go). */
  async markFailed(checkId: string, error: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ids_check_failures').where('check_id', '=', checkId).execute();
      await trx.deleteFrom('ids_check_objects').where('check_id', '=', checkId).execute();
      await trx
        .updateTable('ids_checks')
        .set({
          status: 'failed',
          progress: null,
          error,
          pass: null,
          specifications: '[]',
          finished_at: now(),
        })
        .where('id', '=', checkId)
        .execute();
    });
  }

  /** The results replace the check's earlier ones, all in one transaction. */
  async complete(checkId: string, result: CheckResultRows): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ids_check_failures').where('check_id', '=', checkId).execute();
      await trx.deleteFrom('ids_check_objects').where('check_id', '=', checkId).execute();
      for (const row of result.objects)
        await trx
          .insertInto('ids_check_objects')
          .values({ check_id: checkId, ...row })
          .execute();
      for (let start = 0; start < result.failures.length; start += INSERT_BATCH)
        await trx
          .insertInto('ids_check_failures')
          .values(result.failures.slice(start, start + INSERT_BATCH))
          .execute();
      await trx
        .updateTable('ids_checks')
        .set({
          status: 'done',
          progress: null,
          error: null,
          pass: result.pass ? 1 : 0,
          specifications: result.specifications,
          finished_at: now(),
        })
        .where('id', '=', checkId)
        .execute();
    });
  }

  /** A page of a specification's failing objects (in express id order), with the total. */
  async failures(
    checkId: string,
    specIndex: number,
    page: { offset: number; limit: number; search?: string | undefined },
  ): Promise<{ total: number; rows: FailureRow[] }> {
    let query = this.db
      .selectFrom('ids_check_failures')
      .where('check_id', '=', checkId)
      .where('spec_index', '=', specIndex);
    if (page.search)
      query = query.where(
        sql<boolean>`search_text like ${`%${escapeLike(page.search.toLowerCase())}%`} escape '\\'`,
      );
    const count = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('express_id')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { total: Number(count?.n ?? 0), rows };
  }

  /** Every failing object of the check (or of some specifications), for the exports. */
  allFailures(checkId: string, specIndexes?: readonly number[]): Promise<FailureRow[]> {
    let query = this.db.selectFrom('ids_check_failures').selectAll().where('check_id', '=', checkId);
    if (specIndexes) {
      if (!specIndexes.length) return Promise.resolve([]);
      query = query.where('spec_index', 'in', specIndexes);
    }
    return query.orderBy('spec_index').orderBy('express_id').execute();
  }

  /** One object's failures in these checks, by GlobalId or express id. */
  objectFailures(
    checkIds: readonly string[],
    object: { globalId?: string | undefined; expressId?: number | undefined },
  ): Promise<FailureRow[]> {
    if (!checkIds.length) return Promise.resolve([]);
    let query = this.db.selectFrom('ids_check_failures').selectAll().where('check_id', 'in', checkIds);
    if (object.globalId !== undefined) query = query.where('global_id', '=', object.globalId);
    else query = query.where('express_id', '=', object.expressId!);
    return query.execute();
  }

  /** The applicable objects (JSON arrays of express ids) of the check's specifications, or of one. */
  objects(checkId: string, specIndex?: number) {
    let query = this.db
      .selectFrom('ids_check_objects')
      .select(['spec_index', 'applicable'])
      .where('check_id', '=', checkId);
    if (specIndex !== undefined) query = query.where('spec_index', '=', specIndex);
    return query.orderBy('spec_index').execute();
  }

  /** The express ids of a specification's failing objects. */
  async failingIds(checkId: string, specIndex?: number): Promise<number[]> {
    let query = this.db
      .selectFrom('ids_check_failures')
      .select('express_id')
      .distinct()
      .where('check_id', '=', checkId);
    if (specIndex !== undefined) query = query.where('spec_index', '=', specIndex);
    return (await query.execute()).map((row) => Number(row.express_id));
  }

  /** The objects of a converted model version with a tag of their own (not a parent's), by express id. */
  ownTags(versionId: string): Promise<{ local_id: number; tag: string }[]> {
    return this.db
      .selectFrom('model_objects')
      .select(['local_id', 'tag'])
      .where('version_id', '=', versionId)
      .where('tag', '!=', '')
      .where('tag_source', '!=', 'parent')
      .execute();
  }

  /** An object's express id (the object index's localId) by its GlobalId; null when the index has none. */
  async expressIdOf(versionId: string, globalId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('model_objects')
      .select('local_id')
      .where('version_id', '=', versionId)
      .where('guid', '=', globalId)
      .executeTakeFirst();
    return row ? Number(row.local_id) : null;
  }

  private listed() {
    return this.db
      .selectFrom('ids_checks')
      .innerJoin('versions as iv', 'iv.id', 'ids_checks.ids_version_id')
      .leftJoin('ids_validations as val', 'val.version_id', 'ids_checks.ids_version_id')
      .selectAll('ids_checks')
      .select(['iv.file_name as ids_file_name', 'val.title as ids_title']);
  }
}
