import type { Kysely } from 'kysely';

// Issues (with comments) and markups (with their drawings). Portable between SQLite and PostgreSQL:
// text keys, ISO text timestamps, integer flags, JSON as text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('issues')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('guid', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('due_date', 'text')
    .addColumn('linked_documents', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('issues_project_guid_uq', ['project_id', 'guid'])
    .execute();
  await db.schema
    .createTable('issue_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('issue_id', 'text', (c) => c.notNull().references('issues.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('issue_comments_issue_idx').on('issue_comments').column('issue_id').execute();

  await db.schema
    .createTable('markups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('document_name', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'text', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_for', 'text', (c) => c.notNull())
    .addColumn('actioned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('markups_document_idx')
    .on('markups')
    .columns(['project_id', 'document_id'])
    .execute();
  await db.schema
    .createTable('markup_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('markup_id', 'text', (c) => c.notNull().references('markups.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('image_hash', 'text')
    .addColumn('image_type', 'text')
    .addColumn('document_name', 'text', (c) => c.notNull())
    .addColumn('document_version', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('created_for', 'text', (c) => c.notNull())
    .addColumn('actioned', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('markup_items_markup_idx').on('markup_items').column('markup_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['markup_items', 'markups', 'issue_comments', 'issues'])
    await db.schema.dropTable(table).execute();
}
