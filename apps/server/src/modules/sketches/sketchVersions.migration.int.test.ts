import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';

/** The sketch-history migration gives each sketch saved before it its content as version 1 (issue 37 §5). */
describe.each(await testDatabases())('the sketch versions migration on %s', (kind) => {
  let penstock: TestPenstock;
  beforeAll(async () => {
    penstock = await createTestPenstock(kind);
  });
  afterAll(() => penstock.destroy());

  it('keeps each existing sketch as its version 1, and later saves number on from it', async () => {
    const db = penstock.database.db;
    const user = await penstock.createUser({ name: 'Old Saver' });
    const cookie = await penstock.signIn(user.email);
    const { id: projectId } = await penstock.createProject('Old sketches', [
      { userId: user.id, role: 'member' },
    ]);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    // back to before the history table
    const down = await migrator.migrateTo('20261206T1000_outbox_kept_text');
    expect(down.error).toBeUndefined();
    const content = JSON.stringify({ Texts: [{ id: 't', tool: 'text', x: 1, y: 2, text: 'old words' }] });
    await db
      .insertInto('pid_sketches')
      .values({
        id: 's.00000000-0000-4000-8000-0000000000aa',
        project_id: projectId,
        drawing_name: 'Legacy - 01/12/2026, 09:00:00',
        base_name: 'Legacy',
        content_json: content,
        version: 2,
        bytes: content.length,
        created_by: user.id,
        created_at: '2026-12-01T09:00:00.000Z',
        updated_by: user.id,
        updated_at: '2026-12-01T09:00:00.000Z',
      })
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const url = `/api/projects/${projectId}/sketches/s.00000000-0000-4000-8000-0000000000aa/versions`;
    const history = await penstock.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(history.json()).toEqual([
      {
        number: 1,
        drawingName: 'Legacy - 01/12/2026, 09:00:00',
        savedAt: '2026-12-01T09:00:00.000Z',
        savedBy: 'Old Saver',
        bytes: content.length,
        restoredFrom: null,
        issues: [],
      },
    ]);
    const saved = await penstock.app.inject({
      method: 'POST',
      url: '/api/savepidsketch',
      payload: {
        Project: projectId,
        DrawingName: 'Legacy - 07/12/2026, 10:00:00',
        BaseUpdatedAt: '2026-12-01T09:00:00.000Z',
        Texts: [{ id: 't', tool: 'text', x: 1, y: 2, text: 'new words' }],
      },
      headers: { cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: 's.00000000-0000-4000-8000-0000000000aa', number: 2 });
  });
});
