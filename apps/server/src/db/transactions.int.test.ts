import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISO_19650_FOLDERS } from '../modules/documents/index.ts';
import { createTestPenstock, testDatabases, type TestPenstock } from '../test/harness.ts';
import { migrations } from './migrations/index.ts';

/** Writes that must be one (issue 16): all written, or none; racing writers make one folder, not two. */
describe.each(await testDatabases())('transactions and unique folders on %s', (kind) => {
  let penstock: TestPenstock;
  let projectId: string;
  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    const manager = await penstock.createUser();
    projectId = (await penstock.createProject('Race works', [{ userId: manager.id, role: 'manager' }])).id;
  });
  afterAll(() => penstock.destroy());

  it('two writers racing for Published/Schedules make one folder, and both use it', async () => {
    const ids = await Promise.all(
      Array.from({ length: 6 }, () => penstock.files.ensureFolderPath(projectId, ['Published', 'Schedules'])),
    );
    expect(new Set(ids).size).toBe(1);
    const named = await penstock.database.db
      .selectFrom('folders')
      .select('id')
      .where('project_id', '=', projectId)
      .where(sql<string>`lower(name)`, '=', 'schedules')
      .execute();
    expect(named).toHaveLength(1);
  });

  it('a folder name taken in another case is refused by the database itself', async () => {
    const published = await penstock.files.ensureFolderPath(projectId, ['Published']);
    await expect(
      penstock.documentsRepo.createFolder(projectId, published, 'SCHEDULES'),
    ).rejects.toMatchObject({});
    // a top-level folder too (no parent)
    await expect(penstock.documentsRepo.createFolder(projectId, null, 'wip')).rejects.toMatchObject({});
  });

  it('a project is created with its first manager in one transaction, or not at all', async () => {
    const before = await penstock.projectsRepo.listProjects();
    // an unknown user: the member row fails its foreign key, and the project and its folders go with it
    await expect(
      penstock.projectsRepo.createProject('Orphan works', ISO_19650_FOLDERS, 'no-such-user'),
    ).rejects.toThrow();
    expect(await penstock.projectsRepo.listProjects()).toHaveLength(before.length);
    const orphanFolders = await penstock.database.db
      .selectFrom('folders')
      .leftJoin('projects', 'projects.id', 'folders.project_id')
      .select('folders.id')
      .where('projects.id', 'is', null)
      .execute();
    expect(orphanFolders).toHaveLength(0);
  });
});

describe('the folder-name migration renames existing duplicates instead of failing', () => {
  let penstock: TestPenstock;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite');
  });
  afterAll(() => penstock.destroy());

  it("keeps the oldest name and renames the others 'Name (2)', 'Name (3)'", async () => {
    const db = penstock.database.db;
    const manager = await penstock.createUser();
    const { id: projectId } = await penstock.createProject('Old works', [
      { userId: manager.id, role: 'manager' },
    ]);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    // back to before the folder-name index (and whatever came after it)
    await migrator.migrateTo('20261124T1230_supplier_register');
    const published = await penstock.files.ensureFolderPath(projectId, ['WIP', 'Legacy']);
    const at = (n: number) => `2026-11-0${n}T00:00:00.000Z`;
    for (const [id, name, n] of [
      ['f.dup-1', 'Schedules', 1],
      ['f.dup-2', 'schedules', 2],
      ['f.dup-3', 'Schedules', 3],
      ['f.dup-4', 'Schedules (2)', 4],
    ] as const)
      await db
        .insertInto('folders')
        .values({ id, project_id: projectId, parent_id: published, name, position: 0, created_at: at(n) })
        .execute();
    await migrator.migrateToLatest();
    const names = await db
      .selectFrom('folders')
      .select(['id', 'name'])
      .where('parent_id', '=', published)
      .orderBy('id')
      .execute();
    expect(names).toEqual([
      { id: 'f.dup-1', name: 'Schedules' },
      { id: 'f.dup-2', name: 'schedules (3)' },
      { id: 'f.dup-3', name: 'Schedules (4)' },
      { id: 'f.dup-4', name: 'Schedules (2)' },
    ]);
  });
});
