import type { Db } from '../../db/database.ts';
import { preparedQuery, type Arg } from '../../db/preparedQuery.ts';
import type { SessionsTable, UsersTable } from '../../db/schema.ts';

/**
 * Every signed-in request reads its session, its user and the user's global roles: one query compiled once,
 * a row per role (one row with a null role when the user has none).
 */
const sessionWithUserQuery = preparedQuery((db, arg: Arg<{ id: string }>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.user_id',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'user_roles.role as global_role',
    ])
    .selectAll('users')
    .where('sessions.id', '=', arg('id'))
    .orderBy('user_roles.role'),
);

/** SQL for server-side sessions. Only a hash of the cookie's token is stored. */
export class SessionsRepo {
  constructor(private readonly db: Db) {}

  async create(session: SessionsTable): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  /** A session with its user and the user's global roles (one query). */
  async findWithUser(
    id: string,
  ): Promise<{ session: SessionsTable; user: UsersTable & { roles: string[] } } | undefined> {
    const rows = await sessionWithUserQuery.execute(this.db, { id });
    const [first] = rows;
    if (!first) return undefined;
    const {
      session_id,
      user_id,
      session_created_at,
      last_seen_at,
      expires_at,
      global_role: _,
      ...user
    } = first;
    const roles = rows.flatMap((row) => (row.global_role === null ? [] : [row.global_role]));
    return {
      session: { id: session_id, user_id, created_at: session_created_at, last_seen_at, expires_at },
      user: { ...user, roles },
    };
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
