import { OPEN_WORKFLOW_STATUSES } from '@penstock/shared';
import type { Db } from '../../db/database.ts';

const now = () => new Date().toISOString();

export interface HoldRow {
  item_id: string;
  created_by_name: string;
  created_at: string;
}

export type MoveOutcome = 'moved' | 'gone' | 'clash';

/**
 * SQL for document control: the open workflows that hold items, and a move, which changes an item's folder
 * in place so that the item, its versions and everything that points at them (issues, markups, workflows,
 * conversions) keep their ids.
 */
export class DocumentControlRepo {
  constructor(private readonly db: Db) {}

  /** The open workflow of each of these items that has one. */
  async holdsOf(itemIds: readonly string[]): Promise<HoldRow[]> {
    if (!itemIds.length) return [];
    return this.db
      .selectFrom('workflows')
      .select(['item_id', 'created_by_name', 'created_at'])
      .where('item_id', 'in', [...itemIds])
      .where('status', 'in', [...OPEN_WORKFLOW_STATUSES])
      .orderBy('created_at')
      .execute();
  }

  /** The open workflows of a project's items (the Workflow panel's structure marks them). */
  holdsInProject(projectId: string): Promise<HoldRow[]> {
    return this.db
      .selectFrom('workflows')
      .select(['item_id', 'created_by_name', 'created_at'])
      .where('project_id', '=', projectId)
      .where('status', 'in', [...OPEN_WORKFLOW_STATUSES])
      .execute();
  }

  /** The live item of this name in this folder, if any (a new upload of that name is its next version). */
  liveItemNamed(folderId: string, name: string) {
    return this.db
      .selectFrom('items')
      .select(['id', 'name'])
      .where('folder_id', '=', folderId)
      .where('name', '=', name)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Moves a live item into another folder of its project in one transaction: 'clash' when a live item of
   * the same name is there already (nothing changes), 'gone' when the item was deleted meanwhile.
   */
  moveItem(itemId: string, folderId: string): Promise<MoveOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const item = await trx
        .selectFrom('items')
        .select(['id', 'name'])
        .where('id', '=', itemId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!item) return 'gone';
      const clash = await trx
        .selectFrom('items')
        .select('id')
        .where('folder_id', '=', folderId)
        .where('name', '=', item.name)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (clash) return 'clash';
      await trx
        .updateTable('items')
        .set({ folder_id: folderId, updated_at: now() })
        .where('id', '=', itemId)
        .execute();
      return 'moved';
    });
  }
}
