import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { cdeStateOfTopFolder, directSuitability, type CdeState } from '@penstock/shared';

/**
 * Document workflow: ISO 19650 revision and suitability on every version (with the version it was made
 * from), soft-deleted items, and workflows with their reviewers, approvers and append-only history.
 *
 * Items get `deleted_at`: a deleted item leaves the tree but can be restored. Its name stays, so the
 * folder-and-name uniqueness must hold only among live items: a partial unique index. SQLite cannot drop a
 * table constraint, so there the items table is rebuilt (with foreign keys off, which SQLite allows because
 * Kysely runs SQLite migrations outside a transaction; versions keep their rows and references).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = isSqlite(db);
  if (sqlite) {
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    try {
      await sql`CREATE TABLE items_new (
        id text PRIMARY KEY,
        project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        folder_id text NOT NULL REFERENCES folders(id) ON DELETE CASCADE,
        name text NOT NULL,
        created_at text NOT NULL,
        updated_at text NOT NULL,
        deleted_at text,
        deleted_by text
      )`.execute(db);
      await sql`INSERT INTO items_new (id, project_id, folder_id, name, created_at, updated_at)
        SELECT id, project_id, folder_id, name, created_at, updated_at FROM items`.execute(db);
      await sql`DROP TABLE items`.execute(db);
      await sql`ALTER TABLE items_new RENAME TO items`.execute(db);
    } finally {
      await sql`PRAGMA foreign_keys = ON`.execute(db);
    }
  } else {
    await sql`ALTER TABLE items DROP CONSTRAINT items_folder_name_uq`.execute(db);
    await db.schema.alterTable('items').addColumn('deleted_at', 'text').execute();
    await db.schema.alterTable('items').addColumn('deleted_by', 'text').execute();
  }
  await sql`CREATE UNIQUE INDEX items_folder_name_live_uq ON items (folder_id, name) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await db.schema.createIndex('items_project_idx').on('items').column('project_id').execute();

  await db.schema
    .alterTable('versions')
    .addColumn('revision', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('versions')
    .addColumn('suitability', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('versions').addColumn('derived_from', 'text').execute();
  await backfillRevisions(db);

  await db.schema
    .createTable('workflows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('document_name', 'text', (c) => c.notNull())
    .addColumn('target_folder_id', 'text', (c) => c.notNull())
    .addColumn('target_folder_path', 'text', (c) => c.notNull())
    .addColumn('suitability', 'text', (c) => c.notNull())
    .addColumn('target_suitability', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_by_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_version_id', 'text')
    .execute();
  await db.schema.createIndex('workflows_creator_idx').on('workflows').column('created_by').execute();
  await db.schema
    .createTable('workflow_participants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workflow_id', 'text', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('workflow_participants_user_idx')
    .on('workflow_participants')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('workflow_participants_workflow_idx')
    .on('workflow_participants')
    .column('workflow_id')
    .execute();
  await db.schema
    .createTable('workflow_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workflow_id', 'text', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workflow_events_workflow_idx')
    .on('workflow_events')
    .column('workflow_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['workflow_events', 'workflow_participants', 'workflows'])
    await db.schema.dropTable(table).execute();
}

// a failed probe query would abort PostgreSQL's migration transaction: ask the dialect's adapter instead
const isSqlite = (db: Kysely<unknown>): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

/** Versions stored before revisions existed: numbered in order within the state of their top folder. */
async function backfillRevisions(db: Kysely<unknown>): Promise<void> {
  const folders = (
    await sql<{ id: string; parent_id: string | null; name: string }>`
      select id, parent_id, name from folders`.execute(db)
  ).rows;
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const stateOf = (folderId: string): CdeState | null => {
    let folder = byId.get(folderId);
    for (let depth = 0; folder?.parent_id && depth < 100; depth++) folder = byId.get(folder.parent_id);
    return cdeStateOfTopFolder(folder?.name);
  };
  const versions = (
    await sql<{ id: string; number: number; folder_id: string }>`
      select versions.id, versions.number, items.folder_id from versions
      join items on items.id = versions.item_id`.execute(db)
  ).rows;
  const pad = (n: number) => String(n).padStart(2, '0');
  for (const version of versions) {
    const state = stateOf(version.folder_id);
    const n = Number(version.number);
    const revision =
      state === 'Published'
        ? `C${pad(n)}`
        : state === 'Shared' || state === 'Archived'
          ? `P${pad(n)}`
          : `P01.${pad(n)}`;
    await sql`update versions set revision = ${revision}, suitability = ${directSuitability(state)}
      where id = ${version.id}`.execute(db);
  }
}
