import type { Db } from '../../db/database.ts';
import type { ItemsTable } from '../../db/schema.ts';

const now = () => new Date().toISOString();

/** SQL for soft-deleted items: delete, the project's deleted list, restore. */
export class DeletedItemsRepo {
  constructor(private readonly db: Db) {}

  async softDeleteItem(id: string, userId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('items')
      .set({ deleted_at: now(), deleted_by: userId })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Brings a deleted item back; false when a live item of the same name now holds its place. */
  async restoreItem(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const item = await trx.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
      if (!item?.deleted_at) return false;
      const clash = await trx
        .selectFrom('items')
        .select('id')
        .where('folder_id', '=', item.folder_id)
        .where('name', '=', item.name)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (clash) return false;
      await trx
        .updateTable('items')
        .set({ deleted_at: null, deleted_by: null, updated_at: now() })
        .where('id', '=', id)
        .execute();
      return true;
    });
  }

  deletedItems(projectId: string): Promise<Array<ItemsTable & { deleted_by_name: string | null }>> {
    return this.db
      .selectFrom('items')
      .leftJoin('users', 'users.id', 'items.deleted_by')
      .selectAll('items')
      .select('users.name as deleted_by_name')
      .where('items.project_id', '=', projectId)
      .where('items.deleted_at', 'is not', null)
      .orderBy('items.deleted_at', 'desc')
      .execute();
  }
}
