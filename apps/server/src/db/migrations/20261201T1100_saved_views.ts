import type { Kysely } from 'kysely';

// Saved views (issue 33 §1): a named view of a project's models, listed for the team and opened from a link.
// `version_id` is the model version the view opens on; `state` the JSON text of the viewer state
// (ModelViewerState, which lists the view's other model versions). `name_key` is the name as compared
// (trimmed, lower case): names are unique per project whatever their capitals. Portable: text keys, ISO
// text timestamps.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_views')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('saved_views_name_unique', ['project_id', 'name_key'])
    .execute();
  await db.schema.createIndex('saved_views_version_idx').on('saved_views').column('version_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_views').execute();
}
