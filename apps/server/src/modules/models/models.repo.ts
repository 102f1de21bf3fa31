import { SqliteAdapter, sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ConversionsTable, ModelObjectsTable } from '../../db/schema.ts';

const now = () => new Date().toISOString();
/** rows per multi-row insert: 9 columns × 1000 stays far below SQLite's 32766 and PostgreSQL's 65535 parameters */
const INSERT_BATCH = 1000;
/** rows of a staged index copied by one statement (SQLite): about a second of work at most */
const COPY_SLICE = 25_000;

export interface VersionContext {
  version_id: string;
  item_id: string;
  project_id: string;
  project_name: string;
  file_name: string;
  blob_hash: string;
  created_at: string;
  number: number;
  revision: string;
  /** the item's deletion (ISO), or null for a live file */
  deleted_at: string | null;
}

export type ObjectColumns = Pick<
  ModelObjectsTable,
  'local_id' | 'parent_local_id' | 'guid' | 'tag' | 'category' | 'hazard'
>;

export type TaggedObject = Pick<
  Selectable<ModelObjectsTable>,
  'local_id' | 'guid' | 'tag' | 'category' | 'properties' | 'tag_source' | 'ifc_class'
>;

/** What the properties panel says of an object besides its properties. */
export type ObjectIdentity = Pick<
  Selectable<ModelObjectsTable>,
  | 'local_id'
  | 'guid'
  | 'kind'
  | 'ifc_class'
  | 'name'
  | 'predefined_type'
  | 'storey'
  | 'tag'
  | 'tag_source'
  | 'category'
  | 'category_source'
>;

/** SQL for models: conversion jobs and the object index. */
import { writeGeoreference } from './georeference.repo.ts';
import { STAGED_COLUMNS, stagedRowPages } from './indexStaging.repo.ts';
import type { ModelGeoreference } from '@penstock/shared';

export class ModelsRepo {
  constructor(private readonly db: Db) {}

  findVersion(versionId: string): Promise<VersionContext | undefined> {
    return this.db
      .selectFrom('versions')
      .innerJoin('items', 'items.id', 'versions.item_id')
      .innerJoin('projects', 'projects.id', 'items.project_id')
      .select([
        'versions.id as version_id',
        'items.id as item_id',
        'projects.id as project_id',
        'projects.name as project_name',
        'versions.file_name',
        'versions.blob_hash',
        'versions.created_at',
        'versions.number',
        'versions.revision',
        'items.deleted_at',
      ])
      .where('versions.id', '=', versionId)
      .executeTakeFirst();
  }

  findConversion(versionId: string): Promise<ConversionsTable | undefined> {
    return this.db
      .selectFrom('conversions')
      .selectAll()
      .where('version_id', '=', versionId)
      .executeTakeFirst();
  }

  /** (Re)queues a version: a fresh row, or an existing one reset to 'queued'. */
  async queue(versionId: string): Promise<void> {
    const at = now();
    await this.db
      .insertInto('conversions')
      .values({
        version_id: versionId,
        state: 'queued',
        progress: 0,
        object_count: 0,
        viewables: '[]',
        created_at: at,
      })
      .onConflict((oc) =>
        oc.column('version_id').doUpdateSet({
          state: 'queued',
          progress: 0,
          error: null,
          started_at: null,
          finished_at: null,
          created_at: at,
        }),
      )
      .execute();
  }

