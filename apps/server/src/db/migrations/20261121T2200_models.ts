import type { Kysely } from 'kysely';

// Models (conversion jobs, object index, page counts) and property values. Portable between SQLite and
// PostgreSQL: text keys, ISO text timestamps, integer flags, JSON as text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversions')
    .addColumn('version_id', 'text', (c) => c.primaryKey().references('versions.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('frag_hash', 'text')
    .addColumn('object_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('viewables', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('conversions_state_idx').on('conversions').column('state').execute();
  await db.schema
    .createTable('model_objects')
    .addColumn('version_id', 'text', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('local_id', 'integer', (c) => c.notNull())
    .addColumn('guid', 'text', (c) => c.notNull())
    .addColumn('parent_local_id', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('pid_class', 'text', (c) => c.notNull())
    .addColumn('hazard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('properties', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('model_objects_pk', ['version_id', 'local_id'])
    .execute();
  for (const table of ['static_values', 'dynamic_values']) {
    await db.schema
      .createTable(table)
      .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('tag', 'text', (c) => c.notNull())
      .addColumn('guid', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('values', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['project_id', 'file_name', 'tag'])
      .execute();
    await db.schema.createIndex(`${table}_tag_idx`).on(table).columns(['tag', 'locked']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['dynamic_values', 'static_values', 'model_objects', 'conversions'])
    await db.schema.dropTable(table).execute();
}
