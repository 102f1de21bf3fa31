import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { preparedStatementName } from './preparedQuery.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

/** A unique-key violation (two writers racing for one name), on SQLite or PostgreSQL. */
export const isUniqueViolation = (error: unknown): boolean =>
  !!error &&
  typeof error === 'object' &&
  ((error as { code?: string }).code === '23505' ||
    ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'].includes(
      String((error as { code?: string }).code ?? ''),
    ));

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** where the data lives, for the start-up message (never includes a password) */
  description: string;
  /** statements sent to the database so far (each one a round trip on PostgreSQL), for the tests */
  statements: { count: number };
}

/** PostgreSQL when a postgres:// address is given, otherwise an SQLite file in the data folder. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): DbHandle {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const statements = { count: 0 };
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('connect', (client) => namePreparedStatements(client, statements));
    // an idle connection the server ends (a restart, a failover, an administrator) must not crash the
    // process: pg emits it on the pool, and the next query opens a fresh connection
    pool.on('error', (error) => {
      console.warn(`PostgreSQL: an idle connection was closed: ${error.message}`);
    });
    const url = new URL(options.databaseUrl);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      description: `PostgreSQL ${url.host}${url.pathname}`,
      statements,
    };
  }
  if (options.databaseUrl)
    throw new Error('DATABASE_URL must start with postgres:// (leave it unset for SQLite)');
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'penstock.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = { count: 0 };
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: cachedStatements(sqlite, statements) }),
    }),
    dialect: 'sqlite',
    description: `SQLite ${file}`,
    statements,
  };
}

/** How many other SQL texts are kept as named statements (each connection parses each once, on first use). */
const MORE_NAMED_STATEMENTS = 300;
const otherStatementNames = new Map<string, string>();

/**
 * The name a statement is kept under on each PostgreSQL connection: a prepared query's (db/preparedQuery.ts),
 * and the first {@link MORE_NAMED_STATEMENTS} other reads and writes the server sends (short ones, with at
 * most 100 parameters: a query built per call with an `in` list of any length is another text for each
 * length, so the bound keeps a connection's statements from growing without end). Undefined: sent unnamed.
 */
function statementName(text: string, parameters: number): string | undefined {
  const prepared = preparedStatementName(text);
  if (prepared !== undefined) return prepared;
  const known = otherStatementNames.get(text);
  if (known !== undefined) return known;
  if (
    otherStatementNames.size >= MORE_NAMED_STATEMENTS ||
    text.length > 4000 ||
    parameters > 100 ||
    !/^\s*(select|insert|update|delete|with)\b/i.test(text)
  )
    return undefined;
  const name = `penstock_q${otherStatementNames.size + 1}`;
  otherStatementNames.set(text, name);
  return name;
}

/**
 * Sends statements as named statements on this connection (see {@link statementName}): PostgreSQL parses and
 * analyses each once per connection instead of on every run, and after five runs plans it once when its
 * generic plan is as good (plan_cache_mode auto). Under the load bench this took the PostgreSQL backends' CPU
 * for a tree read from about 750 to 250 µs (five statements then). Transaction control and anything past the
 * bound go as before (unnamed: parsed and planned each time).
 */
function namePreparedStatements(client: pg.PoolClient, statements: { count: number }): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    statements.count += 1;
    const name =
      typeof text === 'string' ? statementName(text, Array.isArray(values) ? values.length : 0) : undefined;
    if (name === undefined) return query(text, values, callback);
    return query({ name, text, values }, callback);
  }) as typeof client.query;
}

/** How many prepared statements an SQLite connection keeps (Penstock runs a few hundred distinct queries). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew; preparing was the largest cost of a cheap read (a fifth
 * of the server's CPU under the load bench). This keeps the prepared statements by their SQL text, least
 * recently used out first. better-sqlite3 runs one statement at a time on this connection; a streamed query
 * (Kysely's .stream(), not used by Penstock) would hold its statement, so it gets a fresh one when busy.
 *
 * Each statement is prepared with its parameters written `+?` (see {@link withoutReplanningOnBind}): kept
 * statements are then really reused, where a query with a join or an ORDER BY was otherwise compiled again
 * on every run.
 */
export function cachedStatements(
  sqlite: SQLite.Database,
  statements: { count: number } = { count: 0 },
): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      // Kysely prepares every statement it runs
      statements.count += 1;
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        // most recently used last
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = sqlite.prepare(withoutReplanningOnBind(sql));
      if (!hit) {
        cache.set(sql, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}

/**
 * Writes every parameter placeholder `?` of an SQLite statement as `+?` (outside string literals, quoted
 * names and comments). Unary plus returns its operand unchanged (any type, no affinity, no collation, as a
 * bare parameter), so the statement means the same and uses the same indexes.
 *
 * Why: the query planner of the SQLite that better-sqlite3 13 bundles (3.54), for a query with a join or an
 * ORDER BY, looks at whether the value bound to `column = ?` is a small integer (0 or 1) and marks that
 * parameter "re-plan if the value changes to or from 0/1" (whereLoopOutputAdjust). better-sqlite3 calls
 * sqlite3_clear_bindings() after every run, and SQLite expires a statement with any such mark when its
 * bindings are cleared: the statement was compiled again on every run, and better-sqlite3 then built its row
 * constructor again with `new Function` (15 to 35 µs a query instead of 4 to 8; most of the database time of
 * a tree read). A parameter behind a unary plus is not looked at, so
 * nothing is marked. The cost: the planner no longer uses a bound value to pick a partial index or a LIKE
 * prefix range, which Penstock's queries never relied on.
 */
export function withoutReplanningOnBind(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const char = sql[i]!;
    const end = skipQuoted(sql, i);
    if (end > i) {
      out += sql.slice(i, end);
      i = end;
    } else if (char === '?') {
      out += '+?';
      i += 1;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

/** Where a string literal, quoted name or comment that starts at `i` ends (`i` itself when none starts there). */
function skipQuoted(sql: string, i: number): number {
  const char = sql[i];
  const closing =
    char === "'" || char === '"' || char === '`'
      ? char
      : char === '['
        ? ']'
        : sql.startsWith('--', i)
          ? '\n'
          : sql.startsWith('/*', i)
            ? '*/'
            : undefined;
  if (closing === undefined) return i;
  let from = i + (closing === '*/' || closing === '\n' ? 2 : 1);
  for (;;) {
    const at = sql.indexOf(closing, from);
    if (at < 0) return sql.length;
    // a doubled quote inside a literal or name is an escaped quote, not its end
    if (closing.length === 1 && closing !== '\n' && closing !== ']' && sql[at + 1] === closing) {
      from = at + 2;
      continue;
    }
    return at + closing.length;
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}
