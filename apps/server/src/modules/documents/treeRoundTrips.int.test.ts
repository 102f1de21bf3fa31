import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';

/**
 * Issue 38, aim 5: a signed-in tree read of a folder is one statement, one round trip on PostgreSQL (the
 * session with its user and roles, the folder's trail, the membership, the child folders, the items with their
 * latest versions), and still answers as before: the listing with its ISO 19650 state, 401 before anything
 * else, 404 for a non-member or a missing folder, an expired session deleted, a disabled account refused, the
 * sliding expiry renewed. The statements are counted where they reach the database (db/database.ts).
 */
describe.each(await testDatabases())('the tree read of a folder on %s', (kind) => {
  let penstock: TestPenstock;
  let member: string;
  let memberId: string;
  let outsider: string;
  let folders: Record<string, string>;
  let projectId: string;

  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
    const a = await penstock.createUser({ name: 'Manager' });
    const c = await penstock.createUser({ name: 'Outsider' });
    memberId = a.id;
    ({ id: projectId, folders } = await penstock.createProject('Round trips', [
      { userId: a.id, role: 'manager' },
    ]));
    member = await penstock.signIn(a.email);
    outsider = await penstock.signIn(c.email);
    await penstock.uploadFile(folders['Published/Drawings']!, member, 'b.pdf', Buffer.from('%PDF-1.4 b'));
    await penstock.uploadFile(folders['Published/Drawings']!, member, 'a.pdf', Buffer.from('%PDF-1.4 a'));
    await penstock.uploadFile(folders['Published/Drawings']!, member, 'a.pdf', Buffer.from('%PDF-1.4 a2'));
    await penstock.documentsRepo.createFolder(projectId, folders['Published/Drawings']!, 'Sub');
  });
  afterAll(() => penstock.destroy());

  /** a GET /api/tree and the statements it sent to the database */
  const read = async (id: string, cookie?: string) => {
    const before = penstock.database.statements.count;
    const response = await penstock.app.inject({
      method: 'GET',
      url: `/api/tree?id=${encodeURIComponent(id)}`,
      headers: cookie ? { cookie } : {},
    });
    return { response, statements: penstock.database.statements.count - before };
  };

  it('lists a folder in one statement, session and membership included', async () => {
    const { response, statements } = await read(folders['Published/Drawings']!, member);
    expect(response.statusCode).toBe(200);
    expect(statements).toBe(1);
    const nodes = response.json<Array<Record<string, unknown>>>();
    expect(nodes.map((node) => [node.type, node.text])).toEqual([
      ['folder', 'Sub'],
      ['item', 'a.pdf'],
      ['item', 'b.pdf'],
    ]);
    expect(nodes[1]).toMatchObject({ versionNumber: 2, size: 11, state: 'Published', fileType: 'pdf' });
    expect(nodes[2]).toMatchObject({ versionNumber: 1, size: 10, state: 'Published' });
    // and again: the compiled statement's second run
    const again = await read(folders['WIP/Civil']!, member);
    expect([again.response.statusCode, again.statements, again.response.json()]).toEqual([200, 1, []]);
  });

  it('refuses as before: 401 first, 404 for a non-member or a missing folder', async () => {
    const signedOut = await read(folders['Published/Drawings']!);
    expect([signedOut.response.statusCode, signedOut.statements]).toEqual([401, 0]);
    const unknown = await read(folders['Published/Drawings']!, 'penstock_session=not-a-session');
    expect([unknown.response.statusCode, unknown.statements]).toEqual([401, 1]);
    // a bad id from a signed-out caller is still a 401, from a signed-in one a 400
    expect((await read('f.nonsense', 'penstock_session=not-a-session')).response.statusCode).toBe(401);
    expect((await read('nonsense', member)).response.statusCode).toBe(400);
    const stranger = await read(folders['Published/Drawings']!, outsider);
    expect([stranger.response.statusCode, stranger.statements]).toEqual([404, 1]);
    const missing = await read(`f.${crypto.randomUUID()}`, member);
    expect([missing.response.statusCode, missing.statements]).toEqual([404, 1]);
  });

  it('applies the session rules: a disabled account, an expired session, the sliding expiry', async () => {
    const user = await penstock.createUser({ name: 'Soon Disabled' });
    await penstock.projectsRepo.upsertMember(projectId, user.id, 'viewer');
    const cookie = await penstock.signIn(user.email);
    expect((await read(folders['WIP/Civil']!, cookie)).response.statusCode).toBe(200);
    await penstock.users.update(user.id, { disabled: true });
    expect((await read(folders['WIP/Civil']!, cookie)).response.statusCode).toBe(401);

    const sessionId = (c: string) =>
      crypto.createHash('sha256').update(c.slice('penstock_session='.length)).digest('hex');
    const db = penstock.database.db;
    const idle = await penstock.signIn((await penstock.createUser({ name: 'Idle' })).email);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 5 * 60_000).toISOString() })
      .where('id', '=', sessionId(idle))
      .execute();
    // renewed: the session's expiry written (a second statement, at most once a minute) and the cookie sent again
    const renewed = await read(folders['WIP/Civil']!, idle);
    expect([renewed.response.statusCode, renewed.statements]).toEqual([404, 2]);
    expect(renewed.response.cookies.some((c) => c.name === 'penstock_session')).toBe(true);
    const touched = await db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id', '=', sessionId(idle))
      .executeTakeFirst();
    expect(Date.now() - Date.parse(touched!.last_seen_at)).toBeLessThan(60_000);

    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sessionId(member))
      .execute();
    expect((await read(folders['WIP/Civil']!, member)).response.statusCode).toBe(401);
    const gone = await db.selectFrom('sessions').select('id').where('user_id', '=', memberId).execute();
    expect(gone.map((row) => row.id)).not.toContain(sessionId(member));
  });
});
