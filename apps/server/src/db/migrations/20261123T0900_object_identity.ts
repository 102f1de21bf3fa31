import type { Kysely } from 'kysely';

// The object index says what each object is and where its tag and category came from (issue 10): IFC class,
// Name, PredefinedType, storey, the kind of object (physical element, space, spatial container), and the
// source of its tag and category. Existing rows are physical elements; a reconversion fills the rest.
export async function up(db: Kysely<unknown>): Promise<void> {
  const text = ['ifc_class', 'name', 'predefined_type', 'storey', 'tag_source', 'category_source'] as const;
  for (const column of text) {
    await db.schema
      .alterTable('model_objects')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema
    .alterTable('model_objects')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('element'))
    .execute();
  await db.schema
    .createIndex('model_objects_kind_idx')
    .on('model_objects')
    .columns(['version_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('model_objects_kind_idx').execute();
  for (const column of [
    'kind',
    'category_source',
    'tag_source',
    'storey',
    'predefined_type',
    'name',
    'ifc_class',
  ]) {
    await db.schema.alterTable('model_objects').dropColumn(column).execute();
  }
}
