import type { ProjectRole } from '@penstock/shared';
import type { Db } from '../../db/database.ts';
import { fromJson, jsonArrayFrom } from '../../db/json.ts';
import type { MarkupItemsTable, MarkupsTable } from '../../db/schema.ts';
import { preparedQuery, type Arg } from '../../db/preparedQuery.ts';
import { membershipRoleOf, readRole } from '../../security/access.repo.ts';
import { readSessionColumns, sessionColumns, sessionUserId, type SessionWithUser } from '../auth/index.ts';

export type MarkupRow = MarkupsTable;
export type MarkupItemRow = MarkupItemsTable;

const MARKUP_COLUMNS = [
  'id',
  'project_id',
  'project_name',
  'document_id',
  'item_id',
  'document_name',
  'created_date',
  'created_by_user_id',
  'created_by_name',
  'created_for',
  'actioned',
  'title',
  'updated_at',
] as const;
const ITEM_COLUMNS = [
  'id',
  'markup_id',
  'position',
  'title',
  'data',
  'state',
  'image_hash',
  'image_type',
  'document_name',
  'document_version',
  'user_name',
  'created',
  'created_for',
  'actioned',
] as const;

/**
 * getMarkups in one statement, one round trip on PostgreSQL (issue 38): the session with its user and roles,
 * the user's role in the project (for requireAccess), the document's markups and their drawings, each list a
 * JSON array (db/json.ts). Always one row.
 */
const markupsForAskerQuery = preparedQuery(
  (db, arg: Arg<{ sessionId: string; projectId: string; documentId: string }>) =>
    db.selectNoFrom((eb) => {
      const ofDocument = eb
        .selectFrom('markups')
        .where('project_id', '=', arg('projectId'))
        .where((w) => w.or([w('document_id', '=', arg('documentId')), w('item_id', '=', arg('documentId'))]));
      return [
        ...sessionColumns(db, eb, arg('sessionId')),
        membershipRoleOf(eb, arg('projectId'), sessionUserId(eb, arg('sessionId'))).as('member_role'),
        jsonArrayFrom(db, ofDocument.select(MARKUP_COLUMNS).orderBy('updated_at', 'desc').orderBy('id')).as(
          'markups',
        ),
        jsonArrayFrom(
          db,
          eb
            .selectFrom('markup_items')
            .select(ITEM_COLUMNS)
            .where('markup_id', 'in', ofDocument.select('markups.id'))
            .orderBy('markup_id')
            .orderBy('position'),
        ).as('items'),
      ];
    }),
);

/** What getMarkups reads in its one statement. */
export interface MarkupsForAsker {
  /** the session that asks (not yet checked: SessionAsker.settle) */
  session: SessionWithUser | undefined;
  /** the session's user's role in the project (undefined: not a member) */
  memberRole: ProjectRole | undefined;
  markups: MarkupRow[];
  /** the markups' drawings, by markup and position */
  items: MarkupItemRow[];
}

export class MarkupsRepo {
  constructor(private readonly db: Db) {}

  /** A document's markups with their drawings, the session and the role: one statement (see the query). */
  async listForAsker(sessionId: string, projectId: string, documentId: string): Promise<MarkupsForAsker> {
    const row = (await markupsForAskerQuery.executeTakeFirst(this.db, { sessionId, projectId, documentId }))!;
    return {
      session: readSessionColumns(row),
      memberRole: readRole(row.member_role),
      markups: fromJson(row.markups) ?? [],
      items: fromJson(row.items) ?? [],
    };
  }

  /** The personal hub: markups the user made (My Markups) or that wait for them (Pending Review). */
  forHub(
    which: 'created' | 'pending',
    user: { id: string; email: string },
    projectIds: readonly string[] | null,
  ): Promise<MarkupRow[]> {
    if (projectIds && !projectIds.length) return Promise.resolve([]);
    let query = this.db.selectFrom('markups').selectAll();
    if (which === 'created') query = query.where('created_by_user_id', '=', user.id);
    else
      query = query
        .where((eb) =>
          eb.or([
            eb('created_for', '=', user.id),
            eb(eb.fn('lower', ['created_for']), '=', user.email.toLowerCase()),
          ]),
        )
        .where('actioned', '=', 0);
    if (projectIds) query = query.where('project_id', 'in', [...projectIds]);
    return query.orderBy('created_date', 'desc').orderBy('id').execute();
  }

  find(id: string): Promise<MarkupRow | undefined> {
    return this.db.selectFrom('markups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async itemsOf(markupIds: readonly string[]): Promise<MarkupItemRow[]> {
    if (markupIds.length === 0) return [];
    return this.db
      .selectFrom('markup_items')
      .selectAll()
      .where('markup_id', 'in', [...markupIds])
      .orderBy('position')
      .execute();
  }

  async findItem(id: string): Promise<(MarkupItemRow & { project_id: string }) | undefined> {
    return this.db
      .selectFrom('markup_items')
      .innerJoin('markups', 'markups.id', 'markup_items.markup_id')
      .selectAll('markup_items')
      .select('markups.project_id')
      .where('markup_items.id', '=', id)
      .executeTakeFirst();
  }

  /** Writes a markup and its items (replacing any items it had) in one transaction. */
  async save(markup: MarkupRow, items: readonly MarkupItemRow[], isNew: boolean): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (isNew) await trx.insertInto('markups').values(markup).execute();
      else {
        const { id, ...rest } = markup;
        await trx.updateTable('markups').set(rest).where('id', '=', id).execute();
        await trx.deleteFrom('markup_items').where('markup_id', '=', id).execute();
      }
      if (items.length)
        await trx
          .insertInto('markup_items')
          .values([...items])
          .execute();
    });
  }
}
