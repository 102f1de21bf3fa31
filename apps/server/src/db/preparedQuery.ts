import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

type AnyDb = Kysely<Database>;

/** The stand-in for a prepared query's named arguments: `arg('id')`. */
export type Arg<Args> = <K extends keyof Args>(name: K) => Args[K];

/** Where the compiled query's parameters come from: a named argument, or a value fixed in the query. */
type Slot<Args> = { arg: keyof Args } | { value: unknown };

interface Compiled<Args> {
  base: CompiledQuery;
  slots: Array<Slot<Args>>;
}

const MARK = '\u0000penstock-argument:';

/** The SQL of every prepared query compiled so far, with the name PostgreSQL keeps it under. */
const statementNames = new Map<string, string>();

/**
 * The name a prepared query's statement is kept under on each PostgreSQL connection (db/database.ts sends it
 * with the query: PostgreSQL parses it once per connection and, after a few runs, plans it once), or undefined
 * for any other SQL (built per call: an `in` list of any length would make statements without end).
 */
export const preparedStatementName = (sql: string): string | undefined => statementNames.get(sql);
const placeholder = (name: PropertyKey) => `${MARK}${String(name)}\u0000`;

/**
 * A query that Kysely builds and compiles once per database handle, then runs with new arguments (Kysely's
 * "execute compiled queries" recipe). Building and compiling a query with Kysely costs 15 to 40 µs, several
 * times what SQLite takes to answer a lookup by key; the queries every request runs (the session, the tree)
 * pay it once.
 *
 * `build` receives `arg(name)`, a stand-in for each argument (typed `Arg<{ name: string }>`, from which the
 * arguments' types are inferred, and the rows' type from the query); its shape must not depend on the argument
 * values (a query that does, `is null` against `= ?`, or `in` over a list of any length, is two queries or
 * stays built per call), and each argument must be a whole parameter value (a string, number or null),
 * never part of one. Both are checked when it is compiled.
 */
export function preparedQuery<Args extends Record<string, unknown>, Row>(
  build: (db: AnyDb, arg: Arg<Args>) => Compilable<Row>,
) {
  // per database handle: a transaction is another handle, and compiles it again
  const compiledFor = new WeakMap<AnyDb, Compiled<Args>>();

  const compile = (db: AnyDb): Compiled<Args> => {
    const base = build(db, (name) => placeholder(name) as never).compile();
    if (base.sql.includes(MARK))
      throw new Error(`preparedQuery: an argument was written into the SQL text: ${base.sql}`);
    const slots = base.parameters.map((value): Slot<Args> => {
      if (typeof value !== 'string' || !value.includes(MARK)) return { value };
      if (!value.startsWith(MARK) || !value.endsWith('\u0000') || value.indexOf(MARK, 1) >= 0)
        throw new Error(`preparedQuery: an argument is part of a larger value in ${base.sql}`);
      return { arg: value.slice(MARK.length, -1) as keyof Args };
    });
    if (!statementNames.has(base.sql)) statementNames.set(base.sql, `penstock_${statementNames.size + 1}`);
    return { base, slots };
  };

  const execute = async (db: AnyDb, args: Args): Promise<Row[]> => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = compile(db);
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const result = await db.executeQuery<Row>({ ...compiled.base, parameters } as CompiledQuery<Row>);
    return result.rows;
  };

  return {
    execute,
    async executeTakeFirst(db: AnyDb, args: Args): Promise<Row | undefined> {
      return (await execute(db, args))[0];
    },
  };
}
