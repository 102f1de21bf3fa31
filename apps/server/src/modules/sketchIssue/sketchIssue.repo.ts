import type { Db } from '../../db/database.ts';
import { DocumentsRepo } from '../documents/index.ts';
import { InfoStandardRepo } from '../infoStandard/index.ts';

/** The repositories an issue writes through, bound to one transaction. */
export interface IssueUnit {
  documents: DocumentsRepo;
  standards: InfoStandardRepo;
}

/** Transactions over the document store for an issue: every file and its title, or none. */
export class SketchIssueRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (unit: IssueUnit) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) => work({ documents: new DocumentsRepo(trx), standards: new InfoStandardRepo(trx) }));
  }
}