  /** Jobs a stopped server left behind, oldest first. */
  async unfinished(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('conversions')
      .select('version_id')
      .where('state', 'in', ['queued', 'running'])
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.version_id);
  }

  /**
   * Converted models whose index was written before it held IFC classes (an upgrade from before tags and
   * categories were read from any IFC): they are converted again so their objects get tags and categories.
   */
  async staleIndexes(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('conversions')
      .select('version_id')
      .where('state', '=', 'done')
      .where('object_count', '>', 0)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('model_objects')
            .select('model_objects.local_id')
            .whereRef('model_objects.version_id', '=', 'conversions.version_id')
            .where('model_objects.ifc_class', '=', ''),
        ),
      )
      .orderBy('created_at')
      .execute();
    return rows.map((r) => r.version_id);
  }

  async markRunning(versionId: string): Promise<void> {
    await this.db
      .updateTable('conversions')
      .set({ state: 'running', progress: 0, error: null, started_at: now(), finished_at: null })
      .where('version_id', '=', versionId)
      .execute();
  }

  async setProgress(versionId: string, progress: number): Promise<void> {
    await this.db
      .updateTable('conversions')
      .set({ progress })
      .where('version_id', '=', versionId)
      .where('state', '=', 'running')
      .execute();
  }

  /**
   * A failed job. `dropIndex`: the job had already written its object index (loadIndex), which goes with
   * the failure, in one transaction, so a failed conversion leaves no index.
   */
  async markFailed(versionId: string, error: string, options: { dropIndex?: boolean } = {}): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (options.dropIndex)
        await trx.deleteFrom('model_objects').where('version_id', '=', versionId).execute();
      await trx
        .updateTable('conversions')
        .set({ state: 'failed', error, finished_at: now() })
        .where('version_id', '=', versionId)
        .execute();
    });
  }

  /**
   * A running job's object index from the conversion's scratch file (indexStaging.repo.ts): the version's
   * rows replaced in one transaction, so they are all there or none, whatever stops the server meanwhile.
   * On SQLite the file is attached and copied by statements inside the transaction (no row passes through
   * JavaScript); on PostgreSQL its rows are read and inserted a page at a time, in the transaction.
   * `afterRows` (the tests' fault hook) runs inside the transaction once the rows are in.
   */
  async loadIndex(
    versionId: string,
    stagingPath: string,
    options: { afterRows?: () => Promise<void> } = {},
  ): Promise<void> {
    if (this.db.getExecutor().adapter instanceof SqliteAdapter) {
      const columns = sql.join(STAGED_COLUMNS.map((c) => sql.ref(c)));
      // one connection: nothing else runs between the attach, the transaction and the detach but other
      // statements of this server, which never name the attached file
      await sql`ATTACH DATABASE ${stagingPath} AS index_staging`.execute(this.db);
      try {
        await this.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('model_objects').where('version_id', '=', versionId).execute();
          // in slices of the file's rows: the server's other work (not its database, held by the
          // transaction) goes on between them
          for (let after = 0; ; after += COPY_SLICE) {
            const copied = await sql`INSERT INTO model_objects (version_id, ${columns})
              SELECT ${versionId}, ${columns} FROM index_staging.objects
              WHERE rowid > ${after} AND rowid <= ${after + COPY_SLICE} ORDER BY rowid`.execute(trx);
            if (!Number(copied.numAffectedRows ?? 0)) break;
          }
          await options.afterRows?.();
        });
      } finally {
        await sql`DETACH DATABASE index_staging`.execute(this.db);
      }
      return;
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('model_objects').where('version_id', '=', versionId).execute();
      for (const page of stagedRowPages(stagingPath))
        for (let start = 0; start < page.length; start += INSERT_BATCH)
          await trx
            .insertInto('model_objects')
            .values(page.slice(start, start + INSERT_BATCH).map((o) => ({ ...o, version_id: versionId })))
            .execute();
      await options.afterRows?.();
    });
  }

  /** A finished model whose index is written (loadIndex): its .frag recorded and the job marked done. */
  async complete(
    versionId: string,
    result: {
      fragHash: string;
      fragSize: number;
      itemsHash: string;
      itemsSize: number;
      viewables: unknown[];
      objectCount: number;
      /** where the model sits in the world (model_georeferences), null when its IFC says nothing */
      georeference?: ModelGeoreference | null;
    },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await writeGeoreference(trx, versionId, result.georeference ?? null);
      await trx
        .insertInto('blobs')
        .values([
          { hash: result.fragHash, size: result.fragSize, created_at: now() },
          { hash: result.itemsHash, size: result.itemsSize, created_at: now() },
        ])
        .onConflict((oc) => oc.column('hash').doNothing())
        .execute();
      await trx
        .updateTable('conversions')
        .set({
          state: 'done',
          progress: 1,
          error: null,
          frag_hash: result.fragHash,
          items_hash: result.itemsHash,
          object_count: result.objectCount,
          viewables: JSON.stringify(result.viewables),
          finished_at: now(),
        })
        .where('version_id', '=', versionId)
        .execute();
    });
  }

  /** A document that needs no job (a PDF): its viewables (or why it could not be read), recorded once. */
  async recordPdf(versionId: string, viewables: unknown[], error: string | null): Promise<void> {
    const at = now();
    await this.db
      .insertInto('conversions')
      .values({
        version_id: versionId,
        state: error ? 'failed' : 'done',
        progress: 1,
        error,
        object_count: 0,
        viewables: JSON.stringify(viewables),
        created_at: at,
        started_at: at,
        finished_at: at,
      })
      .onConflict((oc) => oc.column('version_id').doNothing())
      .execute();
  }

  /** The selectable objects of the index (elements and spaces, not the spatial structure) in one query. */
  objectColumns(versionId: string): Promise<ObjectColumns[]> {
    return this.db
      .selectFrom('model_objects')
      .select(['local_id', 'parent_local_id', 'guid', 'tag', 'category', 'hazard'])
      .where('version_id', '=', versionId)
      .where('kind', '<>', 'spatial')
      .orderBy('local_id')
      .execute();
  }

  /** Every physical element with a tag, with its properties, ordered by local id (one query). */
  taggedObjects(versionId: string): Promise<TaggedObject[]> {
    return this.db
      .selectFrom('model_objects')
      .select(['local_id', 'guid', 'tag', 'category', 'properties', 'tag_source', 'ifc_class'])
      .where('version_id', '=', versionId)
      .where('kind', '=', 'element')
      .where('tag', '<>', '')
      .orderBy('local_id')
      .execute();
  }

  /**
   * A page of what chooses each tag's object (local id, tag, where the tag came from) of the physical
   * elements with a tag: the first `limit` after local id `after`, ordered by local id.
   */
  taggedObjectTags(
    versionId: string,
    after: number,
    limit: number,
  ): Promise<Pick<TaggedObject, 'local_id' | 'tag' | 'tag_source'>[]> {
    return this.db
      .selectFrom('model_objects')
      .select(['local_id', 'tag', 'tag_source'])
      .where('version_id', '=', versionId)
      .where('local_id', '>', after)
      .where('kind', '=', 'element')
      .where('tag', '<>', '')
      .orderBy('local_id')
      .limit(limit)
      .execute();
  }

  /** These objects (by local id, in any order) with their properties, as taggedObjects reads them. */
  objectsWithProperties(versionId: string, localIds: readonly number[]): Promise<TaggedObject[]> {
    if (localIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('model_objects')
      .select(['local_id', 'guid', 'tag', 'category', 'properties', 'tag_source', 'ifc_class'])
      .where('version_id', '=', versionId)
      .where('local_id', 'in', [...localIds])
      .execute();
  }

  findObject(versionId: string, localId: number): Promise<ObjectIdentity | undefined> {
    return this.db
      .selectFrom('model_objects')
      .select([
        'local_id',
        'guid',
        'kind',
        'ifc_class',
        'name',
        'predefined_type',
        'storey',
        'tag',
        'tag_source',
        'category',
        'category_source',
      ])
      .where('version_id', '=', versionId)
      .where('local_id', '=', localId)
      .executeTakeFirst();
  }

  /**
   * The object and its ancestors' properties, nearest first (one query; the chain is short). The walk stops at
   * the spatial structure: an element does not show its storey's properties as its own.
   */
  async propertiesWithAncestors(
    versionId: string,
    localId: number,
  ): Promise<Array<{ local_id: number; parent_local_id: number; properties: string }>> {
    const rows = await sql<{ local_id: number; parent_local_id: number; properties: string; depth: number }>`
      with recursive chain(local_id, parent_local_id, properties, depth) as (
        select local_id, parent_local_id, properties, 0 from model_objects
         where version_id = ${versionId} and local_id = ${localId}
        union all
        select o.local_id, o.parent_local_id, o.properties, chain.depth + 1 from model_objects o
          join chain on o.local_id = chain.parent_local_id
         where o.version_id = ${versionId} and o.kind <> 'spatial' and chain.depth < 32
      )
      select local_id, parent_local_id, properties, depth from chain order by depth`.execute(this.db);
    return rows.rows.map((r) => ({
      local_id: Number(r.local_id),
      parent_local_id: Number(r.parent_local_id),
      properties: r.properties,
    }));
  }
}
