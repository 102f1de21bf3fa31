import type { Db } from '../../db/database.ts';
import type { PidSketchIssuesTable } from '../../db/schema.ts';
import { DocumentsRepo } from '../documents/index.ts';
import { InfoStandardRepo } from '../infoStandard/index.ts';

/** The repositories an issue writes through, bound to one transaction. */
export interface IssueUnit {
  documents: DocumentsRepo;
  standards: InfoStandardRepo;
  issues: SketchIssueRepo;
}

/** SQL of sketch issues: the record of each, and transactions over the document store (every file or none). */
export class SketchIssueRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (unit: IssueUnit) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) =>
      work({
        documents: new DocumentsRepo(trx),
        standards: new InfoStandardRepo(trx),
        issues: new SketchIssueRepo(trx),
      }),
    );
  }

  async record(issue: PidSketchIssuesTable): Promise<void> {
    await this.db.insertInto('pid_sketch_issues').values(issue).execute();
  }

  /** The issues of a drawing number into a folder, oldest first. */
  ofDrawing(folderId: string, drawingNumber: string): Promise<PidSketchIssuesTable[]> {
    return this.db
      .selectFrom('pid_sketch_issues')
      .selectAll()
      .where('folder_id', '=', folderId)
      .where('drawing_number', '=', drawingNumber)
      .orderBy('issued_at')
      .execute();
  }

  /** The number of a sketch's latest version (0 when it has none). */
  async latestVersion(sketchId: string): Promise<number> {
    const row = await this.db
      .selectFrom('pid_sketch_versions')
      .select((eb) => eb.fn.max('number').as('number'))
      .where('sketch_id', '=', sketchId)
      .executeTakeFirst();
    return Number(row?.number ?? 0);
  }
}
