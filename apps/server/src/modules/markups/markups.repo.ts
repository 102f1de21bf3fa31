import type { Kysely } from 'kysely';
import type { Database, MarkupItemsTable, MarkupsTable } from '../../db/schema.ts';
import { preparedQuery, type Arg } from '../../db/preparedQuery.ts';

/** A document's markups, read each time the viewer opens a file: compiled once (db/preparedQuery.ts). */
const markupsOfDocumentQuery = preparedQuery((db, arg: Arg<{ projectId: string; documentId: string }>) =>
  db
    .selectFrom('markups')
    .selectAll()
    .where('project_id', '=', arg('projectId'))
    .where((eb) => eb.or([eb('document_id', '=', arg('documentId')), eb('item_id', '=', arg('documentId'))]))
    .orderBy('updated_at', 'desc')
    .orderBy('id'),
);

export type MarkupRow = MarkupsTable;
export type MarkupItemRow = MarkupItemsTable;

export class MarkupsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The markups of a document: by the id it was saved with, or by its item id. */
  listOfDocument(projectId: string, documentId: string): Promise<MarkupRow[]> {
    return markupsOfDocumentQuery.execute(this.db, { projectId, documentId });
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
