import { sql, type Expression, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fromJson, jsonArrayFrom } from '../../db/json.ts';
import { preparedQuery, type Arg } from '../../db/preparedQuery.ts';
import type { Database, PropertyValueHistoryTable, PropertyValuesTable } from '../../db/schema.ts';
import type { StoredLockRow } from './valueLocks.repo.ts';
import { readSessionColumns, sessionColumns, sessionUserId, type SessionWithUser } from '../auth/index.ts';

export type PropertyTable = 'static_values' | 'dynamic_values';
/** 9 columns × 1000 rows per statement: within SQLite's and PostgreSQL's parameter limits */
const UPSERT_BATCH = 1000;

export interface NamedProject {
  id: string;
  name: string;
  role: string;
}

export interface DynamicRow {
  tag: string;
  project_name: string;
  locked: number;
  locked_props: string;
  values: string;
}

/** The projects of a name that a user belongs to (oldest first), with the user's role: a subquery. */
const projectsNamedOf = (eb: ExpressionBuilder<Database, never>, userId: Expression<string>, name: string) =>
  eb
    .selectFrom('projects')
    .innerJoin('project_members', 'project_members.project_id', 'projects.id')
    .where('project_members.user_id', '=', userId)
    .where('projects.name', '=', name);

/**
 * getdynamic in one statement, one round trip on PostgreSQL (issue 38): the session with its user and roles,
 * the user's projects of that name with their role (for requireAccess), and the entries of the file in them
 * plus the locked entries of the same tags in any project the user is a member of.
 */
const dynamicForAskerQuery = preparedQuery(
  (db, arg: Arg<{ sessionId: string; projectName: string; fileName: string }>) =>
    db.selectNoFrom((eb) => {
      const userId = sessionUserId(eb, arg('sessionId'));
      const named = projectsNamedOf(eb, userId, arg('projectName'));
      const namedIds = named.select('projects.id');
      return [
        ...sessionColumns(db, eb, arg('sessionId')),
        jsonArrayFrom(
          db,
          named
            .select(['projects.id', 'projects.name', 'project_members.role'])
            .orderBy('projects.created_at')
            .orderBy('projects.id'),
        ).as('projects'),
        jsonArrayFrom(
          db,
          eb
            .selectFrom('dynamic_values as dv')
            .innerJoin('projects as p', 'p.id', 'dv.project_id')
            .select(['dv.tag', 'p.name as project_name', 'dv.locked', 'dv.locked_props', 'dv.values'])
            .where('dv.project_id', 'in', (sub) =>
              sub.selectFrom('project_members').select('project_id').where('user_id', '=', userId),
            )
            .where((w) =>
              w.or([
                w.and([w('dv.project_id', 'in', namedIds), w('dv.file_name', '=', arg('fileName'))]),
                w.and([
                  w('dv.locked', '=', 1),
                  w(
                    'dv.tag',
                    'in',
                    w
                      .selectFrom('dynamic_values as own')
                      .select('own.tag')
                      .where('own.project_id', 'in', namedIds)
                      .where('own.file_name', '=', arg('fileName')),
                  ),
                ]),
              ]),
            )
            .orderBy('p.name')
            .orderBy('dv.tag'),
        ).as('entries'),
      ];
    }),
);

/** What getdynamic reads in its one statement. */
export interface DynamicForAsker {
  /** the session that asks (not yet checked: SessionAsker.settle) */
  session: SessionWithUser | undefined;
  /** the session's user's projects of the name asked, oldest first, with their role */
  projects: NamedProject[];
  entries: DynamicRow[];
}

/** What a save (savestatic, savedynamic) reads in its one statement before it writes. */
export interface SaveContext {
  /** the session that asks (not yet checked: SessionAsker.settle) */
  session: SessionWithUser | undefined;
  /** the session's user's projects of the names saved to, oldest first, with their role */
  projects: NamedProject[];
  /** dynamic values only: the stored rows of those projects and files locked whole or value by value */
  locks: StoredLockRow[];
}

/** SQL for static and dynamic property values: one row per (project, file, tag). */
export class PropertiesRepo {
  constructor(private readonly db: Db) {}

  /** getdynamic's session, projects and entries in one statement (see the query). */
  async dynamicForAsker(sessionId: string, projectName: string, fileName: string): Promise<DynamicForAsker> {
    const row = (await dynamicForAskerQuery.executeTakeFirst(this.db, { sessionId, projectName, fileName }))!;
    return {
      session: readSessionColumns(row),
      projects: fromJson(row.projects) ?? [],
      entries: fromJson(row.entries) ?? [],
    };
  }

