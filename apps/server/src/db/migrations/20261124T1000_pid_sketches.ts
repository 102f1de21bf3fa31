import type { Kysely } from 'kysely';

/**
 * P&ID sketches (engineering spec §3 'Sketch', §7 savepidsketch): one row per sketch of a project. A sketch
 * is named 'name - local date-time'; saving the same name again overwrites, so the typed name (base_name)
 * is unique within a project. content_json holds the validated element lists, StageSpec and Version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pid_sketches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('drawing_name', 'text', (c) => c.notNull())
    .addColumn('base_name', 'text', (c) => c.notNull())
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('pid_sketches_project_base_name_uq', ['project_id', 'base_name'])
    .execute();
  // the list reads a project's sketches newest first
  await db.schema
    .createIndex('pid_sketches_project_idx')
    .on('pid_sketches')
    .columns(['project_id', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pid_sketches').execute();
}
