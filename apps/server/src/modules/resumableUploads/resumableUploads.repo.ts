import type { Db } from '../../db/database.ts';
import type { ResumableUploadsTable } from '../../db/schema.ts';
import { DocumentsRepo } from '../documents/index.ts';

export type ResumableUploadRow = Omit<ResumableUploadsTable, 'size'> & { size: number };

const toRow = (row: ResumableUploadsTable): ResumableUploadRow => ({ ...row, size: Number(row.size) });

/** The SQL of resumable uploads (resumable_uploads), and the transaction that records a finished one. */
export class ResumableUploadsRepo {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction: the document store's write and the upload's mark, or neither. */
  transaction<T>(
    work: (unit: { documents: DocumentsRepo; uploads: ResumableUploadsRepo }) => Promise<T>,
  ): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) => work({ documents: new DocumentsRepo(trx), uploads: new ResumableUploadsRepo(trx) }));
  }

  async insert(row: ResumableUploadRow): Promise<void> {
    await this.db.insertInto('resumable_uploads').values(row).execute();
  }

  async find(id: string): Promise<ResumableUploadRow | undefined> {
    const row = await this.db
      .selectFrom('resumable_uploads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRow(row);
  }

  /** Marks the upload stored as `versionId`, once: false when it was already stored or refused. */
  async markStored(id: string, versionId: string, nameWarning: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('resumable_uploads')
      .set({ version_id: versionId, name_warning: nameWarning })
      .where('id', '=', id)
      .where('version_id', 'is', null)
      .where('error', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async markRefused(id: string, error: string): Promise<void> {
    await this.db
      .updateTable('resumable_uploads')
      .set({ error })
      .where('id', '=', id)
      .where('version_id', 'is', null)
      .execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('resumable_uploads').where('id', '=', id).execute();
  }

  /** Uploads past their expiry, stored, refused or not. */
  async expired(now: string): Promise<ResumableUploadRow[]> {
    const rows = await this.db
      .selectFrom('resumable_uploads')
      .selectAll()
      .where('expires_at', '<', now)
      .execute();
    return rows.map(toRow);
  }
}
