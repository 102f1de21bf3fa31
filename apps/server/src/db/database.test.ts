import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachedStatements, withoutReplanningOnBind } from './database.ts';

describe('withoutReplanningOnBind', () => {
  it('writes each parameter as +?', () => {
    expect(withoutReplanningOnBind('select * from "t" where "a" = ? and "b" in (?, ?) limit ?')).toBe(
      'select * from "t" where "a" = +? and "b" in (+?, +?) limit +?',
    );
    expect(withoutReplanningOnBind('insert into t (a, b) values (?, ?)')).toBe(
      'insert into t (a, b) values (+?, +?)',
    );
  });

  it('leaves question marks in literals, quoted names and comments alone', () => {
    expect(withoutReplanningOnBind(`select 'why?', 'it''s ?', "col?", \`c?\`, [d?] from t where x = ?`)).toBe(
      `select 'why?', 'it''s ?', "col?", \`c?\`, [d?] from t where x = +?`,
    );
    expect(withoutReplanningOnBind('select 1 -- is it?\nwhere x = ? /* or ? */ and y = ?')).toBe(
      'select 1 -- is it?\nwhere x = +? /* or ? */ and y = +?',
    );
    expect(withoutReplanningOnBind("select 'unterminated ?")).toBe("select 'unterminated ?");
  });
});

describe('cachedStatements', () => {
  const open = () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec(`create table t (id text primary key, n integer, r real, b blob, s text collate nocase);
      create index t_s on t (s);
      insert into t values ('a', 1, 1.5, x'00ff', 'Alpha'), ('b', 0, null, null, 'beta'), ('c', 2, -3, x'', 'Gamma');`);
    return { sqlite, prepare: cachedStatements(sqlite).prepare };
  };

  it('answers as the bare parameters do, for every type, with the same indexes', () => {
    const { sqlite, prepare } = open();
    const cases: Array<[string, unknown[]]> = [
      ['select id from t where n = ? order by id', [1]],
      ['select id from t where n = ? order by id', [0]],
      ['select id from t where n = ? order by id', ['1']],
      ['select id from t where r = ? order by id', [1.5]],
      ['select id from t where b = ? order by id', [Buffer.from([0, 255])]],
      ['select id from t where s = ? order by id', ['ALPHA']],
      ['select id from t where b is ? order by id', [null]],
      ['select id from t where id in (?, ?) order by s limit ?', ['a', 'c', 1]],
      ['select a.id, b.id as other from t a join t b on b.n = a.n + ? where a.id = ?', [1, 'b']],
    ];
    for (const [sql, args] of cases)
      expect(prepare(sql).all(args), `${sql} ${JSON.stringify(args)}`).toEqual(
        sqlite.prepare(sql).all(...args),
      );
    const plan = (sql: string) =>
      (sqlite.prepare(`explain query plan ${sql}`).all('x') as Array<{ detail: string }>).map(
        (r) => r.detail,
      );
    expect(plan(withoutReplanningOnBind('select id from t where s = ? order by id'))).toEqual(
      plan('select id from t where s = ? order by id'),
    );
  });

  it('keeps one statement per SQL text', () => {
    const { prepare } = open();
    expect(prepare('select id from t where n = ?')).toBe(prepare('select id from t where n = ?'));
  });
});
