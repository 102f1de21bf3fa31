import { sql, type Kysely } from 'kysely';

interface FolderRow {
  id: string;
  project_id: string;
  parent_id: string | null;
  name: string;
}

/**
 * One folder of a name (whatever its case) per parent: a unique index, so two writers racing to create
 * Published/Schedules (two schedule submissions at once) make one folder, not two. Folders that already
 * share a name with an older sibling are renamed 'Name (2)', 'Name (3)' first, keeping every file where it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<FolderRow>`
    SELECT id, project_id, parent_id, name FROM folders ORDER BY created_at, id`.execute(db);
  const taken = new Set<string>();
  const key = (row: FolderRow, name: string) =>
    `${row.project_id}\n${row.parent_id ?? ''}\n${name.toLowerCase()}`;
  for (const row of rows.rows) taken.add(key(row, row.name));
  const seen = new Set<string>();
  for (const row of rows.rows) {
    if (!seen.has(key(row, row.name))) {
      seen.add(key(row, row.name));
      continue;
    }
    let n = 2;
    while (taken.has(key(row, `${row.name} (${n})`))) n++;
    const name = `${row.name} (${n})`;
    taken.add(key(row, name));
    seen.add(key(row, name));
    await sql`UPDATE folders SET name = ${name} WHERE id = ${row.id}`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX folders_sibling_name_uq
    ON folders (project_id, (coalesce(parent_id, '')), (lower(name)))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX folders_sibling_name_uq`.execute(db);
}
