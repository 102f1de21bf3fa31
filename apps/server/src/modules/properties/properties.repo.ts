import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PropertyValueHistoryTable, PropertyValuesTable } from '../../db/schema.ts';

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

/** SQL for static and dynamic property values: one row per (project, file, tag). */
export class PropertiesRepo {
  constructor(private readonly db: Db) {}

  /** The user's projects with one of these names, with the user's role. */
  projectsNamed(userId: string, names: string[]): Promise<NamedProject[]> {
    if (!names.length) return Promise.resolve([]);
    return this.db
      .selectFrom('projects')
      .innerJoin('project_members', 'project_members.project_id', 'projects.id')
      .select(['projects.id', 'projects.name', 'project_members.role'])
      .where('project_members.user_id', '=', userId)
      .where('projects.name', 'in', names)
      .orderBy('projects.created_at')
      .execute();
  }

  /**
   * The entries of a file in the named projects, plus the locked entries of the same tags in any project
   * the user is a member of: one query.
   */
  async dynamicEntries(userId: string, projectIds: string[], fileName: string): Promise<DynamicRow[]> {
    if (!projectIds.length) return [];
    return this.db
      .selectFrom('dynamic_values as dv')
      .innerJoin('projects as p', 'p.id', 'dv.project_id')
      .select(['dv.tag', 'p.name as project_name', 'dv.locked', 'dv.locked_props', 'dv.values'])
      .where('dv.project_id', 'in', (eb) =>
        eb.selectFrom('project_members').select('project_id').where('user_id', '=', userId),
      )
      .where((eb) =>
        eb.or([
          eb.and([eb('dv.project_id', 'in', projectIds), eb('dv.file_name', '=', fileName)]),
          eb.and([
            eb('dv.locked', '=', 1),
            eb(
              'dv.tag',
              'in',
              eb
                .selectFrom('dynamic_values as own')
                .select('own.tag')
                .where('own.project_id', 'in', projectIds)
                .where('own.file_name', '=', fileName),
            ),
          ]),
        ]),
      )
      .orderBy('p.name')
      .orderBy('dv.tag')
      .execute();
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

  /** Keys (project, file, tag) of the locked dynamic entries among these projects and files: one query. */
  async lockedKeys(projectIds: string[], fileNames: string[]): Promise<Set<string>> {
    if (!projectIds.length || !fileNames.length) return new Set();
    const rows = await this.db
      .selectFrom('dynamic_values')
      .select(['project_id', 'file_name', 'tag'])
      .where('project_id', 'in', projectIds)
      .where('file_name', 'in', fileNames)
      .where('locked', '=', 1)
      .execute();
    return new Set(rows.map((r) => keyOf(r.project_id, r.file_name, r.tag)));
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
    await this.db.transaction().execute(async (trx) => {
      for (let start = 0; start < history.length; start += UPSERT_BATCH)
        await trx
          .insertInto('property_value_history')
          .values(history.slice(start, start + UPSERT_BATCH))
          .execute();
      for (let start = 0; start < rows.length; start += UPSERT_BATCH) {
        await trx
          .insertInto(table)
          .values(rows.slice(start, start + UPSERT_BATCH))
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
    });
  }
}

export const keyOf = (projectId: string, fileName: string, tag: string): string =>
  JSON.stringify([projectId, fileName, tag]);
