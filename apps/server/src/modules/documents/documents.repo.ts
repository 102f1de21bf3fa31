import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery, type Arg } from '../../db/preparedQuery.ts';
import type { Database } from '../../db/schema.ts';
import type { FoldersTable, ItemsTable, VersionsTable } from '../../db/schema.ts';

export type VersionRow = Omit<VersionsTable, 'size'> & { size: number };
export type ItemWithLatest = ItemsTable & { latest: VersionRow };

const toVersion = (row: VersionsTable): VersionRow => ({ ...row, size: Number(row.size) });
const now = () => new Date().toISOString();

// The queries of a tree read (GET /api/tree, the cheapest and most frequent read), compiled once.

/** A folder and its ancestors, deepest first (at most 100 deep), as a query to run or to carry. */
export const folderTrailOf = (db: Db, folderId: string) =>
  db
    .withRecursive('trail(id, project_id, parent_id, name, position, created_at, depth)', (qb) =>
      qb
        .selectFrom('folders')
        .select([
          'id',
          'project_id',
          'parent_id',
          'name',
          'position',
          'created_at',
          sql<number>`0`.as('depth'),
        ])
        .where('id', '=', folderId)
        .unionAll((union) =>
          union
            .selectFrom('folders')
            .innerJoin('trail', 'trail.parent_id', 'folders.id')
            .select([
              'folders.id',
              'folders.project_id',
              'folders.parent_id',
              'folders.name',
              'folders.position',
              'folders.created_at',
              sql<number>`trail.depth + 1`.as('depth'),
            ])
            .where('trail.depth', '<', 100),
        ),
    )
    .selectFrom('trail')
    .select(['id', 'project_id', 'parent_id', 'name', 'position', 'created_at'])
    .orderBy('depth', 'desc');

const folderTrailQuery = preparedQuery((db, arg: Arg<{ folderId: string }>) =>
  folderTrailOf(db, arg('folderId')),
);

const childFoldersQuery = preparedQuery((db, arg: Arg<{ projectId: string; parentId: string }>) =>
  db
    .selectFrom('folders')
    .selectAll()
    .where('project_id', '=', arg('projectId'))
    .where('parent_id', '=', arg('parentId'))
    .orderBy('position')
    .orderBy('name'),
);

const topFoldersQuery = preparedQuery((db, arg: Arg<{ projectId: string }>) =>
  db
    .selectFrom('folders')
    .selectAll()
    .where('project_id', '=', arg('projectId'))
    .where('parent_id', 'is', null)
    .orderBy('position')
    .orderBy('name'),
);

/** The live items of a folder, each with its latest version (its highest number), as a query to run or carry. */
export const itemsInFolderOf = (db: Db, folderId: string) =>
  db
    .selectFrom('items')
    .innerJoin('versions', 'versions.item_id', 'items.id')
    .select([
      'items.id',
      'items.project_id',
      'items.folder_id',
      'items.name',
      'items.created_at',
      'items.updated_at',
      'items.deleted_at',
      'items.deleted_by',
      'versions.id as v_id',
      'versions.number as v_number',
      'versions.blob_hash as v_blob_hash',
      'versions.file_name as v_file_name',
      'versions.size as v_size',
      'versions.content_type as v_content_type',
      'versions.created_by as v_created_by',
      'versions.created_at as v_created_at',
      'versions.revision as v_revision',
      'versions.suitability as v_suitability',
      'versions.derived_from as v_derived_from',
    ])
    .where('items.folder_id', '=', folderId)
    .where('items.deleted_at', 'is', null)
    .where('versions.number', '=', (eb) =>
      eb
        .selectFrom('versions as newer')
        .select((inner) => inner.fn.max('newer.number').as('n'))
        .whereRef('newer.item_id', '=', 'items.id'),
    )
    .orderBy('items.name');

type ItemWithLatestRow = Awaited<ReturnType<ReturnType<typeof itemsInFolderOf>['execute']>>[number];

/** A row of {@link itemsInFolderOf} as the item and its latest version. */
export const toItemWithLatest = (row: ItemWithLatestRow): ItemWithLatest => ({
  id: row.id,
  project_id: row.project_id,
  folder_id: row.folder_id,
  name: row.name,
  created_at: row.created_at,
  updated_at: row.updated_at,
  deleted_at: row.deleted_at,
  deleted_by: row.deleted_by,
  latest: toVersion({
    id: row.v_id,
    item_id: row.id,
    number: row.v_number,
    blob_hash: row.v_blob_hash,
    file_name: row.v_file_name,
    size: row.v_size,
    content_type: row.v_content_type,
    created_by: row.v_created_by,
    created_at: row.v_created_at,
    revision: row.v_revision,
    suitability: row.v_suitability,
    derived_from: row.v_derived_from,
  }),
});

const itemsInFolderQuery = preparedQuery((db, arg: Arg<{ folderId: string }>) =>
  itemsInFolderOf(db, arg('folderId')),
);

/** SQL for the document store: folders, items, versions and blobs (projects and members: modules/projects). */
export class DocumentsRepo {
  constructor(private readonly db: Db) {}

