import type { Kysely } from 'kysely';

/**
 * The Supplier Zone (engineering spec §3 'Design competency submission', 'Stored register record'):
 * design competency submissions with their logo and track-record documents (file contents in the
 * content-addressed blob store, referenced by hash), and the zone's settings (card titles and links, the
 * contact address) as one validated JSON row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sdc_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    // the validated answers (no files), JSON
    .addColumn('data_json', 'text', (c) => c.notNull())
    // the register's LogoName: '---' when no logo was sent
    .addColumn('logo_name', 'text', (c) => c.notNull())
    // logo_name without spaces: the file name under /logos/
    .addColumn('logo_path', 'text', (c) => c.unique())
    .addColumn('logo_hash', 'text', (c) => c.references('blobs.hash'))
    .addColumn('logo_type', 'text')
    .addColumn('logo_size', 'integer')
    .addColumn('review_note', 'text', (c) => c.notNull())
    .addColumn('reviewed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .addColumn('date_of_last_review', 'text')
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sdc_submissions_status_idx')
    .on('sdc_submissions')
    .columns(['status', 'submitted_at'])
    .execute();

  await db.schema
    .createTable('sdc_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('sdc_submissions.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('blob_hash', 'text', (c) => c.notNull().references('blobs.hash'))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sdc_files_submission_idx').on('sdc_files').column('submission_id').execute();

  await db.schema
    .createTable('supplier_zone_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('settings_json', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('supplier_zone_settings').execute();
  await db.schema.dropTable('sdc_files').execute();
  await db.schema.dropTable('sdc_submissions').execute();
}
