import type { Kysely } from 'kysely';

/**
 * Model compare (issue 34 §2): two converted model versions compared object by object, as a job, stored once
 * per ordered pair (base, head). `base_converted_at` / `head_converted_at` are the finished_at of the
 * conversions compared: a model converted again is compared again. `summary` and `facets` are JSON text
 * written when the job is done. model_compare_changes holds the added, removed and changed objects (never the
 * unchanged ones); `aspects`, `property_keys` and `search_text` are the filters' columns (delimited text),
 * `detail` the JSON text of what changed. Portable: text keys, ISO text timestamps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_compares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('base_version_id', 'text', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('head_version_id', 'text', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'real')
    .addColumn('error', 'text')
    .addColumn('summary', 'text')
    .addColumn('facets', 'text')
    .addColumn('base_converted_at', 'text')
    .addColumn('head_converted_at', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addUniqueConstraint('model_compares_pair_unique', ['base_version_id', 'head_version_id'])
    .execute();
  await db.schema
    .createIndex('model_compares_head_idx')
    .on('model_compares')
    .column('head_version_id')
    .execute();
  await db.schema
    .createTable('model_compare_changes')
    .addColumn('compare_id', 'text', (c) => c.notNull().references('model_compares.id').onDelete('cascade'))
    .addColumn('change_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('guid', 'text', (c) => c.notNull())
    .addColumn('matched_by', 'text')
    .addColumn('ifc_class', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('tag', 'text')
    .addColumn('storey', 'text')
    .addColumn('base_local_id', 'integer')
    .addColumn('head_local_id', 'integer')
    .addColumn('aspects', 'text', (c) => c.notNull())
    .addColumn('property_keys', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('model_compare_changes_pk', ['compare_id', 'change_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('model_compare_changes').execute();
  await db.schema.dropTable('model_compares').execute();
}
