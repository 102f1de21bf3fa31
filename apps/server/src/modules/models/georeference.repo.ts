/**
 * model_georeferences: where each converted model version sits in the world (its IfcMapConversion, its
 * IfcSite's location), written with the conversion's result and read with the model information.
 */
import type { Kysely, Transaction } from 'kysely';
import { ModelGeoreferenceSchema, type ModelGeoreference } from '@penstock/shared';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Replace a version's georeference (none: its row goes), inside the caller's transaction. */
export async function writeGeoreference(
  db: Executor,
  versionId: string,
  georeference: ModelGeoreference | null,
): Promise<void> {
  await db.deleteFrom('model_georeferences').where('version_id', '=', versionId).execute();
  if (!georeference) return;
  await db
    .insertInto('model_georeferences')
    .values({
      version_id: versionId,
      georeference: JSON.stringify(georeference),
      created_at: new Date().toISOString(),
    })
    .execute();
}

export class GeoreferenceRepo {
  constructor(private readonly db: Db) {}

  /** A version's georeference, or null (none read, or a stored one that no longer fits the contract). */
  async of(versionId: string): Promise<ModelGeoreference | null> {
    const row = await this.db
      .selectFrom('model_georeferences')
      .select('georeference')
      .where('version_id', '=', versionId)
      .executeTakeFirst();
    if (!row) return null;
    try {
      const parsed = ModelGeoreferenceSchema.safeParse(JSON.parse(row.georeference));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  write(versionId: string, georeference: ModelGeoreference | null): Promise<void> {
    return writeGeoreference(this.db, versionId, georeference);
  }
}
