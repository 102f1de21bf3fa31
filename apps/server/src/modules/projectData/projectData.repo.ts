import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { CalculationRunsTable, FormHistoryTable, FormValuesTable } from '../../db/schema.ts';

export type FormKind = 'input' | 'calculation';
export type RunRow = CalculationRunsTable;

/** SQL for project data and calculation forms: current values, history, calculation runs. */
export class ProjectDataRepo {
  constructor(private readonly db: Db) {}

  values(projectId: string, kind: FormKind): Promise<FormValuesTable[]> {
    return this.db
      .selectFrom('form_values')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .orderBy('form')
      .orderBy('category')
      .execute();
  }

  /**
   * Replaces the values of one form in one transaction, first keeping what it held as a history entry
   * (so a save can be undone from History).
   */
  async saveForm(
    projectId: string,
    kind: FormKind,
    form: string,
    values: ReadonlyArray<{ category: string; value: string }>,
    by: { id: string; name: string },
  ): Promise<void> {
    const at = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('form_values')
        .select(['category', 'value'])
        .where('project_id', '=', projectId)
        .where('kind', '=', kind)
        .where('form', '=', form)
        .execute();
      if (before.length)
        await trx
          .insertInto('form_history')
          .values({
            id: `h.${crypto.randomUUID()}`,
            project_id: projectId,
            kind,
            form,
            at,
            by_name: by.name,
            values_json: JSON.stringify(before),
          })
          .execute();
      await trx
        .deleteFrom('form_values')
        .where('project_id', '=', projectId)
        .where('kind', '=', kind)
        .where('form', '=', form)
        .execute();
      if (values.length)
        await trx
          .insertInto('form_values')
          .values(
            values.map((v) => ({
              project_id: projectId,
              kind,
              form,
              category: v.category,
              value: v.value,
              updated_at: at,
              updated_by: by.name,
            })),
          )
          .execute();
    });
  }

  history(projectId: string, kind: FormKind, form: string): Promise<FormHistoryTable[]> {
    return this.db
      .selectFrom('form_history')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .where('form', '=', form)
      .orderBy('at', 'desc')
      .limit(100)
      .execute();
  }

  findHistory(id: string): Promise<FormHistoryTable | undefined> {
    return this.db.selectFrom('form_history').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertRun(run: RunRow): Promise<void> {
    await this.db.insertInto('calculation_runs').values(run).execute();
  }

  async updateRun(
    id: string,
    change: Partial<Pick<RunRow, 'state' | 'reason' | 'results_json' | 'finished_at'>>,
  ) {
    await this.db.updateTable('calculation_runs').set(change).where('id', '=', id).execute();
  }

  runs(projectId: string, limit = 200): Promise<RunRow[]> {
    return this.db
      .selectFrom('calculation_runs')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Runs left queued or running by a stopped server: failed with the reason. */
  async failInterrupted(): Promise<void> {
    await this.db
      .updateTable('calculation_runs')
      .set({
        state: 'failed',
        reason: 'The server stopped before the calculation finished',
        finished_at: new Date().toISOString(),
      })
      .where('state', 'in', ['queued', 'running'])
      .execute();
  }
}
