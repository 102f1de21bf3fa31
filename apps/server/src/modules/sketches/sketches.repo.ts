import type { Db } from '../../db/database.ts';
import type { PidSketchesTable } from '../../db/schema.ts';

export type SketchRow = PidSketchesTable & { updated_by_name: string | null };
export type NewSketch = Omit<PidSketchesTable, 'created_by' | 'created_at'>;

/** SQL for P&ID sketches: a project's list, save (insert or overwrite by base name) and delete. */
export class SketchesRepo {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with a repo bound to it. */
  transaction<T>(work: (repo: SketchesRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new SketchesRepo(trx)));
  }

  /** The project's sketches, newest first, with the name of who saved each last. */
  list(projectId: string): Promise<SketchRow[]> {
    return this.db
      .selectFrom('pid_sketches')
      .leftJoin('users', 'users.id', 'pid_sketches.updated_by')
      .selectAll('pid_sketches')
      .select('users.name as updated_by_name')
      .where('pid_sketches.project_id', '=', projectId)
      .orderBy('pid_sketches.updated_at', 'desc')
      .orderBy('pid_sketches.drawing_name')
      .execute();
  }

  async drawingNames(projectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('pid_sketches')
      .select('drawing_name')
      .where('project_id', '=', projectId)
      .execute();
    return rows.map((row) => row.drawing_name);
  }

  /**
   * Inserts the sketch, or overwrites the project's sketch of the same base name (keeping its id and who
   * created it), in one transaction; whether one was overwritten.
   */
  save(sketch: NewSketch): Promise<{ overwritten: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('pid_sketches')
        .select('id')
        .where('project_id', '=', sketch.project_id)
        .where('base_name', '=', sketch.base_name)
        .executeTakeFirst();
      await trx
        .insertInto('pid_sketches')
        .values({ ...sketch, created_by: sketch.updated_by, created_at: sketch.updated_at })
        .onConflict((conflict) =>
          conflict.columns(['project_id', 'base_name']).doUpdateSet((eb) => ({
            drawing_name: eb.ref('excluded.drawing_name'),
            content_json: eb.ref('excluded.content_json'),
            version: eb.ref('excluded.version'),
            bytes: eb.ref('excluded.bytes'),
            updated_by: eb.ref('excluded.updated_by'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
      return { overwritten: !!existing };
    });
  }

  /** Deletes the project's sketch of that exact name; whether there was one. */
  async delete(projectId: string, drawingName: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('pid_sketches')
      .where('project_id', '=', projectId)
      .where('drawing_name', '=', drawingName)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
