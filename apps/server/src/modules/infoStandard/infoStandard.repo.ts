import { InfoStandardSchema, WATER_FRAMEWORK_STANDARD, type InfoStandard } from '@penstock/shared';
import type { Db } from '../../db/database.ts';

export interface StoredStandard {
  standard: InfoStandard;
  configured: boolean;
  relaxed: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** A project's information standard (project_info_standards) and its items' titles (item_metadata). */
export class InfoStandardRepo {
  constructor(private readonly db: Db) {}

  /** The stored standard, or the water framework default when the project has none yet. */
  async standardOf(projectId: string): Promise<StoredStandard> {
    const row = await this.db
      .selectFrom('project_info_standards')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!row)
      return {
        standard: WATER_FRAMEWORK_STANDARD,
        configured: false,
        relaxed: false,
        updatedAt: null,
        updatedBy: null,
      };
    const parsed = InfoStandardSchema.safeParse(JSON.parse(row.standard));
    return {
      standard: parsed.success ? parsed.data : WATER_FRAMEWORK_STANDARD,
      configured: true,
      relaxed: row.relaxed === 1,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
    };
  }

  async saveStandard(projectId: string, standard: InfoStandard, userId: string): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .insertInto('project_info_standards')
      .values({
        project_id: projectId,
        standard: JSON.stringify(standard),
        relaxed: 0,
        updated_at: now,
        updated_by: userId,
      })
      .onConflict((oc) =>
        oc
          .column('project_id')
          .doUpdateSet({ standard: JSON.stringify(standard), updated_at: now, updated_by: userId }),
      )
      .execute();
  }

  async saveRelaxed(projectId: string, relaxed: boolean, userId: string): Promise<void> {
    const current = await this.standardOf(projectId);
    const now = new Date().toISOString();
    await this.db
      .insertInto('project_info_standards')
      .values({
        project_id: projectId,
        standard: JSON.stringify(current.standard),
        relaxed: relaxed ? 1 : 0,
        updated_at: now,
        updated_by: userId,
      })
      .onConflict((oc) =>
        oc
          .column('project_id')
          .doUpdateSet({ relaxed: relaxed ? 1 : 0, updated_at: now, updated_by: userId }),
      )
      .execute();
  }

  async metadataOf(itemIds: readonly string[]): Promise<Map<string, { title: string; description: string }>> {
    if (!itemIds.length) return new Map();
    const rows = [];
    // IN lists in slices: SQLite allows at most 32,766 bound values
    for (let start = 0; start < itemIds.length; start += 1000)
      rows.push(
        ...(await this.db
          .selectFrom('item_metadata')
          .select(['item_id', 'title', 'description'])
          .where('item_id', 'in', itemIds.slice(start, start + 1000))
          .execute()),
      );
    return new Map(rows.map((row) => [row.item_id, { title: row.title, description: row.description }]));
  }

  async saveMetadata(itemId: string, metadata: { title: string; description: string }, userId: string) {
    const now = new Date().toISOString();
    await this.db
      .insertInto('item_metadata')
      .values({ item_id: itemId, ...metadata, updated_at: now, updated_by: userId })
      .onConflict((oc) =>
        oc.column('item_id').doUpdateSet({ ...metadata, updated_at: now, updated_by: userId }),
      )
      .execute();
  }
}
