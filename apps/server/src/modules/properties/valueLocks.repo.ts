import type { Db } from '../../db/database.ts';
import type { PropertyValueHistoryTable } from '../../db/schema.ts';

/** An object's stored dynamic values with their lock state. */
export interface StoredLockRow {
  project_id: string;
  file_name: string;
  tag: string;
  category: string;
  locked: number;
  /** JSON text of the names locked one by one */
  locked_props: string;
  /** JSON text of [{propName, propValue}] */
  values: string;
}

export interface LockWrite {
  projectId: string;
  fileName: string;
  tag: string;
  guid: string;
  category: string;
  locked: boolean;
  lockedProps: string[];
  userId: string;
  at: string;
}

export type HistoryLine = Omit<PropertyValueHistoryTable, 'id'>;

/** SQL for the locks of dynamic values and their history. */
export class ValueLocksRepo {
  constructor(private readonly db: Db) {}

  /** The object's stored row, or undefined when it has no dynamic values yet. */
  lockRow(projectId: string, fileName: string, tag: string): Promise<StoredLockRow | undefined> {
    return this.db
      .selectFrom('dynamic_values')
      .select(['project_id', 'file_name', 'tag', 'category', 'locked', 'locked_props', 'values'])
      .where('project_id', '=', projectId)
      .where('file_name', '=', fileName)
      .where('tag', '=', tag)
      .executeTakeFirst();
  }

  /**
   * Writes the object's lock state and its history line in one transaction. An object without stored
   * values gets an empty row, so the lock holds when values are first saved.
   */
  async setLock(write: LockWrite, line: HistoryLine): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const lockedProps = JSON.stringify(write.lockedProps);
      const locked = write.locked ? 1 : 0;
      await trx
        .insertInto('dynamic_values')
        .values({
          project_id: write.projectId,
          file_name: write.fileName,
          tag: write.tag,
          guid: write.guid,
          category: write.category,
          locked,
          locked_props: lockedProps,
          values: '[]',
          updated_by: write.userId,
          updated_at: write.at,
        })
        .onConflict((oc) =>
          oc.columns(['project_id', 'file_name', 'tag']).doUpdateSet({ locked, locked_props: lockedProps }),
        )
        .execute();
      await trx
        .insertInto('property_value_history')
        .values({ ...line, id: `pvh.${crypto.randomUUID()}` })
        .execute();
    });
  }

  /** The object's history, oldest first. */
  history(projectId: string, fileName: string, tag: string): Promise<PropertyValueHistoryTable[]> {
    return this.db
      .selectFrom('property_value_history')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('file_name', '=', fileName)
      .where('tag', '=', tag)
      .orderBy('at')
      .orderBy('id')
      .execute();
  }
}
