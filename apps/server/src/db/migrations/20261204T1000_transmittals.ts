import type { Kysely } from 'kysely';

// Transmittals (issue 35 §3). A transmittal is numbered per project (`sequence`, unique per project; `number`
// the printed 'RWTW-TRN-0001'); its documents are the versions issued, with the codes they had when issued;
// its recipients are project members (user_id) or outside people (e-mail only), each with an acknowledgement
// and a response; an outside recipient's link token is kept only as its SHA-256 (`token_hash`). The access log
// records every view and download through a link. Purposes of issue are per project (defaults in code until a
// manager saves a list). Portable: text keys, ISO text timestamps, 0/1 flags.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transmittal_purposes')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('asks_response', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('transmittal_purposes_pk', ['project_id', 'position'])
    .execute();
  await db.schema
    .createTable('transmittals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('asks_response', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('sender_name', 'text', (c) => c.notNull())
    .addColumn('cover_version_id', 'text', (c) => c.notNull().references('versions.id'))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('transmittals_sequence_unique', ['project_id', 'sequence'])
    .execute();
  await db.schema
    .createTable('transmittal_documents')
    .addColumn('transmittal_id', 'text', (c) => c.notNull().references('transmittals.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull().references('versions.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('revision', 'text', (c) => c.notNull())
    .addColumn('suitability', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('transmittal_documents_pk', ['transmittal_id', 'version_id'])
    .execute();
  await db.schema
    .createTable('transmittal_recipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transmittal_id', 'text', (c) => c.notNull().references('transmittals.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('token_expires_at', 'text')
    .addColumn('token_revoked_at', 'text')
    .addColumn('acknowledged_at', 'text')
    .addColumn('responded_at', 'text')
    .addColumn('decision', 'text')
    .addColumn('comment', 'text')
    .addColumn('attachment_hash', 'text')
    .addColumn('attachment_name', 'text')
    .addColumn('attachment_size', 'bigint')
    .addColumn('reminded_at', 'text')
    .execute();
  await db.schema
    .createIndex('transmittal_recipients_transmittal_idx')
    .on('transmittal_recipients')
    .column('transmittal_id')
    .execute();
  await db.schema
    .createIndex('transmittal_recipients_user_idx')
    .on('transmittal_recipients')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('transmittal_access_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transmittal_id', 'text', (c) => c.notNull().references('transmittals.id').onDelete('cascade'))
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transmittal_access_log_transmittal_idx')
    .on('transmittal_access_log')
    .column('transmittal_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'transmittal_access_log',
    'transmittal_recipients',
    'transmittal_documents',
    'transmittals',
    'transmittal_purposes',
  ])
    await db.schema.dropTable(table).execute();
}
