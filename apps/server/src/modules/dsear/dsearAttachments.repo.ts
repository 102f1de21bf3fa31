import type { Kysely } from 'kysely';
import type { Database, VersionsTable } from '../../db/schema.ts';
import { DocumentsRepo } from '../documents/index.ts';

export interface DsearAttachmentRow {
  entry_id: string;
  item_id: string;
  added_at: string;
  added_by_name: string | null;
  folder_id: string;
}

/** SQL of a DSEAR entry's attachments: links from the entry to live items of the document store. */
export class DsearAttachmentsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` in one transaction with the document store bound to it: an attached file is recorded
   * (blob, item, version) and linked to its entry together, or not at all.
   */
  transaction<T>(
    work: (unit: { attachments: DsearAttachmentsRepo; documents: DocumentsRepo }) => Promise<T>,
  ): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) =>
        work({ attachments: new DsearAttachmentsRepo(trx), documents: new DocumentsRepo(trx) }),
      );
  }

  /** Links the item to the entry; a new version of an attached file keeps its one link. */
  async link(entryId: string, itemId: string, userId: string, at: string): Promise<void> {
    await this.db
      .insertInto('dsear_attachments')
      .values({ entry_id: entryId, item_id: itemId, added_by: userId, added_at: at })
      .onConflict((oc) => oc.columns(['entry_id', 'item_id']).doNothing())
      .execute();
  }

  private attachments(entryId: string) {
    return (
      this.db
        .selectFrom('dsear_attachments')
        .innerJoin('items', 'items.id', 'dsear_attachments.item_id')
        .leftJoin('users', 'users.id', 'dsear_attachments.added_by')
        .select([
          'dsear_attachments.entry_id',
          'dsear_attachments.item_id',
          'dsear_attachments.added_at',
          'users.name as added_by_name',
          'items.folder_id',
        ])
        .where('dsear_attachments.entry_id', '=', entryId)
        // a file deleted from the document store leaves the list (and comes back when it is restored)
        .where('items.deleted_at', 'is', null)
    );
  }

  /** The entry's attachments whose items are live, in the order they were attached. */
  listOf(entryId: string): Promise<DsearAttachmentRow[]> {
    return this.attachments(entryId)
      .orderBy('dsear_attachments.added_at')
      .orderBy('dsear_attachments.item_id')
      .execute();
  }

  find(entryId: string, itemId: string): Promise<DsearAttachmentRow | undefined> {
    return this.attachments(entryId).where('dsear_attachments.item_id', '=', itemId).executeTakeFirst();
  }

  /** The latest version of each item. */
  async latestVersions(itemIds: readonly string[]): Promise<Map<string, VersionsTable>> {
    const latest = new Map<string, VersionsTable>();
    if (itemIds.length === 0) return latest;
    const versions = await this.db
      .selectFrom('versions')
      .selectAll()
      .where('item_id', 'in', [...itemIds])
      .orderBy('item_id')
      .orderBy('number', 'desc')
      .execute();
    for (const version of versions) if (!latest.has(version.item_id)) latest.set(version.item_id, version);
    return latest;
  }
}
