import type { Kysely } from 'kysely';

/**
 * The item table of a converted model (which object each geometry item of the .frag draws: GET
 * /api/models/:versionId/items), written as a blob by the conversion beside the .frag. Worked out from the
 * .frag on the first request instead (as models converted before this still are), it inflated 33 MB on
 * the server while the browser loaded the same model, and took 1 to 3 s of a 2-core machine's CPU from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').addColumn('items_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversions').dropColumn('items_hash').execute();
}
