import type { Kysely } from 'kysely';

/**
 * The training tracker (engineering spec §3 'Training record', 'Training item', 'Role'): the roles and the
 * course list an administrator keeps (retired, never deleted, so records keep their history), each user's
 * chosen role, and what each user has completed or added. A course's material (the training material
 * folder) is a blob of the content-addressed store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('training_roles')
    .addColumn('role_name', 'text', (c) => c.primaryKey())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('training_courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('role_data_json', 'text', (c) => c.notNull())
    .addColumn('material_hash', 'text')
    .addColumn('material_name', 'text')
    .addColumn('material_type', 'text')
    .addColumn('material_size', 'integer')
    .addColumn('material_uploaded_at', 'text')
    .addColumn('retired_at', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('training_records')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('training_progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('training_courses.id').onDelete('cascade'))
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('added', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('training_progress_pk', ['user_id', 'course_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('training_progress').execute();
  await db.schema.dropTable('training_records').execute();
  await db.schema.dropTable('training_courses').execute();
  await db.schema.dropTable('training_roles').execute();
}
