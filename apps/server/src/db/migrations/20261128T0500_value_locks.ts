import { sql, type Kysely } from 'kysely';

/**
 * Locks of single dynamic values and the history of every lock change (issue 31). dynamic_values.locked
 * stays the whole object's lock (the spec's Locked flag); locked_props lists the values locked one by one.
 * property_value_history keeps who locked or unlocked which value (prop_name null: all of the object) and
 * when; it names the user by id and name so an entry outlives a renamed or removed account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('dynamic_values')
    .addColumn('locked_props', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
    .execute();
  await db.schema
    .createTable('property_value_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('prop_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('by_id', 'text', (c) => c.notNull())
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('property_value_history_object_idx')
    .on('property_value_history')
    .columns(['project_id', 'file_name', 'tag', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('property_value_history').execute();
  await db.schema.alterTable('dynamic_values').dropColumn('locked_props').execute();
}
