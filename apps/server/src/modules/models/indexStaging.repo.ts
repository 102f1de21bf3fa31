/**
 * The object index of a conversion on its way to the database, in a scratch SQLite file (issue 38): the
 * conversion process writes its rows there in batches as it reads them (nothing holds the whole index in
 * memory, nor posts it to the server's thread), and the server then loads the file into model_objects in one
 * transaction (ModelsRepo.loadIndex): all of it or, if anything stops the conversion or the server first,
 * none. The file is the conversion's own: it is not the server's database and is removed once loaded.
 */
import SQLite from 'better-sqlite3';
import type { Selectable } from 'kysely';
import type { ModelObjectsTable } from '../../db/schema.ts';

export type StagedRow = Omit<Selectable<ModelObjectsTable>, 'version_id'>;

/** The columns of a staged row, in the order of the staging table (and of model_objects' insert). */
export const STAGED_COLUMNS = [
  'local_id',
  'guid',
  'parent_local_id',
  'tag',
  'category',
  'pid_class',
  'hazard',
  'properties',
  'ifc_class',
  'name',
  'predefined_type',
  'storey',
  'tag_source',
  'category_source',
  'kind',
] as const satisfies readonly (keyof StagedRow)[];

/** Rows per transaction of the scratch file, and per page read back from it. */
export const STAGING_BATCH = 2000;

/** Writes the rows of one conversion's index to a new scratch file, `STAGING_BATCH` per transaction. */
export class IndexStagingWriter {
  private readonly db: SQLite.Database;
  private readonly insert: SQLite.Statement;
  private readonly pending: unknown[][] = [];
  private rows = 0;

  constructor(readonly file: string) {
    this.db = new SQLite(file);
    // a scratch file: a crash leaves it unusable, and nothing reads it then (the job starts again)
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.exec(
      `CREATE TABLE objects (${STAGED_COLUMNS.map((c) =>
        ['local_id', 'parent_local_id', 'hazard'].includes(c)
          ? `${c} INTEGER NOT NULL`
          : `${c} TEXT NOT NULL`,
      ).join(', ')})`,
    );
    this.insert = this.db.prepare(
      `INSERT INTO objects (${STAGED_COLUMNS.join(', ')}) VALUES (${STAGED_COLUMNS.map(() => '?').join(', ')})`,
    );
  }

  add(row: StagedRow): void {
    this.pending.push(STAGED_COLUMNS.map((c) => row[c]));
    if (this.pending.length >= STAGING_BATCH) this.flush();
  }

  /** How many rows were added. */
  get count(): number {
    return this.rows + this.pending.length;
  }

  /** Writes what is pending and closes the file. */
  close(): void {
    this.flush();
    this.db.close();
  }

  private flush(): void {
    if (!this.pending.length) return;
    const batch = this.pending.splice(0);
    this.db.transaction(() => {
      for (const values of batch) this.insert.run(values);
    })();
    this.rows += batch.length;
  }
}

/** The rows of a scratch file, `STAGING_BATCH` at a time in local id order (the file is opened read-only). */
export function* stagedRowPages(file: string): Generator<StagedRow[]> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    // rows are only ever inserted, so their rowids run 1, 2, 3...
    const page = db.prepare(
      `SELECT ${STAGED_COLUMNS.join(', ')} FROM objects WHERE rowid > ? ORDER BY rowid LIMIT ${STAGING_BATCH}`,
    );
    for (let after = 0; ;) {
      const rows = page.all(after) as StagedRow[];
      if (!rows.length) return;
      yield rows;
      after += rows.length;
    }
  } finally {
    db.close();
  }
}
