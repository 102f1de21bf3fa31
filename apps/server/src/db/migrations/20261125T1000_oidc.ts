import type { Kysely } from 'kysely';

/**
 * Single sign-on with OpenID Connect (issue 17, item 5): which provider account each Penstock account is
 * linked to, the sign-ins under way, and the ID token of each session opened by the provider (for its
 * sign-out). All in the database, so any of several servers can finish what another began.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // a provider account (issuer + subject) linked to a Penstock account: found again after an email change
  await db.schema
    .createTable('user_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the provider's email when the link was made, for administrators
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_signin_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user_idx').on('user_identities').column('user_id').execute();

  // a sign-in sent to the provider and not yet back: keyed by a hash of the browser's HttpOnly cookie
  await db.schema
    .createTable('oidc_signins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oidc_signins_expires_idx').on('oidc_signins').column('expires_at').execute();

  // the ID token of a session the provider opened (the id_token_hint of its sign-out); goes with the session
  await db.schema
    .createTable('oidc_sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('id_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_sessions').execute();
  await db.schema.dropTable('oidc_signins').execute();
  await db.schema.dropTable('user_identities').execute();
}
