import type { Kysely } from 'kysely';

// Where each converted model version sits in the world (issue 33 §1, models line up): its IfcMapConversion
// and IfcSite location as read at conversion, JSON text of the shared ModelGeoreference (metres, IFC axes).
// One row per version that has either; a version without one has no row. Written with the conversion's
// result, so a conversion run again replaces it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_georeferences')
    .addColumn('version_id', 'text', (c) => c.primaryKey().references('versions.id').onDelete('cascade'))
    .addColumn('georeference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('model_georeferences').execute();
}
