import type { Kysely } from 'kysely';

// The DSEAR register: one entry per project, its senior design managers' approvals and a dated history of
// every save and approval. Portable between SQLite and PostgreSQL: text keys, ISO text timestamps, JSON as
// text. YES/NO answers are kept as the spec's text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dsear_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('tm', 'text', (c) => c.notNull())
    .addColumn('tm_rag', 'text', (c) => c.notNull())
    .addColumn('lead_engineer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('practitioner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('practioner_flag', 'text', (c) => c.notNull().defaultTo('NO'))
    .addColumn('flids_risk', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('flids_outcome', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zones', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('dsear_iden', 'text', (c) => c.notNull())
    .addColumn('dsear_imp', 'text', (c) => c.notNull())
    .addColumn('dsear_spec', 'text', (c) => c.notNull())
    .addColumn('dsear_app', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('dsear_entries_project_uq', ['project_id'])
    .execute();
  await db.schema
    .createTable('dsear_approvals')
    .addColumn('entry_id', 'text', (c) => c.notNull().references('dsear_entries.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('approve_date', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dsear_approvals_pk', ['entry_id', 'email'])
    .execute();
  await db.schema.createIndex('dsear_approvals_email_idx').on('dsear_approvals').column('email').execute();
  await db.schema
    .createTable('dsear_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entry_id', 'text', (c) => c.notNull().references('dsear_entries.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('by_email', 'text', (c) => c.notNull())
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addUniqueConstraint('dsear_history_entry_seq_uq', ['entry_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['dsear_history', 'dsear_approvals', 'dsear_entries'])
    await db.schema.dropTable(table).execute();
}
