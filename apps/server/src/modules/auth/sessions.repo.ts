import type { Db } from '../../db/database.ts';
import type { SessionsTable } from '../../db/schema.ts';

/** SQL for server-side sessions. Only a hash of the cookie's token is stored. */
export class SessionsRepo {
  constructor(private readonly db: Db) {}

  async create(session: SessionsTable): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  async find(id: string): Promise<SessionsTable | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async touch(id: string, lastSeenAt: string, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Sessions idle past their expiry or opened before `createdBefore` (the absolute lifetime); how many went. */
  async deleteExpired(now: string, createdBefore: string): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('created_at', '<=', createdBefore)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