  /**
   * A save's reads in one statement, one round trip on PostgreSQL (issue 38): the session with its user and
   * roles, the user's projects of these names with their role (for requireAccess), and for dynamic values the
   * stored rows of those projects and files with locks (whole: `locked`; value by value: `locked_props`).
   * Built per call (its `in` lists have any length).
   */
  async saveContext(
    table: PropertyTable,
    sessionId: string,
    names: string[],
    fileNames: string[],
  ): Promise<SaveContext> {
    const row = (await this.db
      .selectNoFrom((eb) => {
        const userId = sessionUserId(eb, sessionId);
        const named = eb
          .selectFrom('projects')
          .innerJoin('project_members', 'project_members.project_id', 'projects.id')
          .where('project_members.user_id', '=', userId)
          .where('projects.name', 'in', names);
        const locks = eb
          .selectFrom('dynamic_values')
          .select(['project_id', 'file_name', 'tag', 'category', 'locked', 'locked_props', 'values'])
          .where('project_id', 'in', named.select('projects.id'))
          .where('file_name', 'in', fileNames)
          .where((w) => w.or([w('locked', '=', 1), w('locked_props', '<>', '[]')]));
        return [
          ...sessionColumns(this.db, eb, sessionId),
          jsonArrayFrom(
            this.db,
            named
              .select(['projects.id', 'projects.name', 'project_members.role'])
              .orderBy('projects.created_at')
              .orderBy('projects.id'),
          ).as('projects'),
          (table === 'dynamic_values' && fileNames.length
            ? jsonArrayFrom(this.db, locks)
            : sql<StoredLockRow[]>`null`
          ).as('locks'),
        ];
      })
      .executeTakeFirst())!;
    return {
      session: readSessionColumns(row),
      projects: fromJson(row.projects) ?? [],
      locks: fromJson(row.locks) ?? [],
    };
  }

  /** The dynamic values of one file of a project, by tag (the IDS checks read them as Penstock_Dynamic). */
  dynamicValuesOfFile(projectId: string, fileName: string): Promise<{ tag: string; values: string }[]> {
    return this.db
      .selectFrom('dynamic_values')
      .select(['tag', 'values'])
      .where('project_id', '=', projectId)
      .where('file_name', '=', fileName)
      .execute();
  }

  /**
   * Inserts or updates every row in one transaction, a batch of rows per statement. A locked dynamic
   * entry keeps its values (and stays locked) even if a concurrent save got past the service's check.
   * The history lines (objects a manager locked with the save) are written in the same transaction.
   */
  async upsert(
    table: PropertyTable,
    rows: PropertyValuesTable[],
    history: PropertyValueHistoryTable[] = [],
  ): Promise<void> {
    // one statement is all or nothing by itself: no transaction around it (one round trip on PostgreSQL)
    if (!history.length && rows.length <= UPSERT_BATCH) return this.upsertBatch(this.db, table, rows);
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < history.length; start += UPSERT_BATCH)
        await trx
          .insertInto('property_value_history')
          .values(history.slice(start, start + UPSERT_BATCH))
          .execute();
      for (let start = 0; start < rows.length; start += UPSERT_BATCH)
        await this.upsertBatch(trx, table, rows.slice(start, start + UPSERT_BATCH));
    });
  }

  /** One statement: the rows inserted, or updated where they exist (a locked dynamic entry kept as it is). */
  private async upsertBatch(db: Db, table: PropertyTable, rows: PropertyValuesTable[]): Promise<void> {
    if (!rows.length) return;
    await db
      .insertInto(table)
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['project_id', 'file_name', 'tag']).doUpdateSet((eb) => {
          const keepIfLocked = (column: 'values' | 'guid' | 'category' | 'updated_by' | 'updated_at') =>
            table === 'dynamic_values'
              ? sql<string>`case when ${sql.ref(`${table}.locked`)} = 1 then ${sql.ref(`${table}.${column}`)} else ${eb.ref(`excluded.${column}`)} end`
              : eb.ref(`excluded.${column}`);
          return {
            guid: keepIfLocked('guid'),
            category: keepIfLocked('category'),
            values: keepIfLocked('values'),
            updated_by: keepIfLocked('updated_by'),
            updated_at: keepIfLocked('updated_at'),
            locked:
              table === 'dynamic_values'
                ? sql<number>`case when ${sql.ref(`${table}.locked`)} = 1 then 1 else ${eb.ref('excluded.locked')} end`
                : eb.ref('excluded.locked'),
          };
        }),
      )
      .execute();
  }
}

export const keyOf = (projectId: string, fileName: string, tag: string): string =>
  JSON.stringify([projectId, fileName, tag]);
