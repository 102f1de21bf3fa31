import type { Db } from '../../db/database.ts';
import type { OidcSigninsTable } from '../../db/schema.ts';

/** SQL for single sign-on: provider accounts linked to Penstock accounts, sign-ins under way, ID tokens. */
export class OidcRepo {
  constructor(private readonly db: Db) {}

  /** The Penstock account a provider account (issuer + subject) is linked to. */
  async userIdFor(issuer: string, subject: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('user_identities')
      .select('user_id')
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** The subjects of this issuer already linked to a Penstock account. */
  async subjectsOf(userId: string, issuer: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_identities')
      .select('subject')
      .where('user_id', '=', userId)
      .where('issuer', '=', issuer)
      .execute();
    return rows.map((row) => row.subject);
  }

  async link(input: { issuer: string; subject: string; userId: string; email: string; at: string }) {
    await this.db
      .insertInto('user_identities')
      .values({
        issuer: input.issuer,
        subject: input.subject,
        user_id: input.userId,
        email: input.email,
        created_at: input.at,
        last_signin_at: input.at,
      })
      .execute();
  }

  async touchIdentity(issuer: string, subject: string, at: string): Promise<void> {
    await this.db
      .updateTable('user_identities')
      .set({ last_signin_at: at })
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .execute();
  }

  /** Stores a sign-in under way, and removes those nobody finished in time. */
  async saveSignin(row: OidcSigninsTable): Promise<void> {
    await this.db.deleteFrom('oidc_signins').where('expires_at', '<', row.created_at).execute();
    await this.db.insertInto('oidc_signins').values(row).execute();
  }

  /**
   * Takes a sign-in under way: it is removed as it is read, so a callback can use it once only (of two
   * callbacks racing for it, one gets it).
   */
  async takeSignin(id: string): Promise<OidcSigninsTable | undefined> {
    return this.db.deleteFrom('oidc_signins').where('id', '=', id).returningAll().executeTakeFirst();
  }

  async saveSessionToken(input: { sessionId: string; issuer: string; idToken: string; at: string }) {
    await this.db
      .insertInto('oidc_sessions')
      .values({
        session_id: input.sessionId,
        issuer: input.issuer,
        id_token: input.idToken,
        created_at: input.at,
      })
      .execute();
  }

  /** The ID token of a session opened by single sign-on (its row goes with the session). */
  async sessionToken(sessionId: string): Promise<{ issuer: string; idToken: string } | undefined> {
    const row = await this.db
      .selectFrom('oidc_sessions')
      .select(['issuer', 'id_token'])
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return row && { issuer: row.issuer, idToken: row.id_token };
  }
}
