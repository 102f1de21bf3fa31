import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type SqliteDialectConfig } from 'kysely';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';

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
}

/** PostgreSQL when a postgres:// address is given, otherwise an SQLite file in the data folder. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): DbHandle {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
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
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) }),
    dialect: 'sqlite',
    description: `SQLite ${file}`,
  };
}

/** How many prepared statements an SQLite connection keeps (Penstock runs a few hundred distinct queries). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew; preparing was the largest cost of a cheap read (a fifth
 * of the server's CPU under the load bench). This keeps the prepared statements by their SQL text, least
 * recently used out first. better-sqlite3 runs one statement at a time on this connection; a streamed query
 * (Kysely's .stream(), not used by Penstock) would hold its statement, so it gets a fresh one when busy.
 */
export function cachedStatements(sqlite: SQLite.Database): SqliteDialectConfig['database'] {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        // most recently used last
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = sqlite.prepare(sql);
      if (!hit) {
        cache.set(sql, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
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
