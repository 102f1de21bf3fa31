import type { Kysely } from 'kysely';

// An issue's snapshot: the picture the viewer showed when the issue was placed, or the snapshot of an imported
// BCF topic's viewpoint. The bytes are a blob of the blob store (snapshot_hash, listed in blobReferences.ts so
// the collector keeps it); snapshot_type is 'image/png' or 'image/jpeg'. Both null for an issue without one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('issues').addColumn('snapshot_hash', 'text').execute();
  await db.schema.alterTable('issues').addColumn('snapshot_type', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('issues').dropColumn('snapshot_type').execute();
  await db.schema.alterTable('issues').dropColumn('snapshot_hash').execute();
}
