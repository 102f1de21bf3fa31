import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { BLOB_CATALOGUE, BLOB_REFERENCES } from './blobReferences.ts';

/** `<table>.<column> = blobs.hash` exists for none of the references. */
const unreferencedCatalogueRow = sql.join(
  BLOB_REFERENCES.map(
    (ref) =>
      sql`not exists (select 1 from ${sql.table(ref.table)} where ${sql.ref(`${ref.table}.${ref.column}`)} = ${sql.ref(`${BLOB_CATALOGUE.table}.${BLOB_CATALOGUE.column}`)})`,
  ),
  sql` and `,
);

/** SQL of the orphan blob collector: which hashes the database names, and the blob catalogue's rows. */
export class BlobCollectorRepo {
  constructor(private readonly db: Db) {}

  /** Every hash a reference column names (BLOB_REFERENCES), once each. */
  async referencedHashes(): Promise<Set<string>> {
    const selects = BLOB_REFERENCES.map(
      (ref) =>
        sql`select ${sql.ref(ref.column)} as hash from ${sql.table(ref.table)} where ${sql.ref(ref.column)} is not null`,
    );
    const { rows } = await sql<{ hash: string }>`${sql.join(selects, sql` union `)}`.execute(this.db);
    return new Set(rows.map((row) => row.hash));
  }

  /** The catalogue's hashes that no reference column names. */
  async unreferencedCatalogueHashes(): Promise<string[]> {
    const { rows } = await sql<{
      hash: string;
    }>`select ${sql.ref(BLOB_CATALOGUE.column)} as hash from ${sql.table(
      BLOB_CATALOGUE.table,
    )} where ${unreferencedCatalogueRow}`.execute(this.db);
    return rows.map((row) => row.hash);
  }

  /**
   * Deletes a catalogue row if, at that moment, still nothing names its blob (checked in the same
   * statement; the foreign keys refuse it too); whether it was deleted.
   */
  async deleteCatalogueRow(hash: string): Promise<boolean> {
    const result = await sql`delete from ${sql.table(BLOB_CATALOGUE.table)} where ${sql.ref(
      `${BLOB_CATALOGUE.table}.${BLOB_CATALOGUE.column}`,
    )} = ${hash} and ${unreferencedCatalogueRow}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0) > 0;
  }

  /** Whether a catalogue row exists for the hash (for the tests and the fault script). */
  async catalogued(hash: string): Promise<boolean> {
    const row = await this.db.selectFrom('blobs').select('hash').where('hash', '=', hash).executeTakeFirst();
    return !!row;
  }
}
