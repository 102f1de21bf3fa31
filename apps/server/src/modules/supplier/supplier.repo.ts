import type { Kysely } from 'kysely';
import type { Database, SdcFilesTable, SdcSubmissionsTable } from '../../db/schema.ts';

export type SdcSubmissionRow = SdcSubmissionsTable & { reviewer_name: string | null; file_count: number };
export type SdcFileRow = SdcFilesTable;

const SETTINGS_ID = 'zone';

/** SQL of the Supplier Zone: design competency submissions, their files, and the zone's settings. */
export class SupplierRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repo: SupplierRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new SupplierRepo(trx)));
  }

  /** A blob row for content already moved into the store (content-addressed: once per hash). */
  async recordBlob(hash: string, size: number, at: string): Promise<void> {
    await this.db
      .insertInto('blobs')
      .values({ hash, size, created_at: at })
      .onConflict((conflict) => conflict.column('hash').doNothing())
      .execute();
  }

  async insertSubmission(row: SdcSubmissionsTable, files: readonly SdcFilesTable[]): Promise<void> {
    await this.db.insertInto('sdc_submissions').values(row).execute();
    if (files.length)
      await this.db
        .insertInto('sdc_files')
        .values([...files])
        .execute();
  }

  private submissions() {
    return this.db
      .selectFrom('sdc_submissions')
      .leftJoin('users', 'users.id', 'sdc_submissions.reviewed_by')
      .selectAll('sdc_submissions')
      .select('users.name as reviewer_name')
      .select((eb) =>
        eb
          .selectFrom('sdc_files')
          .whereRef('sdc_files.submission_id', '=', 'sdc_submissions.id')
          .select((count) => count.fn.countAll<number>().as('n'))
          .as('file_count'),
      );
  }

  /** Submissions, newest first; of one status when given. */
  async list(status?: string): Promise<SdcSubmissionRow[]> {
    let query = this.submissions();
    if (status) query = query.where('sdc_submissions.status', '=', status);
    const rows = await query
      .orderBy('sdc_submissions.submitted_at', 'desc')
      .orderBy('sdc_submissions.id')
      .execute();
    return rows.map(withCount);
  }

  async find(id: string): Promise<SdcSubmissionRow | undefined> {
    const row = await this.submissions().where('sdc_submissions.id', '=', id).executeTakeFirst();
    return row && withCount(row);
  }

  files(submissionId: string): Promise<SdcFileRow[]> {
    return this.db
      .selectFrom('sdc_files')
      .selectAll()
      .where('submission_id', '=', submissionId)
      .orderBy('position')
      .execute();
  }

  findFile(submissionId: string, fileId: string): Promise<SdcFileRow | undefined> {
    return this.db
      .selectFrom('sdc_files')
      .selectAll()
      .where('submission_id', '=', submissionId)
      .where('id', '=', fileId)
      .executeTakeFirst();
  }

  /** The approved submission whose logo is served under this name, if any. */
  approvedLogo(logoPath: string) {
    return this.db
      .selectFrom('sdc_submissions')
      .select(['logo_hash', 'logo_type', 'logo_size'])
      .where('logo_path', '=', logoPath)
      .where('status', '=', 'Approved')
      .executeTakeFirst();
  }

  async review(
    id: string,
    change: Pick<
      SdcSubmissionsTable,
      'status' | 'review_note' | 'reviewed_by' | 'reviewed_at' | 'date_of_last_review'
    >,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('sdc_submissions')
      .set(change)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async settingsJson(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('supplier_zone_settings')
      .select('settings_json')
      .where('id', '=', SETTINGS_ID)
      .executeTakeFirst();
    return row?.settings_json;
  }

  async saveSettings(settingsJson: string, userId: string | null, at: string): Promise<void> {
    await this.db
      .insertInto('supplier_zone_settings')
      .values({ id: SETTINGS_ID, settings_json: settingsJson, updated_by: userId, updated_at: at })
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet({ settings_json: settingsJson, updated_by: userId, updated_at: at }),
      )
      .execute();
  }
}

const withCount = <T extends { file_count: number | string | bigint | null }>(row: T) => ({
  ...row,
  file_count: Number(row.file_count ?? 0),
});
