import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionsRepo } from '../modules/auth/sessions.repo.ts';
import { AccessRepo } from '../security/access.repo.ts';
import { createTestPenstock, testDatabases, type TestPenstock } from '../test/harness.ts';

/**
 * The queries every request runs (the session) and the tree read's are compiled once (db/preparedQuery.ts);
 * the session comes with its user and roles in one query, the items with their latest versions: the same
 * answers as before, on both databases, through the second and later runs of each compiled query with other
 * arguments.
 */
describe.each(await testDatabases())('the per-request compiled queries on %s', (kind) => {
  let penstock: TestPenstock;
  let projectId: string;
  let folders: Record<string, string>;
  let userId: string;
  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    userId = (await penstock.createUser()).id;
    ({ id: projectId, folders } = await penstock.createProject('Tree works', [{ userId, role: 'member' }]));
  });
  afterAll(() => penstock.destroy());

  const addVersion = async (folderId: string, fileName: string) => {
    const blobHash = crypto.randomBytes(32).toString('hex');
    return penstock.documentsRepo.addVersion({
      projectId,
      folderId,
      fileName,
      blobHash,
      size: 1234,
      contentType: 'application/pdf',
      userId,
      codes: () => ({ revision: 'P01', suitability: 'S0' }),
    });
  };

  it('lists a folder’s live items by name, each with its highest version, and nothing else', async () => {
    const folder = folders['Shared/Civil']!;
    const other = folders['Shared/Process']!;
    const b1 = await addVersion(folder, 'b.pdf');
    const a1 = await addVersion(folder, 'a.pdf');
    await addVersion(folder, 'a.pdf');
    const a3 = await addVersion(folder, 'a.pdf');
    const gone = await addVersion(folder, 'c.pdf');
    await penstock.database.db
      .updateTable('items')
      .set({ deleted_at: new Date().toISOString(), deleted_by: userId })
      .where('id', '=', gone.item.id)
      .execute();
    await addVersion(other, 'elsewhere.pdf');

    const items = await penstock.documentsRepo.itemsInFolder(folder);
    expect(items.map((item) => [item.name, item.latest.number])).toEqual([
      ['a.pdf', 3],
      ['b.pdf', 1],
    ]);
    expect(items[0]).toMatchObject({ id: a1.item.id, folder_id: folder, deleted_at: null });
    expect(items[0]!.latest).toEqual({ ...a3.version, size: 1234 });
    expect(items[1]!.latest).toEqual(b1.version);
    expect((await penstock.documentsRepo.itemsInFolder(other)).map((item) => item.name)).toEqual([
      'elsewhere.pdf',
    ]);
    expect(await penstock.documentsRepo.itemsInFolder(folders['WIP/Civil']!)).toEqual([]);
  });

  it('gives a folder’s trail from the top, child folders in order, and membership, run after run', async () => {
    const nested = await penstock.documentsRepo.createFolder(projectId, folders['WIP/Process']!, 'Deep');
    const trail = await penstock.documentsRepo.folderTrail(nested.id);
    expect(trail.map((folder) => folder.name)).toEqual(['WIP', 'Process', 'Deep']);
    expect(trail[2]).toEqual(nested);
    expect((await penstock.documentsRepo.folderTrail(folders.Published!)).map((f) => f.name)).toEqual([
      'Published',
    ]);
    expect(await penstock.documentsRepo.folderTrail('f.00000000-0000-0000-0000-000000000000')).toEqual([]);

    const top = await penstock.documentsRepo.childFolders(projectId, null);
    expect(top.map((folder) => folder.name)).toEqual(['WIP', 'Shared', 'Published', 'Archived']);
    const published = await penstock.documentsRepo.childFolders(projectId, folders.Published!);
    expect(published.map((folder) => folder.name)).toEqual(['Drawings', 'Models', 'Schedules']);
    expect(await penstock.documentsRepo.childFolders(projectId, folders.Archived!)).toEqual([]);

    // the membership query lives in security/access.repo.ts (the one place a role is read)
    const access = new AccessRepo(penstock.database.db);
    expect(await access.membershipRole(projectId, userId)).toBe('member');
    expect(await access.membershipRole(projectId, crypto.randomUUID())).toBeUndefined();
  });

  it('finds a session with its user and every global role, and sees a change of roles at once', async () => {
    const sessions = new SessionsRepo(penstock.database.db);
    const at = new Date().toISOString();
    const open = async (user: string) => {
      const id = crypto.randomBytes(32).toString('hex');
      await sessions.create({ id, user_id: user, created_at: at, last_seen_at: at, expires_at: at });
      return id;
    };
    const plain = await penstock.createUser({ name: 'No Roles' });
    const reviewer = await penstock.createUser({
      name: 'Two Roles',
      roles: ['supplier_register_manager', 'feedback_reviewer'],
    });
    const plainSession = await open(plain.id);
    const reviewerSession = await open(reviewer.id);

    const none = await sessions.findWithUser(plainSession);
    expect(none?.session).toEqual({
      id: plainSession,
      user_id: plain.id,
      created_at: at,
      last_seen_at: at,
      expires_at: at,
    });
    expect(none?.user).toMatchObject({ id: plain.id, name: 'No Roles', email: plain.email, roles: [] });
    expect(none?.user).not.toHaveProperty('global_role');
    const two = await sessions.findWithUser(reviewerSession);
    expect(two?.user).toMatchObject({
      id: reviewer.id,
      name: 'Two Roles',
      roles: ['feedback_reviewer', 'supplier_register_manager'],
    });
    expect(await sessions.findWithUser('no-such-session')).toBeUndefined();

    await penstock.users.update(reviewer.id, { roles: ['administrator'] });
    expect((await sessions.findWithUser(reviewerSession))?.user.roles).toEqual(['administrator']);
    await penstock.users.update(reviewer.id, { roles: [] });
    expect((await sessions.findWithUser(reviewerSession))?.user.roles).toEqual([]);
    await sessions.delete(reviewerSession);
    expect(await sessions.findWithUser(reviewerSession)).toBeUndefined();
  });
});
