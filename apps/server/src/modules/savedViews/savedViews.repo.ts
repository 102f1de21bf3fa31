import type { Kysely } from 'kysely';
import type { Database, SavedViewsTable } from '../../db/schema.ts';

export type SavedViewRow = SavedViewsTable;

/** A view with what the team's list shows of its model version and author (no state). */
export interface SavedViewListRow extends Omit<SavedViewRow, 'state' | 'name_key'> {
  item_id: string;
  file_name: string;
  version_number: number;
  revision: string;
  suitability: string;
  /** null when the author's account is not found */
  created_by_name: string | null;
}

/** A view with its state, to open. */
export type SavedViewFullRow = SavedViewListRow & { state: string };

/** The SQL of saved views (issue 33 §1): the only place that knows the saved_views table. */
export class SavedViewsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private withModel() {
    return this.db
      .selectFrom('saved_views')
      .innerJoin('versions', 'versions.id', 'saved_views.version_id')
      .leftJoin('users', 'users.id', 'saved_views.created_by')
      .select([
        'saved_views.id',
        'saved_views.project_id',
        'saved_views.name',
        'saved_views.version_id',
        'saved_views.created_by',
        'saved_views.created_at',
        'saved_views.updated_at',
        'versions.item_id',
        'versions.file_name',
        'versions.number as version_number',
        'versions.revision',
        'versions.suitability',
        'users.name as created_by_name',
      ]);
  }

  /** The project's views by name (as compared: whatever the capitals), without their states. */
  listOfProject(projectId: string): Promise<SavedViewListRow[]> {
    return this.withModel()
      .where('saved_views.project_id', '=', projectId)
      .orderBy('saved_views.name_key')
      .orderBy('saved_views.id')
      .execute();
  }

  find(id: string): Promise<SavedViewFullRow | undefined> {
    return this.withModel().select('saved_views.state').where('saved_views.id', '=', id).executeTakeFirst();
  }

  /** Which of these version ids are model versions (converted IFC files) of the project's live items. */
  async modelVersionsOf(projectId: string, versionIds: readonly string[]): Promise<Set<string>> {
    if (versionIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('versions')
      .innerJoin('items', 'items.id', 'versions.item_id')
      .innerJoin('conversions', 'conversions.version_id', 'versions.id')
      .select('versions.id')
      .where('items.project_id', '=', projectId)
      .where('items.deleted_at', 'is', null)
      .where('versions.id', 'in', [...new Set(versionIds)])
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Throws the database's unique violation when the project has a view of that name already. */
  async insert(row: SavedViewRow): Promise<void> {
    await this.db.insertInto('saved_views').values(row).execute();
  }

  /** Throws the database's unique violation when the new name is another view's of the project. */
  async update(
    id: string,
    patch: Partial<Pick<SavedViewRow, 'name' | 'name_key' | 'state' | 'updated_at'>>,
  ): Promise<void> {
    await this.db.updateTable('saved_views').set(patch).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('saved_views').where('id', '=', id).execute();
  }
}