  /** Runs `work` in a transaction, or in the caller's when this repository is bound to one. */
  private inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.isTransaction
      ? work(this.db as Transaction<Database>)
      : this.db.transaction().execute(work);
  }

  // ---- folders ----
  findFolder(id: string): Promise<FoldersTable | undefined> {
    return this.db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A folder and its ancestors, top-level folder first, in one recursive query (at most 100 deep). */
  async folderTrail(folderId: string): Promise<FoldersTable[]> {
    return folderTrailQuery.execute(this.db, { folderId });
  }

  childFolders(projectId: string, parentId: string | null): Promise<FoldersTable[]> {
    return parentId === null
      ? topFoldersQuery.execute(this.db, { projectId })
      : childFoldersQuery.execute(this.db, { projectId, parentId });
  }

  async createFolder(projectId: string, parentId: string | null, name: string): Promise<FoldersTable> {
    const folder: FoldersTable = {
      id: `f.${crypto.randomUUID()}`,
      project_id: projectId,
      parent_id: parentId,
      name,
      position: 0,
      created_at: now(),
    };
    await this.db.insertInto('folders').values(folder).execute();
    return folder;
  }

  /** Every folder of a project (for paths, states and the workflow structure). */
  projectFolders(projectId: string): Promise<FoldersTable[]> {
    return this.db
      .selectFrom('folders')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('position')
      .orderBy('name')
      .execute();
  }

  // ---- items and versions ----
  /** A live (not deleted) item. */
  findItem(id: string): Promise<ItemsTable | undefined> {
    return this.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** An item whether deleted or not (restore, history). */
  findItemAny(id: string): Promise<ItemsTable | undefined> {
    return this.db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The live items of a project with their latest versions (the workflow structure). */
  async liveItemsOfProject(projectId: string): Promise<ItemWithLatest[]> {
    const items = await this.db
      .selectFrom('items')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute();
    return this.withLatest(items);
  }

  async findVersions(ids: readonly string[]): Promise<Array<VersionRow & { folder_id: string }>> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('versions')
      .innerJoin('items', 'items.id', 'versions.item_id')
      .selectAll('versions')
      .select('items.folder_id')
      .where('versions.id', 'in', ids)
      .execute();
    return rows.map((row) => ({ ...toVersion(row), folder_id: row.folder_id }));
  }

  async itemsInFolder(folderId: string): Promise<ItemWithLatest[]> {
    return (await itemsInFolderQuery.execute(this.db, { folderId })).map(toItemWithLatest);
  }

  private async withLatest(items: ItemsTable[]): Promise<ItemWithLatest[]> {
    if (!items.length) return [];
    const versions = await this.db
      .selectFrom('versions')
      .selectAll()
      .where(
        'item_id',
        'in',
        items.map((item) => item.id),
      )
      .execute();
    const latest = new Map<string, VersionRow>();
    for (const version of versions.map(toVersion)) {
      const current = latest.get(version.item_id);
      if (!current || version.number > current.number) latest.set(version.item_id, version);
    }
    return items
      .filter((item) => latest.has(item.id))
      .map((item) => ({ ...item, latest: latest.get(item.id)! }));
  }

  async findVersion(id: string): Promise<VersionRow | undefined> {
    const row = await this.db.selectFrom('versions').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toVersion(row);
  }

  async versionsOf(itemId: string): Promise<VersionRow[]> {
    const rows = await this.db
      .selectFrom('versions')
      .selectAll()
      .where('item_id', '=', itemId)
      .orderBy('number', 'desc')
      .execute();
    return rows.map(toVersion);
  }

  /**
   * Adds a file to a folder in one transaction: the blob row, the item (found by name among live items, or
   * created), its next version number, and its revision and suitability codes, which `codes` works out from
   * the item's earlier revisions and the shared revisions made from them (read in the same transaction).
   */
  async addVersion(input: {
    projectId: string;
    folderId: string;
    fileName: string;
    blobHash: string;
    size: number;
    contentType: string;
    userId: string;
    derivedFrom?: string | null;
    codes: (history: { own: string[]; derived: string[] }) => { revision: string; suitability: string };
  }): Promise<{ item: ItemsTable; version: VersionRow }> {
    return this.inTransaction(async (trx) => {
      const at = now();
      const blob = await trx
        .selectFrom('blobs')
        .select('hash')
        .where('hash', '=', input.blobHash)
        .executeTakeFirst();
      if (!blob)
        await trx
          .insertInto('blobs')
          .values({ hash: input.blobHash, size: input.size, created_at: at })
          .execute();
      let item = await trx
        .selectFrom('items')
        .selectAll()
        .where('folder_id', '=', input.folderId)
        .where('name', '=', input.fileName)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (item) {
        await trx.updateTable('items').set({ updated_at: at }).where('id', '=', item.id).execute();
        item = { ...item, updated_at: at };
      } else {
        item = {
          id: `i.${crypto.randomUUID()}`,
          project_id: input.projectId,
          folder_id: input.folderId,
          name: input.fileName,
          created_at: at,
          updated_at: at,
          deleted_at: null,
          deleted_by: null,
        };
        await trx.insertInto('items').values(item).execute();
      }
      const own = await trx
        .selectFrom('versions')
        .select('revision')
        .where('item_id', '=', item.id)
        .orderBy('number')
        .execute();
      const derived = await trx
        .selectFrom('versions')
        .select('revision')
        .where(
          'derived_from',
          'in',
          trx.selectFrom('versions as own').select('own.id').where('own.item_id', '=', item.id),
        )
        .execute();
      const codes = input.codes({
        own: own.map((row) => row.revision).filter(Boolean),
        derived: derived.map((row) => row.revision).filter(Boolean),
      });
      const last = await trx
        .selectFrom('versions')
        .select((eb) => eb.fn.max('number').as('n'))
        .where('item_id', '=', item.id)
        .executeTakeFirst();
      const version: VersionRow = {
        id: `v.${crypto.randomUUID()}`,
        item_id: item.id,
        number: Number(last?.n ?? 0) + 1,
        blob_hash: input.blobHash,
        file_name: input.fileName,
        size: input.size,
        content_type: input.contentType,
        created_by: input.userId,
        created_at: at,
        revision: codes.revision,
        suitability: codes.suitability,
        derived_from: input.derivedFrom ?? null,
      };
      await trx.insertInto('versions').values(version).execute();
      return { item, version };
    });
  }
}
