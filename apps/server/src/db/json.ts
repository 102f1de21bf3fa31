import { PostgresAdapter } from 'kysely';
import * as postgres from 'kysely/helpers/postgres';
import * as sqlite from 'kysely/helpers/sqlite';
import type { Db } from './database.ts';

/*
 * Kysely's JSON aggregation helpers for the database a handle is on (their SQL differs: json_agg and to_json
 * on PostgreSQL, json_group_array and json_object on SQLite), so that one query can carry a parent row and
 * its lists, one round trip instead of one per list. The subquery must name its columns (no selectAll: SQLite
 * builds json_object from the selection); a list comes in the subquery's order (its ORDER BY).
 *
 * On PostgreSQL the driver parses the JSON; SQLite gives its text: read a value with fromJson.
 */
const helpers = (db: Db) => (db.getExecutor().adapter instanceof PostgresAdapter ? postgres : sqlite);

/** The rows of a subquery as one JSON array ('[]' when none). */
export const jsonArrayFrom = ((db: Db, expr) => helpers(db).jsonArrayFrom(expr as never)) as <O>(
  db: Db,
  expr: Parameters<typeof postgres.jsonArrayFrom<O>>[0],
) => ReturnType<typeof postgres.jsonArrayFrom<O>>;

/** The first row of a subquery as one JSON object (null when none). */
export const jsonObjectFrom = ((db: Db, expr) => helpers(db).jsonObjectFrom(expr as never)) as <O>(
  db: Db,
  expr: Parameters<typeof postgres.jsonObjectFrom<O>>[0],
) => ReturnType<typeof postgres.jsonObjectFrom<O>>;

/** A value made by jsonArrayFrom or jsonObjectFrom: parsed already (PostgreSQL) or JSON text (SQLite). */
export const fromJson = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
