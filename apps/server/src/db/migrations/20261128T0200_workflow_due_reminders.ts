import type { Kysely } from 'kysely';

/**
 * Workflow due dates and reminders (issue 31): a submission may carry a due date (an ISO day, null without
 * one), and each reminder e-mail about an overdue workflow is recorded once per workflow, person and day.
 * The primary key is what makes "at most once a day" hold across restarts and several servers: the row and
 * its e-mail are written in one transaction, and a second insert of the same day fails to add a row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workflows').addColumn('due_date', 'text').execute();
  await db.schema
    .createTable('workflow_reminders')
    .addColumn('workflow_id', 'text', (c) => c.notNull().references('workflows.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('workflow_reminders_pk', ['workflow_id', 'user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workflow_reminders').execute();
  await db.schema.alterTable('workflows').dropColumn('due_date').execute();
}
