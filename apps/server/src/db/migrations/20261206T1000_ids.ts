import type { Kysely } from 'kysely';

/**
 * Information requirements (issue 36): the reading of each version of an IDS file (valid, or invalid with its
 * problems), the folders and models each IDS file applies to, a project's gate setting, and the checks of
 * model versions against IDS versions with their results: each specification's verdict and counts (JSON in
 * `ids_checks.specifications`), the express ids of each specification's applicable objects
 * (`ids_check_objects`, JSON arrays: colour by result) and one row per failing object and specification
 * (`ids_check_failures`, its failed requirements as JSON). Portable: text keys, ISO text timestamps, 0/1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ids_settings')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('gate', 'text', (c) => c.notNull())
    .addColumn('include_dynamic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createTable('ids_validations')
    .addColumn('version_id', 'text', (c) => c.primaryKey().references('versions.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('problems', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('specifications', 'text', (c) => c.notNull())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ids_scopes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('ids_item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('include_dynamic', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ids_scopes_project').on('ids_scopes').column('project_id').execute();
  await db.schema.createIndex('ids_scopes_item').on('ids_scopes').column('ids_item_id').execute();
  await db.schema
    .createTable('ids_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('model_version_id', 'text', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('ids_version_id', 'text', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('ids_item_id', 'text', (c) => c.notNull())
    .addColumn('include_dynamic', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'real')
    .addColumn('error', 'text')
    .addColumn('pass', 'integer')
    .addColumn('specifications', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addUniqueConstraint('ids_checks_pair_unique', ['model_version_id', 'ids_version_id'])
    .execute();
  await db.schema.createIndex('ids_checks_status').on('ids_checks').column('status').execute();
  await db.schema.createIndex('ids_checks_ids_version').on('ids_checks').column('ids_version_id').execute();
  await db.schema
    .createTable('ids_check_objects')
    .addColumn('check_id', 'text', (c) => c.notNull().references('ids_checks.id').onDelete('cascade'))
    .addColumn('spec_index', 'integer', (c) => c.notNull())
    .addColumn('applicable', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ids_check_objects_pk', ['check_id', 'spec_index'])
    .execute();
  await db.schema
    .createTable('ids_check_failures')
    .addColumn('check_id', 'text', (c) => c.notNull().references('ids_checks.id').onDelete('cascade'))
    .addColumn('spec_index', 'integer', (c) => c.notNull())
    .addColumn('express_id', 'integer', (c) => c.notNull())
    .addColumn('global_id', 'text')
    .addColumn('ifc_class', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('failures', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ids_check_failures_pk', ['check_id', 'spec_index', 'express_id'])
    .execute();
  await db.schema
    .createIndex('ids_check_failures_object')
    .on('ids_check_failures')
    .columns(['check_id', 'express_id'])
    .execute();
  await db.schema
    .createIndex('ids_check_failures_guid')
    .on('ids_check_failures')
    .columns(['check_id', 'global_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ids_check_failures').execute();
  await db.schema.dropTable('ids_check_objects').execute();
  await db.schema.dropTable('ids_checks').execute();
  await db.schema.dropTable('ids_scopes').execute();
  await db.schema.dropTable('ids_validations').execute();
  await db.schema.dropTable('ids_settings').execute();
}
