import type { Kysely } from 'kysely';

/**
 * Resumable uploads (issue 35 §4): one row per tus upload, naming who started it, where it goes and under what
 * name; its bytes are in the data folder's uploads/ until they are stored. `version_id` is set in the
 * transaction that records the version, so a finished upload is recorded once; `name_warning` is the naming standard's warning of a stored one, `error` why one was refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resumable_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('folder_id', 'text', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text')
    .addColumn('name_warning', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('resumable_uploads_expires')
    .on('resumable_uploads')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resumable_uploads').execute();
}
