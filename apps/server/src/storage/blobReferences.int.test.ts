import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../seed/demo.ts';
import { createTestPenstock, testDatabases, type TestPenstock, penstockTables } from '../test/harness.ts';
import { BLOB_CATALOGUE, BLOB_REFERENCES, NOT_BLOB_HASHES } from './blobReferences.ts';

/**
 * Safety of the orphan collector: it deletes every stored blob that no column of BLOB_REFERENCES names, so a
 * column that holds blob hashes and is not listed would lose its files. These fail when the schema has one.
 */
const known = new Set(
  [...BLOB_REFERENCES, BLOB_CATALOGUE, ...NOT_BLOB_HASHES].map((ref) => `${ref.table}.${ref.column}`),
);
const references = new Set([...BLOB_REFERENCES, BLOB_CATALOGUE].map((ref) => `${ref.table}.${ref.column}`));
/** a column named like this probably holds a hash, a digest or a file */
const HASH_LIKE = /hash|sha\d*|digest|blob|checksum|frag|file_id|content_id/i;

describe('the schema source names no blob column the collector does not know', () => {
  it('every *_hash field of schema.ts is listed', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, '../db/schema.ts'), 'utf8');
    // `interface VersionsTable {...}` and, in `interface Database`, `versions: VersionsTable;`
    const tableOf = new Map(
      [...source.matchAll(/^\s+(\w+): (\w+Table);$/gm)].map(([, table, type]) => [type!, table!]),
    );
    const found: string[] = [];
    for (const [, type, body] of source.matchAll(/export interface (\w+Table) \{([\s\S]*?)\n\}/g)) {
      for (const [, field] of body!.matchAll(/^\s+(\w+)\??:/gm)) {
        if (!HASH_LIKE.test(field!)) continue;
        for (const [table, tableType] of [...tableOf].map(([t, name]) => [name, t] as const))
          if (tableType === type) found.push(`${table}.${field}`);
      }
    }
    expect(found.length).toBeGreaterThanOrEqual(BLOB_REFERENCES.length);
    expect(found.filter((column) => !known.has(column))).toEqual([]);
  });
});

describe.each(await testDatabases())(
  'the live %s database holds no blob column the collector does not know',
  (kind) => {
    let penstock: TestPenstock;
    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      await seedDemoIfEmpty(penstock, { demoModelSizes: [40, 60] });
      await penstock.jobs.idle();
    }, 120_000);
    afterAll(() => penstock.destroy());

    const columns = async () => {
      const tables = await penstockTables(penstock.database.db);
      return tables.flatMap((table) =>
        table.columns.map((column) => ({ table: table.name, column: column.name, type: column.dataType })),
      );
    };

    it('every listed reference is a column of the migrated database', async () => {
      const live = new Set((await columns()).map((c) => `${c.table}.${c.column}`));
      for (const column of [...known]) expect(live.has(column), column).toBe(true);
    });

    it('every column named like a hash is listed', async () => {
      const hashLike = (await columns())
        .filter((c) => HASH_LIKE.test(c.column))
        .map((c) => `${c.table}.${c.column}`);
      expect(hashLike.filter((column) => !known.has(column))).toEqual([]);
    });

    it('every foreign key to the blob catalogue is listed', async () => {
      const db = penstock.database.db;
      const foreign =
        kind === 'sqlite'
          ? (
              await Promise.all(
                (await penstockTables(db)).map(async (table) => {
                  const { rows } = await sql<{
                    table: string;
                    from: string;
                    to: string;
                  }>`select * from pragma_foreign_key_list(${table.name})`.execute(db);
                  return rows
                    .filter((row) => row.table === BLOB_CATALOGUE.table)
                    .map((row) => `${table.name}.${row.from}`);
                }),
              )
            ).flat()
          : (
              await sql<{ source: string }>`
              select kcu.table_name || '.' || kcu.column_name as source
              from information_schema.referential_constraints rc
              join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name
              join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
              where ccu.table_name = ${BLOB_CATALOGUE.table}`.execute(db)
            ).rows.map((row) => row.source);
      expect(foreign.length).toBeGreaterThanOrEqual(3);
      expect(foreign.filter((column) => !references.has(column))).toEqual([]);
    });

    it('in a database with the demo and its converted models, stored hashes appear only in listed columns', async () => {
      const storedHashes = new Set<string>();
      for await (const blob of penstock.blobs.list()) storedHashes.add(blob.hash);
      expect(storedHashes.size).toBeGreaterThan(10);
      const db = penstock.database.db;
      const where = new Map<string, number>();
      for (const { table, column, type } of await columns()) {
        if (!/text|char|json/i.test(type)) continue;
        const { rows } = await sql<{
          value: string | null;
        }>`select ${sql.ref(column)} as value from ${sql.table(table)}`.execute(db);
        for (const { value } of rows)
          for (const [hash] of String(value ?? '').matchAll(/[0-9a-f]{64}/g))
            if (storedHashes.has(hash!))
              where.set(`${table}.${column}`, (where.get(`${table}.${column}`) ?? 0) + 1);
      }
      // the demo names blobs from versions, conversions, training material and supplier logos at least
      for (const column of [
        'versions.blob_hash',
        'conversions.frag_hash',
        'training_courses.material_hash',
        'sdc_submissions.logo_hash',
      ])
        expect(where.get(column), column).toBeGreaterThan(0);
      expect([...where.keys()].filter((column) => !references.has(column))).toEqual([]);
      // and nothing the demo stored is an orphan
      expect((await penstock.blobCollector.orphans(0)).removed).toEqual([]);
    }, 60_000);
  },
);
