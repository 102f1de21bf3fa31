import type { Kysely } from 'kysely';

/**
 * Colour by property (issue 33 §4): one property's value for every object of a model version, read with one
 * indexed lookup. Each row is one property (set and name) of one version, in columns: the objects' localIds and
 * their values as JSON arrays (entry i of each for one object). Built from model_objects.properties the first
 * time a version's property names or values are asked for; conversions.property_columns keeps the
 * finished_at of the conversion they were built from, so a model converted again builds them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_property_columns')
    .addColumn('version_id', 'text', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('set_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('object_count', 'integer', (c) => c.notNull())
    .addColumn('local_ids', 'text', (c) => c.notNull())
    .addColumn('values', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('model_property_columns_pk', ['version_id', 'set_name', 'name'])
    .execute();
  await db.schema.alterTable('conversions').addColumn('property_columns', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').dropColumn('property_columns').execute();
  await db.schema.dropTable('model_property_columns').execute();
}
