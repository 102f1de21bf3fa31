import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cachedStatements, type Db } from './database.ts';
import { preparedQuery, type Arg } from './preparedQuery.ts';

const openDb = (): Db => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec(`create table folders (id text primary key, project_id text, parent_id text, name text,
      position integer, created_at text);
    insert into folders values ('f1', 'p1', null, 'WIP', 0, 't'), ('f2', 'p1', 'f1', 'Civil', 1, 't'),
      ('f3', 'p1', 'f1', 'Process', 0, 't'), ('f4', 'p2', null, 'WIP', 0, 't');`);
  return new Kysely({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) }) as Db;
};

const children = preparedQuery((db, arg: Arg<{ projectId: string; parentId: string }>) =>
  db
    .selectFrom('folders')
    .select(['id', 'name'])
    .where('project_id', '=', arg('projectId'))
    .where('parent_id', '=', arg('parentId'))
    .where('position', '<', 100)
    .orderBy('position'),
);

describe('preparedQuery', () => {
  it('runs the compiled query with each call’s arguments, keeping the values fixed in the query', async () => {
    const db = openDb();
    expect(await children.execute(db, { projectId: 'p1', parentId: 'f1' })).toEqual([
      { id: 'f3', name: 'Process' },
      { id: 'f2', name: 'Civil' },
    ]);
    expect(await children.execute(db, { projectId: 'p2', parentId: 'f1' })).toEqual([]);
    expect(await children.executeTakeFirst(db, { projectId: 'p1', parentId: 'f1' })).toEqual({
      id: 'f3',
      name: 'Process',
    });
  });

  it('compiles for each database handle, transactions included', async () => {
    const db = openDb();
    const other = openDb();
    await other.deleteFrom('folders').where('id', '=', 'f3').execute();
    expect(await children.execute(db, { projectId: 'p1', parentId: 'f1' })).toHaveLength(2);
    expect(await children.execute(other, { projectId: 'p1', parentId: 'f1' })).toHaveLength(1);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('folders').where('id', '=', 'f2').execute();
      expect(await children.execute(trx, { projectId: 'p1', parentId: 'f1' })).toHaveLength(1);
    });
  });

  it('refuses an argument that is only part of a parameter or written into the SQL', async () => {
    const partial = preparedQuery((db, arg: Arg<{ name: string }>) =>
      db
        .selectFrom('folders')
        .select('id')
        .where('name', 'like', `${arg('name')}%`),
    );
    await expect(partial.execute(openDb(), { name: 'Pro' })).rejects.toThrow(/part of a larger value/);
    const inlined = preparedQuery((db, arg: Arg<{ name: string }>) =>
      db
        .selectFrom('folders')
        .select('id')
        .where(sql.raw<boolean>(`name = '${arg('name')}'`)),
    );
    await expect(inlined.execute(openDb(), { name: 'WIP' })).rejects.toThrow(/written into the SQL/);
  });
});
