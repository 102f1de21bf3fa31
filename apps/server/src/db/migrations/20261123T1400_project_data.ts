import type { Kysely } from 'kysely';

/**
 * Project data and calculation forms: the current value of each field per project (kind 'input' for the
 * Project data forms, 'calculation' for the calculation forms), every earlier save of a form (history, to
 * restore), and each calculation run with its inputs, results, state and who ran it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_values')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_values_pk', ['project_id', 'kind', 'form', 'category'])
    .execute();
  await db.schema
    .createTable('form_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('values_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_history_form_idx')
    .on('form_history')
    .columns(['project_id', 'kind', 'form'])
    .execute();
  await db.schema
    .createTable('calculation_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('fmejob', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('inputs_json', 'text', (c) => c.notNull())
    .addColumn('results_json', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('calculation_runs_project_idx')
    .on('calculation_runs')
    .columns(['project_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['calculation_runs', 'form_history', 'form_values'])
    await db.schema.dropTable(table).execute();
}
