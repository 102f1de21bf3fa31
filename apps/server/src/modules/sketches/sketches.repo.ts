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

  /** One sketch of the project by its id, with the name of who saved it last. */
  findById(projectId: string, id: string): Promise<SketchRow | undefined> {
    return this.db
      .selectFrom('pid_sketches')
      .leftJoin('users', 'users.id', 'pid_sketches.updated_by')
      .selectAll('pid_sketches')
      .select('users.name as updated_by_name')
      .where('pid_sketches.project_id', '=', projectId)
      .where('pid_sketches.id', '=', id)
      .executeTakeFirst();
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
   * created it), in one transaction; whether one was overwritten. With `expected` the write is conditional
   * (a compare-and-set, so two saves racing cannot both win): null means no sketch of that name may exist
   * yet, a time that the stored sketch was last saved at that time. When it is not, nothing is written and
   * the answer is the stored sketch's time and who saved it.
   */
  save(
    sketch: NewSketch,
    expected?: string | null,
  ): Promise<{ overwritten: boolean; id: string } | { conflict: { updatedAt: string; updatedBy: string } }> {
    return this.db.transaction().execute(async (trx) => {
      const current = () =>
        trx
          .selectFrom('pid_sketches')
          .leftJoin('users', 'users.id', 'pid_sketches.updated_by')
          .select(['pid_sketches.id', 'pid_sketches.updated_at', 'users.name as updated_by_name'])
          .where('pid_sketches.project_id', '=', sketch.project_id)
          .where('pid_sketches.base_name', '=', sketch.base_name)
          .executeTakeFirst();
      const existing = await current();
      const conflictWith = (row: NonNullable<Awaited<ReturnType<typeof current>>>) => ({
        conflict: { updatedAt: row.updated_at, updatedBy: row.updated_by_name ?? '' },
      });
      if (expected !== undefined && existing && existing.updated_at !== expected)
        return conflictWith(existing);
      const result = await trx
        .insertInto('pid_sketches')
        .values({ ...sketch, created_by: sketch.updated_by, created_at: sketch.updated_at })
        .onConflict((conflict) => {
          const target = conflict.columns(['project_id', 'base_name']);
          // a sketch expected to be new must still be new when written
          if (expected === null) return target.doNothing();
          const update = target.doUpdateSet((eb) => ({
            drawing_name: eb.ref('excluded.drawing_name'),
            content_json: eb.ref('excluded.content_json'),
            version: eb.ref('excluded.version'),
            bytes: eb.ref('excluded.bytes'),
            updated_by: eb.ref('excluded.updated_by'),
            updated_at: eb.ref('excluded.updated_at'),
          }));
          // …and one expected at a time must still be at that time
          return expected === undefined ? update : update.where('pid_sketches.updated_at', '=', expected);
        })
        .executeTakeFirst();
      if (expected !== undefined && Number(result.numInsertedOrUpdatedRows ?? 0) === 0) {
        const now = await current();
        if (now) return conflictWith(now);
      }
      return { overwritten: !!existing, id: existing?.id ?? sketch.id };
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
