import type { Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/**
 * SQL of the demo seed: whether the database is empty, and the one transaction every row of the seed is
 * written in (a seed cut off half way leaves no row, so the next start seeds again from an empty database).
 */
export class SeedRepo {
  constructor(private readonly db: Db) {}

  /** No user and no project: a new installation. */
  async isEmpty(): Promise<boolean> {
    const [users, projects] = await Promise.all([
      this.db.selectFrom('users').select('id').limit(1).execute(),
      this.db.selectFrom('projects').select('id').limit(1).execute(),
    ]);
    return users.length === 0 && projects.length === 0;
  }

  /**
   * Runs `work` in one transaction. `work` gets a handle on it whose `transaction()` joins it instead of
   * opening another, so the repositories and services the seed writes through (each opens a transaction of
   * its own for its writes) all write into this one: the seed commits whole, or not at all.
   */
  inOneTransaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(joining(trx)));
  }
}

/** The transaction, where `transaction().execute(work)` runs `work` in it (Kysely refuses nested ones). */
function joining(trx: Transaction<Database>): Db {
  const handle: Db = new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') {
        const builder = {
          execute: <R>(work: (inner: Transaction<Database>) => Promise<R>) =>
            work(handle as Transaction<Database>),
          setIsolationLevel: () => builder,
          setAccessMode: () => builder,
        };
        return () => builder;
      }
      // Kysely keeps its state in private fields: call its methods on the transaction itself
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return handle;
}
