import type { Db } from '../../db/database.ts';
import type { DeliverablesTable } from '../../db/schema.ts';
import { DocumentsRepo } from '../documents/index.ts';
import { InfoStandardRepo } from '../infoStandard/index.ts';

export interface RegisterUnit {
  documents: DocumentsRepo;
  standards: InfoStandardRepo;
  plan: DeliveryPlanRepo;
}

/** The delivery plan's SQL (deliverables), and transactions over the document store for bulk writes. */
export class DeliveryPlanRepo {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction, with the repositories it writes through bound to it. */
  transaction<T>(work: (unit: RegisterUnit) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) =>
      work({
        documents: new DocumentsRepo(trx),
        standards: new InfoStandardRepo(trx),
        plan: new DeliveryPlanRepo(trx),
      }),
    );
  }

  ofProject(projectId: string): Promise<DeliverablesTable[]> {
    return this.db
      .selectFrom('deliverables')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('due_date')
      .orderBy('name')
      .execute();
  }

  ofResponsible(userId: string, projectIds: readonly string[]): Promise<DeliverablesTable[]> {
    if (!projectIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('deliverables')
      .selectAll()
      .where('responsible_user_id', '=', userId)
      .where('project_id', 'in', projectIds)
      .orderBy('due_date')
      .execute();
  }

  find(id: string): Promise<DeliverablesTable | undefined> {
    return this.db.selectFrom('deliverables').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Adds the rows, replacing a planned deliverable of the same name (an import updates the plan). */
  async upsert(rows: readonly DeliverablesTable[]): Promise<void> {
    for (const row of rows)
      await this.db
        .insertInto('deliverables')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['project_id', 'name']).doUpdateSet({
            title: row.title,
            responsible: row.responsible,
            responsible_user_id: row.responsible_user_id,
            planned_suitability: row.planned_suitability,
            due_date: row.due_date,
          }),
        )
        .execute();
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('deliverables').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
