import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type {
  TransmittalDocumentsTable,
  TransmittalRecipientsTable,
  TransmittalsTable,
} from '../../db/schema.ts';
import { DocumentsRepo } from '../documents/index.ts';
import { OutboxRepo } from '../../notify/outbox.repo.ts';

export type TransmittalRow = TransmittalsTable;
export type TransmittalDocumentRow = TransmittalDocumentsTable;
export type RecipientRow = TransmittalRecipientsTable;

/** A transmittal with its project's name. */
export type TransmittalListRow = TransmittalRow & { project_name: string };

/** What one issue writes in one transaction: the transmittal tables, the document store and the outbox. */
export interface TransmittalUnit {
  transmittals: TransmittalsRepo;
  documents: DocumentsRepo;
  outbox: OutboxRepo;
}

export interface IssuableVersion {
  id: string;
  file_name: string;
  revision: string;
  suitability: string;
  size: number | string;
  blob_hash: string;
  content_type: string;
}

/** SQL of transmittals (issue 35 §3): the only place that knows their tables. */
export class TransmittalsRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (unit: TransmittalUnit) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) =>
      work({
        transmittals: new TransmittalsRepo(trx),
        documents: new DocumentsRepo(trx),
        outbox: new OutboxRepo(trx),
      }),
    );
  }

  // ---- purposes
  purposesOf(projectId: string) {
    return this.db
      .selectFrom('transmittal_purposes')
      .select(['name', 'asks_response'])
      .where('project_id', '=', projectId)
      .orderBy('position')
      .execute();
  }

  async replacePurposes(projectId: string, purposes: ReadonlyArray<{ name: string; asksResponse: boolean }>) {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('transmittal_purposes').where('project_id', '=', projectId).execute();
      await trx
        .insertInto('transmittal_purposes')
        .values(
          purposes.map((purpose, position) => ({
            project_id: projectId,
            position,
            name: purpose.name,
            asks_response: purpose.asksResponse ? 1 : 0,
          })),
        )
        .execute();
    });
  }

  // ---- projects, members, versions
  project(projectId: string) {
    return this.db
      .selectFrom('projects')
      .select(['id', 'name'])
      .where('id', '=', projectId)
      .executeTakeFirst();
  }

  membersOf(projectId: string) {
    return this.db
      .selectFrom('project_members')
      .innerJoin('users', 'users.id', 'project_members.user_id')
      .select(['users.id', 'users.name', 'users.email'])
      .where('project_members.project_id', '=', projectId)
      .execute();
  }

  /** The versions of live items of the project among these ids. */
  versionsOf(projectId: string, ids: readonly string[]): Promise<IssuableVersion[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('versions')
      .innerJoin('items', 'items.id', 'versions.item_id')
      .select([
        'versions.id',
        'versions.file_name',
        'versions.revision',
        'versions.suitability',
        'versions.size',
        'versions.blob_hash',
        'versions.content_type',
      ])
      .where('items.project_id', '=', projectId)
      .where('items.deleted_at', 'is', null)
      .where('versions.id', 'in', [...new Set(ids)])
      .execute();
  }

  /** A version a transmittal issued, with its bytes' hash (whatever happened to its item since). */
  issuedVersion(transmittalId: string, versionId: string) {
    return this.db
      .selectFrom('transmittal_documents')
      .innerJoin('versions', 'versions.id', 'transmittal_documents.version_id')
      .select([
        'versions.id',
        'versions.file_name',
        'versions.size',
        'versions.blob_hash',
        'versions.content_type',
      ])
      .where('transmittal_documents.transmittal_id', '=', transmittalId)
      .where('transmittal_documents.version_id', '=', versionId)
      .executeTakeFirst();
  }

  // ---- transmittals
  async nextSequence(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('transmittals')
      .select((eb) => eb.fn.max('sequence').as('last'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(row?.last ?? 0) + 1;
  }

  async insert(
    transmittal: TransmittalRow,
    documents: readonly TransmittalDocumentRow[],
    recipients: readonly RecipientRow[],
  ): Promise<void> {
    await this.db.insertInto('transmittals').values(transmittal).execute();
    await this.db
      .insertInto('transmittal_documents')
      .values([...documents])
      .execute();
    await this.db
      .insertInto('transmittal_recipients')
      .values([...recipients])
      .execute();
  }

  private withProject() {
    return this.db
      .selectFrom('transmittals')
      .innerJoin('projects', 'projects.id', 'transmittals.project_id')
      .selectAll('transmittals')
      .select('projects.name as project_name');
  }

  find(id: string): Promise<TransmittalListRow | undefined> {
    return this.withProject().where('transmittals.id', '=', id).executeTakeFirst();
  }

  listOfProject(projectId: string): Promise<TransmittalListRow[]> {
    return this.withProject()
      .where('transmittals.project_id', '=', projectId)
      .orderBy('transmittals.sequence', 'desc')
      .execute();
  }

  /** Transmittals a user received (as a member recipient), newest first. */
  receivedBy(userId: string): Promise<TransmittalListRow[]> {
    return this.withProject()
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('transmittal_recipients')
            .select('transmittal_recipients.id')
            .whereRef('transmittal_recipients.transmittal_id', '=', 'transmittals.id')
            .where('transmittal_recipients.user_id', '=', userId),
        ),
      )
      .orderBy('transmittals.issued_at', 'desc')
      .execute();
  }

  /** Transmittals a user sent, newest first. */
  sentBy(userId: string): Promise<TransmittalListRow[]> {
    return this.withProject()
      .where('transmittals.sender_id', '=', userId)
      .orderBy('transmittals.issued_at', 'desc')
      .execute();
  }

  documentsOf(transmittalId: string) {
    return this.db
      .selectFrom('transmittal_documents')
      .innerJoin('versions', 'versions.id', 'transmittal_documents.version_id')
      .selectAll('transmittal_documents')
      .select(['versions.size', 'versions.blob_hash'])
      .where('transmittal_id', '=', transmittalId)
      .orderBy('position')
      .execute();
  }

  documentCounts(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('transmittal_documents')
      .select(['transmittal_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('transmittal_id', 'in', [...ids])
      .groupBy('transmittal_id')
      .execute();
  }

  recipientsOf(transmittalIds: readonly string[]): Promise<RecipientRow[]> {
    if (transmittalIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('transmittal_recipients')
      .selectAll()
      .where('transmittal_id', 'in', [...transmittalIds])
      .orderBy('kind')
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  findRecipient(id: string): Promise<RecipientRow | undefined> {
    return this.db.selectFrom('transmittal_recipients').selectAll().where('id', '=', id).executeTakeFirst();
  }

  recipientByToken(tokenHash: string): Promise<RecipientRow | undefined> {
    return this.db
      .selectFrom('transmittal_recipients')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async acknowledge(recipientId: string, at: string): Promise<void> {
    await this.db
      .updateTable('transmittal_recipients')
      .set({ acknowledged_at: at })
      .where('id', '=', recipientId)
      .where('acknowledged_at', 'is', null)
      .execute();
  }

  /** Records the response (and the acknowledgement, when not given yet); false when one was given already. */
  async respond(
    recipientId: string,
    response: {
      at: string;
      decision: string;
      comment: string;
      attachment: { hash: string; name: string; size: number } | null;
    },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('transmittal_recipients')
      .set((eb) => ({
        acknowledged_at: eb.fn.coalesce('acknowledged_at', eb.val(response.at)),
        responded_at: response.at,
        decision: response.decision,
        comment: response.comment,
        attachment_hash: response.attachment?.hash ?? null,
        attachment_name: response.attachment?.name ?? null,
        attachment_size: response.attachment?.size ?? null,
      }))
      .where('id', '=', recipientId)
      .where('responded_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async revoke(recipientId: string, at: string): Promise<void> {
    await this.db
      .updateTable('transmittal_recipients')
      .set({ token_revoked_at: at })
      .where('id', '=', recipientId)
      .where('token_revoked_at', 'is', null)
      .execute();
  }

  async log(entry: {
    transmittalId: string;
    recipientId: string;
    at: string;
    action: string;
    fileName: string | null;
    address: string;
  }): Promise<void> {
    await this.db
      .insertInto('transmittal_access_log')
      .values({
        id: `tl.${crypto.randomUUID()}`,
        transmittal_id: entry.transmittalId,
        recipient_id: entry.recipientId,
        at: entry.at,
        action: entry.action,
        file_name: entry.fileName,
        address: entry.address,
      })
      .execute();
  }

  accessLog(transmittalId: string) {
    return this.db
      .selectFrom('transmittal_access_log')
      .innerJoin('transmittal_recipients', 'transmittal_recipients.id', 'transmittal_access_log.recipient_id')
      .select([
        'transmittal_access_log.at',
        'transmittal_access_log.action',
        'transmittal_access_log.file_name',
        'transmittal_access_log.address',
        'transmittal_recipients.email',
      ])
      .where('transmittal_access_log.transmittal_id', '=', transmittalId)
      .orderBy('transmittal_access_log.at')
      .orderBy('transmittal_access_log.id')
      .execute();
  }

  // ---- reminders
  /** Recipients whose response is asked, not given, not reminded, on a transmittal due on or before `day`. */
  /**
   * Recipients to remind: a response asked for and due by `day`, none given, no reminder yet, the link not
   * revoked; issued before `issuedBefore` (a transmittal issued inside the reminder's window is not reminded
   * of within hours of its own e-mail).
   */
  dueForReminder(day: string, issuedBefore: string) {
    return this.db
      .selectFrom('transmittal_recipients')
      .innerJoin('transmittals', 'transmittals.id', 'transmittal_recipients.transmittal_id')
      .select(['transmittal_recipients.id as recipient_id', 'transmittals.id as transmittal_id'])
      .where('transmittals.asks_response', '=', 1)
      .where('transmittals.due_date', 'is not', null)
      .where('transmittals.due_date', '<=', day)
      .where('transmittals.issued_at', '<=', issuedBefore)
      .where('transmittal_recipients.responded_at', 'is', null)
      .where('transmittal_recipients.reminded_at', 'is', null)
      .where('transmittal_recipients.token_revoked_at', 'is', null)
      .execute();
  }

  /** Marks a reminder sent; false when another pass did first. */
  async markReminded(recipientId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('transmittal_recipients')
      .set({ reminded_at: at })
      .where('id', '=', recipientId)
      .where('reminded_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
