import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The database answers a trivial query. */
export class HealthRepo {
  constructor(private readonly db: Db) {}

  async databaseAnswers(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }
}
