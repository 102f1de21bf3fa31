import { sql, type Kysely } from 'kysely';

/**
 * Sketch history (issue 37 §5): every save of a P&ID sketch keeps the content it stored as a numbered
 * version (1, 2, …) with who saved it and when; a restore is a save too, naming the version it restored.
 * Deleting the sketch deletes its history. Each sketch saved before this migration gets its current content
 * as version 1. And the record of each issue of a sketch as a drawing: the drawing number, codes, sheet and
 * the names of the title block, with the sketch version and the PDF version it made (the revision box of a
 * later issue prints the earlier ones' drawn and checked by). An issue outlives its sketch (sketch_id set
 * null), not its PDF. Portable: text keys, ISO text timestamps, `||` concatenation (SQLite and PostgreSQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pid_sketch_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sketch_id', 'text', (c) => c.notNull().references('pid_sketches.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('drawing_name', 'text', (c) => c.notNull())
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('saved_by', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    /** the number of the version a restore brought back; null for an ordinary save */
    .addColumn('restored_from', 'integer')
    .addUniqueConstraint('pid_sketch_versions_number_uq', ['sketch_id', 'number'])
    .execute();
  await sql`
    insert into pid_sketch_versions
      (id, sketch_id, number, drawing_name, content_json, version, bytes, saved_by, saved_at, restored_from)
    select 'sv.' || id, id, 1, drawing_name, content_json, version, bytes, updated_by, updated_at, null
    from pid_sketches`.execute(db);
  await db.schema
    .createTable('pid_sketch_issues')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('sketch_id', 'text', (c) => c.references('pid_sketches.id').onDelete('set null'))
    .addColumn('sketch_version', 'integer', (c) => c.notNull())
    .addColumn('folder_id', 'text', (c) => c.notNull())
    .addColumn('drawing_number', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sheet', 'text', (c) => c.notNull())
    .addColumn('revision', 'text', (c) => c.notNull())
    .addColumn('suitability', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('drawn_by', 'text', (c) => c.notNull())
    .addColumn('checked_by', 'text', (c) => c.notNull())
    .addColumn('pdf_version_id', 'text', (c) => c.notNull().references('versions.id').onDelete('cascade'))
    .addColumn('issued_by', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pid_sketch_issues_drawing_idx')
    .on('pid_sketch_issues')
    .columns(['folder_id', 'drawing_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pid_sketch_issues').execute();
  await db.schema.dropTable('pid_sketch_versions').execute();
}
