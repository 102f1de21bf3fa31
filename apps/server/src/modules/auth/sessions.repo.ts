import type { Expression, ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fromJson, jsonArrayFrom, jsonObjectFrom } from '../../db/json.ts';
import { preparedQuery, type Arg } from '../../db/preparedQuery.ts';
import type { Database, SessionsTable, UsersTable } from '../../db/schema.ts';

/** A session with its user (without the password's hash) and the user's global roles. */
export interface SessionWithUser {
  session: SessionsTable;
  user: Omit<UsersTable, 'password_hash'> & { roles: string[] };
}

/**
 * The session `sessionId` and its user, and the user's global roles, as two columns (`session`, a JSON object
 * or null, and `session_roles`, a JSON array) of another module's query: a request whose service reads its
 * data in one query reads its session in the same round trip (see sessionAsker in auth/index.ts). Read them
 * with {@link readSessionColumns}.
 */
export function sessionColumns(
  db: Db,
  eb: ExpressionBuilder<Database, never>,
  sessionId: Expression<string> | string,
) {
  return [
    jsonObjectFrom(
      db,
      eb
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id as session_id',
          'sessions.user_id',
          'sessions.created_at as session_created_at',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'users.name',
          'users.email',
          'users.picture',
          'users.disabled',
          'users.created_at',
        ])
        .where('sessions.id', '=', sessionId),
    ).as('session'),
    jsonArrayFrom(
      db,
      eb
        .selectFrom('sessions')
        .innerJoin('user_roles', 'user_roles.user_id', 'sessions.user_id')
        .select('user_roles.role')
        .where('sessions.id', '=', sessionId)
        .orderBy('user_roles.role'),
    ).as('session_roles'),
  ] as const;
}

/** The user id of the session `sessionId`, as a scalar subquery of another module's query (null: none). */
export const sessionUserId = (
  eb: ExpressionBuilder<Database, never>,
  sessionId: Expression<string> | string,
) => eb.selectFrom('sessions').select('sessions.user_id').where('sessions.id', '=', sessionId).$asScalar();

/** The two columns {@link sessionColumns} adds to a row, as the row carries them. */
export interface SessionColumns {
  session: SessionJson | string | null;
  session_roles: Array<{ role: string }> | string;
}

type SessionJson = {
  session_id: string;
  user_id: string;
  session_created_at: string;
  last_seen_at: string;
  expires_at: string;
  name: string;
  email: string;
  picture: string | null;
  disabled: number;
  created_at: string;
};

/** The session the columns of {@link sessionColumns} carry, if there is one. */
export function readSessionColumns(row: SessionColumns): SessionWithUser | undefined {
  const found = fromJson(row.session);
  if (!found) return undefined;
  const { session_id, user_id, session_created_at, last_seen_at, expires_at, ...user } = found;
  return {
    session: { id: session_id, user_id, created_at: session_created_at, last_seen_at, expires_at },
    user: { id: user_id, ...user, roles: (fromJson(row.session_roles) ?? []).map((r) => r.role) },
  };
}

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
