import type { Kysely } from 'kysely';

/**
 * Drawing compare (issue 34 §3): how many pages of a drawing version differ from the version before, as
 * the version list shows it, once per ordered pair (base, head) and resolution. The pixel compare runs in
 * the browser (pdf.js renders, pixelmatch in a worker); the first count made is kept here for the whole
 * team (`counted_by` made it). Portable: text keys, ISO text timestamps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drawing_page_counts')
    .addColumn('base_version_id', 'text', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('head_version_id', 'text', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('dpi', 'integer', (c) => c.notNull())
    .addColumn('changed_pages', 'integer', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull())
    .addColumn('counted_by', 'text', (c) => c.notNull())
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('drawing_page_counts_pk', ['base_version_id', 'head_version_id', 'dpi'])
    .execute();
  await db.schema
    .createIndex('drawing_page_counts_head_idx')
    .on('drawing_page_counts')
    .column('head_version_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('drawing_page_counts').execute();
}
