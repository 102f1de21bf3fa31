import type { Db } from '../../db/database.ts';
import type { FeedbackTable } from '../../db/schema.ts';

export type FeedbackRow = FeedbackTable & { current_user_name: string | null };
export type NewFeedback = Omit<
  FeedbackTable,
  'comment' | 'is_faq' | 'is_critical' | 'version' | 'updated_by'
>;

export interface ReviewChange {
  id: string;
  feature: string;
  comment: string;
  is_faq: number;
  is_critical: number;
  /** the version being replaced: the row is written only if it is still that one */
  fromVersion: number;
  updated_at: string;
  updated_by: string;
}

/** SQL for feedback: the list (all, or the FAQ), a new item, and a reviewer's changes and deletions. */
export class FeedbackRepo {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with a repo bound to it. */
  transaction<T>(work: (repo: FeedbackRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new FeedbackRepo(trx)));
  }

  /** Every item (or only those flagged as FAQ), newest first, with the giver's current name. */
  list(options: { faqOnly: boolean }): Promise<FeedbackRow[]> {
    let query = this.db
      .selectFrom('feedback')
      .leftJoin('users', 'users.id', 'feedback.user_id')
      .selectAll('feedback')
      .select('users.name as current_user_name');
    if (options.faqOnly) query = query.where('feedback.is_faq', '=', 1);
    return query.orderBy('feedback.created_at', 'desc').orderBy('feedback.id').execute();
  }

  async find(id: string): Promise<FeedbackRow | undefined> {
    return this.db
      .selectFrom('feedback')
      .leftJoin('users', 'users.id', 'feedback.user_id')
      .selectAll('feedback')
      .select('users.name as current_user_name')
      .where('feedback.id', '=', id)
      .executeTakeFirst();
  }

  async insert(item: NewFeedback): Promise<void> {
    await this.db
      .insertInto('feedback')
      .values({ ...item, comment: '', is_faq: 0, is_critical: 0, version: 1, updated_by: null })
      .execute();
  }

  /** The review fields of the rows with these ids (those that still exist). */
  reviewStates(
    ids: readonly string[],
  ): Promise<Pick<FeedbackTable, 'id' | 'feature' | 'comment' | 'is_faq' | 'is_critical' | 'version'>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('feedback')
      .select(['id', 'feature', 'comment', 'is_faq', 'is_critical', 'version'])
      .where('id', 'in', [...ids])
      .execute();
  }

  /** How many rows there are besides these. */
  async countExcept(ids: readonly string[]): Promise<number> {
    let query = this.db.selectFrom('feedback').select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (ids.length) query = query.where('id', 'not in', [...ids]);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Writes a review change if the row is still at `fromVersion`; whether it was written. */
  async applyReview(change: ReviewChange): Promise<boolean> {
    const result = await this.db
      .updateTable('feedback')
      .set((eb) => ({
        feature: change.feature,
        comment: change.comment,
        is_faq: change.is_faq,
        is_critical: change.is_critical,
        version: eb('version', '+', 1),
        updated_at: change.updated_at,
        updated_by: change.updated_by,
      }))
      .where('id', '=', change.id)
      .where('version', '=', change.fromVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes the rows with these ids; how many there were. */
  async delete(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .deleteFrom('feedback')
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
