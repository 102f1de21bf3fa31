import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, IssueCommentsTable, IssuesTable } from '../../db/schema.ts';

export type IssueRow = IssuesTable;
export type CommentRow = IssueCommentsTable;

/** SQL of issues and their comments; built on the database or on a transaction. */
export class IssuesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  listOfProject(projectId: string): Promise<IssueRow[]> {
    return this.db
      .selectFrom('issues')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  find(id: string): Promise<IssueRow | undefined> {
    return this.db.selectFrom('issues').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByGuid(projectId: string, guid: string): Promise<IssueRow | undefined> {
    return this.db
      .selectFrom('issues')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('guid', '=', guid)
      .executeTakeFirst();
  }

  async commentsOf(issueIds: readonly string[]): Promise<CommentRow[]> {
    if (issueIds.length === 0) return [];
    const rows: CommentRow[] = [];
    for (let i = 0; i < issueIds.length; i += 500) {
      rows.push(
        ...(await this.db
          .selectFrom('issue_comments')
          .selectAll()
          .where('issue_id', 'in', issueIds.slice(i, i + 500))
          .orderBy('created_at')
          .orderBy('id')
          .execute()),
      );
    }
    return rows;
  }

  async insert(row: IssueRow): Promise<void> {
    await this.db.insertInto('issues').values(row).execute();
  }

  /** Several issues at once, in one transaction: all of them or none. */
  async insertMany(rows: readonly IssueRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 100)
        await trx
          .insertInto('issues')
          .values(rows.slice(i, i + 100))
          .execute();
    });
  }

  async update(id: string, patch: Partial<Omit<IssueRow, 'id' | 'project_id'>>): Promise<void> {
    await this.db.updateTable('issues').set(patch).where('id', '=', id).execute();
  }

  /**
   * A comment; with `touchIssue`, its issue is marked updated at the comment's time in the same transaction
   * (both written, or neither). An imported comment keeps its own date and leaves the issue's as it is.
   */
  async addComment(
    row: Omit<CommentRow, 'id'> & { id?: string },
    { touchIssue = false }: { touchIssue?: boolean } = {},
  ): Promise<CommentRow> {
    const full = { ...row, id: row.id ?? `c.${crypto.randomUUID()}` };
    const write = async (db: Kysely<Database>) => {
      await db.insertInto('issue_comments').values(full).execute();
      if (touchIssue)
        await db
          .updateTable('issues')
          .set({ updated_at: full.created_at })
          .where('id', '=', full.issue_id)
          .execute();
    };
    // a BCF import binds this repository to its own transaction, where Kysely opens no nested one
    await (this.db.isTransaction ? write(this.db) : this.db.transaction().execute(write));
    return full;
  }

  async deleteCommentsOf(issueId: string): Promise<void> {
    await this.db.deleteFrom('issue_comments').where('issue_id', '=', issueId).execute();
  }

  /** The project of an item (i.) or version (v.) id, or undefined. */
  async documentProject(documentId: string): Promise<string | undefined> {
    if (documentId.startsWith('i.')) {
      const item = await this.db
        .selectFrom('items')
        .select('project_id')
        .where('id', '=', documentId)
        .executeTakeFirst();
      return item?.project_id;
    }
    const row = await this.db
      .selectFrom('versions')
      .innerJoin('items', 'items.id', 'versions.item_id')
      .select('items.project_id')
      .where('versions.id', '=', documentId)
      .executeTakeFirst();
    return row?.project_id;
  }

  /** The version a document id stands for: the version itself, or an item's latest. */
  async versionOf(documentId: string): Promise<string | undefined> {
    if (documentId.startsWith('v.')) return documentId;
    const row = await this.db
      .selectFrom('versions')
      .select('id')
      .where('item_id', '=', documentId)
      .orderBy('number', 'desc')
      .executeTakeFirst();
    return row?.id;
  }

  async guidOfObject(versionId: string, localId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('model_objects')
      .select('guid')
      .where('version_id', '=', versionId)
      .where('local_id', '=', localId)
      .executeTakeFirst();
    return row?.guid;
  }
}
