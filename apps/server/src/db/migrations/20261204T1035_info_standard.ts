import type { Kysely } from 'kysely';

/**
 * Container names and the delivery plan (issue 35 §1, §2): a project's information standard (its name fields
 * and code lists as versioned JSON, and an administrator's relaxation of the check), each item's title and
 * description, and the planned deliverables of the project's delivery plan (MIDP).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_info_standards')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('standard', 'text', (c) => c.notNull())
    .addColumn('relaxed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createTable('item_metadata')
    .addColumn('item_id', 'text', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createTable('deliverables')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('responsible', 'text', (c) => c.notNull())
    .addColumn('responsible_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('planned_suitability', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema
    .createIndex('deliverables_project_name')
    .on('deliverables')
    .columns(['project_id', 'name'])
    .unique()
    .execute();
  await db.schema
    .createIndex('deliverables_responsible')
    .on('deliverables')
    .column('responsible_user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deliverables').execute();
  await db.schema.dropTable('item_metadata').execute();
  await db.schema.dropTable('project_info_standards').execute();
}
