import type { Kysely } from 'kysely';

// The BCF viewpoints of an issue (cameras and selected IfcGuids), kept as imported so that an export writes
// them back. JSON text {version: 1, viewpoints: [...]}, or null for an issue without any. The index on
// model_objects.guid lets an import find the selected IfcGuids among a project's models in one query.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('issues').addColumn('bcf_viewpoints', 'text').execute();
  await db.schema.createIndex('model_objects_guid_idx').on('model_objects').column('guid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('model_objects_guid_idx').execute();
  await db.schema.alterTable('issues').dropColumn('bcf_viewpoints').execute();
}
