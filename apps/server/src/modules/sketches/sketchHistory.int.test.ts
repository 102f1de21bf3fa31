import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SketchVersion } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import type { Person } from '../../test/access/accessFixture.ts';

/** A note on the canvas: each save of the history test changes its words. */
const LISTS = {
  Texts: [
    {
      id: 'note',
      tool: 'text',
      x: 10,
      y: 20,
      rotation: 0,
      scaleX: 1,
      scaleY: 1,
      text: 'Inlet pumping station',
    },
  ],
};

/** A sketch's history (issue 37 §5): each save a version, listed and restored, stale bases refused. */
for (const kind of await testDatabases()) {
  describe(`sketch history (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    const people = {} as Record<'engineer' | 'checker' | 'viewer' | 'outsider', Person>;

    const call = (method: 'GET' | 'POST', url: string, who: keyof typeof people, payload?: object) =>
      penstock.app.inject({ method, url, payload, headers: { cookie: people[who].cookie } });
    const save = (
      name: string,
      baseUpdatedAt: string,
      texts: unknown[],
      who: keyof typeof people = 'engineer',
    ) =>
      call('POST', '/api/savepidsketch', who, {
        Project: projectId,
        DrawingName: `${name} - 07/12/2026, 10:00:00`,
        BaseUpdatedAt: baseUpdatedAt,
        Texts: texts,
      });
    const sketchUrl = (id: string) => `/api/projects/${projectId}/sketches/${id}`;

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      for (const who of ['engineer', 'checker', 'viewer', 'outsider'] as const) {
        const user = await penstock.createUser({ name: `History ${who}` });
        people[who] = { ...user, name: `History ${who}`, cookie: await penstock.signIn(user.email) };
      }
      const project = await penstock.createProject('History works', [
        { userId: people.engineer.id, role: 'member' },
        { userId: people.checker.id, role: 'member' },
        { userId: people.viewer.id, role: 'viewer' },
      ]);
      projectId = project.id;
    });
    afterAll(() => penstock?.destroy());

    it('keeps every save as a version, restores one as a new version, and answers 409 to a stale base', async () => {
      const first = await save('History', '', LISTS.Texts);
      expect(first.statusCode, first.body).toBe(200);
      const one = first.json<{ id: string; number: number; updatedAt: string }>();
      expect(one.number).toBe(1);
      const changed = [{ ...LISTS.Texts[0], text: 'Second words' }];
      const second = await save('History', one.updatedAt, changed, 'checker');
      expect(second.statusCode, second.body).toBe(200);
      const two = second.json<{ id: string; number: number; updatedAt: string }>();
      expect(two).toMatchObject({ id: one.id, number: 2 });
      // the engineer still has version 1 open: a save over the checker's is refused, nothing overwritten
      expect((await save('History', one.updatedAt, LISTS.Texts)).statusCode).toBe(409);

      const versions = await call('GET', `${sketchUrl(one.id)}/versions`, 'viewer');
      expect(versions.statusCode).toBe(200);
      expect(versions.json<SketchVersion[]>().map((v) => [v.number, v.savedBy, v.restoredFrom])).toEqual([
        [2, 'History checker', null],
        [1, 'History engineer', null],
      ]);

      const restoreUrl = `${sketchUrl(one.id)}/versions/1/restore`;
      // a restore from a stale base is refused like a save
      const stale = await call('POST', restoreUrl, 'engineer', { baseUpdatedAt: one.updatedAt });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatch(/was saved by History checker/);
      expect((await call('POST', restoreUrl, 'viewer', { baseUpdatedAt: two.updatedAt })).statusCode).toBe(
        403,
      );
      // a project someone is not in is not there for them
      expect((await call('POST', restoreUrl, 'outsider', { baseUpdatedAt: two.updatedAt })).statusCode).toBe(
        404,
      );
      expect((await call('POST', restoreUrl, 'engineer', {})).statusCode).toBe(400);
      expect(
        (
          await call('POST', `${sketchUrl(one.id)}/versions/9/restore`, 'engineer', {
            baseUpdatedAt: two.updatedAt,
          })
        ).statusCode,
      ).toBe(404);
      const restored = await call('POST', restoreUrl, 'engineer', { baseUpdatedAt: two.updatedAt });
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toMatchObject({ id: one.id, number: 3 });
      const listed = (await call('POST', '/api/getpidsketch', 'engineer', { Project: projectId })).json<
        Array<{ id: string; Texts: Array<{ text: string }>; updatedBy: string }>
      >();
      const sketch = listed.find((entry) => entry.id === one.id)!;
      expect(sketch.Texts[0]!.text).toBe('Inlet pumping station');
      expect(sketch.updatedBy).toBe('History engineer');
      const history = (await call('GET', `${sketchUrl(one.id)}/versions`, 'engineer')).json<
        SketchVersion[]
      >();
      expect(history[0]).toMatchObject({ number: 3, restoredFrom: 1, savedBy: 'History engineer' });
      expect((await call('GET', `${sketchUrl(one.id)}/versions`, 'outsider')).statusCode).toBe(404);
      expect((await call('GET', `${sketchUrl('s.nope')}/versions`, 'engineer')).statusCode).toBe(400);
    });
  });
}
