import type { Kysely } from 'kysely';

/**
 * What the e-mail outbox keeps of a message once it is delivered or given up (issue 35 §5): an outside
 * recipient's transmittal e-mail carries the only plain copy of its link's token (the database keeps its
 * hash), so the message is written with `kept_text`, its text with the token taken out, which replaces
 * `body_text` after the send. Null: the body is kept as sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('kept_text', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('kept_text').execute();
}
