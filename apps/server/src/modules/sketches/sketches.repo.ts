import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { PidSketchVersionsTable, PidSketchesTable } from '../../db/schema.ts';

export type SketchRow = PidSketchesTable & { updated_by_name: string | null };
export type NewSketch = Omit<PidSketchesTable, 'created_by' | 'created_at'>;
export type SketchVersionRow = Omit<PidSketchVersionsTable, 'content_json'> & {
  saved_by_name: string | null;
};

/** What a save wrote: the sketch's id and the number of the version it kept. */
export interface SavedVersion {
  overwritten: boolean;
  sketchId: string;
  number: number;
}

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
    restoredFrom: number | null = null,
  ): Promise<SavedVersion | { conflict: { updatedAt: string; updatedBy: string } }> {
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
      // the history: the content as stored now, numbered after the sketch's last version (the row written
      // above is locked until this transaction ends, so a racing save of the same sketch numbers after it)
      const saved = await current();
      if (!saved) throw new Error('The saved sketch was not found after its save');
      const last = await trx
        .selectFrom('pid_sketch_versions')
        .select((eb) => eb.fn.max('number').as('number'))
        .where('sketch_id', '=', saved.id)
        .executeTakeFirst();
      const number = Number(last?.number ?? 0) + 1;
      await trx
        .insertInto('pid_sketch_versions')
        .values({
          id: `sv.${crypto.randomUUID()}`,
          sketch_id: saved.id,
          number,
          drawing_name: sketch.drawing_name,
          content_json: sketch.content_json,
          version: sketch.version,
          bytes: sketch.bytes,
          saved_by: sketch.updated_by,
          saved_at: sketch.updated_at,
          restored_from: restoredFrom,
        })
        .execute();
      return { overwritten: !!existing, sketchId: saved.id, number };
    });
  }

  /** A sketch's history, newest first, without the content. */
  versions(sketchId: string): Promise<SketchVersionRow[]> {
    return this.db
      .selectFrom('pid_sketch_versions')
      .leftJoin('users', 'users.id', 'pid_sketch_versions.saved_by')
      .select([
        'pid_sketch_versions.id',
        'pid_sketch_versions.sketch_id',
        'pid_sketch_versions.number',
        'pid_sketch_versions.drawing_name',
        'pid_sketch_versions.version',
        'pid_sketch_versions.bytes',
        'pid_sketch_versions.saved_by',
        'pid_sketch_versions.saved_at',
        'pid_sketch_versions.restored_from',
        'users.name as saved_by_name',
      ])
      .where('pid_sketch_versions.sketch_id', '=', sketchId)
      .orderBy('pid_sketch_versions.number', 'desc')
      .execute();
  }

  /** The issues of a sketch as drawings, oldest first. */
  issues(sketchId: string) {
    return this.db
      .selectFrom('pid_sketch_issues')
      .select(['sketch_version', 'drawing_number', 'revision', 'suitability', 'sheet', 'issued_at'])
      .where('sketch_id', '=', sketchId)
      .orderBy('issued_at')
      .execute();
  }

  /** One version of a sketch, with its content. */
  version(sketchId: string, number: number): Promise<PidSketchVersionsTable | undefined> {
    return this.db
      .selectFrom('pid_sketch_versions')
      .selectAll()
      .where('sketch_id', '=', sketchId)
      .where('number', '=', number)
      .executeTakeFirst();
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
