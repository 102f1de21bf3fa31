import type { Kysely } from 'kysely';

/**
 * Feedback (engineering spec §3 'Feedback item', §7 savefeedback, savefeedbackcomment): one row per piece
 * of feedback, with the reviewer's comment (the FAQ's answer), the FAQ and critical flags as 0/1, and a
 * version that goes up with every review change (a stale review is refused, not applied over a newer one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('feature', 'text', (c) => c.notNull())
    .addColumn('feedback', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_faq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_critical', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // everyone's FAQ reads the flagged rows only
  await db.schema.createIndex('feedback_faq_idx').on('feedback').columns(['is_faq', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback').execute();
}
