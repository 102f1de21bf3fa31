import type { Kysely } from 'kysely';

// Files attached to a DSEAR register entry (hazardous-area drawings, risk assessments). The file itself is an
// item of the project's document store (WIP/DSEAR), with its versions and revision codes; this table only
// links the entry to the item. Deleting either removes the link. Portable: text keys, ISO text timestamps.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dsear_attachments')
    .addColumn('entry_id', 'text', (c) => c.notNull().references('dsear_entries.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dsear_attachments_pk', ['entry_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('dsear_attachments_item_idx')
    .on('dsear_attachments')
    .column('item_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dsear_attachments').execute();
}
