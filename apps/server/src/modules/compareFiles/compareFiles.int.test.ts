import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import {
  CHANGED_PAGES_DPI,
  COMPARE_MIXED_MESSAGE,
  type ChangedPagesAnswer,
  type CompareFiles,
} from '@penstock/shared';
import {
  createTestPenstock,
  multipartFile,
  rowCounts,
  testDatabases,
  type TestPenstock,
} from '../../test/harness.ts';
import { NOT_DRAWINGS_MESSAGE } from './compareFiles.service.ts';

const PDF = readFileSync('/work/shared/fixtures/pdf/tracemonkey.pdf');
const OTHER_PDF = readFileSync('/work/shared/fixtures/pdf/Test-plusminus.pdf');

for (const kind of await testDatabases()) {
  describe(`compare files (${kind})`, () => {
    let penstock: TestPenstock;
    const cookies = {} as Record<'member' | 'viewer' | 'outsider', string>;
    let drawingV1: string;
    let drawingV2: string;
    let model: string;
    let text: string;

    const ask = (base: string, head: string, who: keyof typeof cookies = 'member') =>
      penstock.app.inject({
        method: 'GET',
        url: `/api/compare-files?base=${encodeURIComponent(base)}&head=${encodeURIComponent(head)}`,
        headers: { cookie: cookies[who] },
      });

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const member = await penstock.createUser({ name: 'Ada Lovelace' });
      const outsider = await penstock.createUser({ name: 'Otto Outsider' });
      const viewer = await penstock.createUser({ name: 'Vera Viewer' });
      cookies.member = await penstock.signIn(member.email);
      cookies.outsider = await penstock.signIn(outsider.email);
      cookies.viewer = await penstock.signIn(viewer.email);
      const project = await penstock.createProject('Compare works', [
        { userId: member.id, role: 'member' },
        { userId: viewer.id, role: 'viewer' },
      ]);
      const upload = async (name: string, content: Buffer) => {
        const { payload, headers } = multipartFile(name, content);
        const answer = await penstock.app.inject({
          method: 'POST',
          url: `/api/folders/${project.folders.WIP!}/files`,
          payload,
          headers: { ...headers, cookie: cookies.member },
        });
        expect(answer.statusCode, answer.body).toBe(201);
        return (answer.json() as { version: { id: string } }).version.id;
      };
      drawingV1 = await upload('P-101.pdf', PDF);
      drawingV2 = await upload('P-101.pdf', OTHER_PDF);
      model = await upload('plant.ifc', Buffer.from(generatePlantIfc({ elements: 6, seed: 4 })));
      text = await upload('notes.txt', Buffer.from('notes\n'));
      await penstock.jobs.idle();
    }, 120_000);
    afterAll(async () => {
      await penstock?.jobs.idle();
      await penstock?.destroy();
    });

    it('answers two versions of a drawing as a drawing compare, older first', async () => {
      const answer = await ask(drawingV1, drawingV2);
      expect(answer.statusCode, answer.body).toBe(200);
      const pair = answer.json() as CompareFiles;
      expect(pair.kind).toBe('drawing');
      expect(pair.base).toMatchObject({ id: drawingV1, number: 1, fileName: 'P-101.pdf' });
      expect(pair.head).toMatchObject({ id: drawingV2, number: 2, fileName: 'P-101.pdf' });
    });

    it('refuses a drawing with a model, and files that cannot be compared, with a clear 400', async () => {
      const mixed = await ask(drawingV2, model);
      expect(mixed.statusCode).toBe(400);
      expect(mixed.json()).toEqual({ error: COMPARE_MIXED_MESSAGE });
      const unsupported = await ask(drawingV1, text);
      expect(unsupported.statusCode).toBe(400);
      expect((unsupported.json() as { error: string }).error).toMatch(/Only PDF drawings and IFC models/);
      const bad = await ask('v.nope', drawingV2);
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { error: string }).error).toMatch(/base must be a version id/);
    });

    it('refuses files the user may not read, and versions that do not exist', async () => {
      const denied = await ask(drawingV1, drawingV2, 'outsider');
      expect([403, 404]).toContain(denied.statusCode);
      expect((denied.json() as { error: string }).error).toBeTruthy();
      const missing = await ask(drawingV1, 'v.00000000-0000-4000-8000-000000000000');
      expect(missing.statusCode).toBe(404);
    });

    describe('the changed-page count of a drawing pair, kept for the team (issue 34 §3)', () => {
      const countUrl = (base: string, head: string) =>
        `/api/compare-files/changed-pages?base=${encodeURIComponent(base)}&head=${encodeURIComponent(head)}`;
      const read = (base: string, head: string, who: keyof typeof cookies = 'member') =>
        penstock.app.inject({ method: 'GET', url: countUrl(base, head), headers: { cookie: cookies[who] } });
      const post = (body: Record<string, unknown>, who: keyof typeof cookies = 'member') =>
        penstock.app.inject({
          method: 'PUT',
          url: '/api/compare-files/changed-pages',
          headers: { cookie: cookies[who] },
          payload: body,
        });
      const counts = async () => (await rowCounts(penstock.database.db)).drawing_page_counts;

      it('is null until a browser counts it; the first count is then every reader’s', async () => {
        const none = await read(drawingV1, drawingV2, 'viewer');
        expect(none.statusCode, none.body).toBe(200);
        expect(none.json()).toEqual({ count: null });

        // a viewer reads both versions: their browser's count is kept for the team
        const kept = await post({ base: drawingV1, head: drawingV2, changed: 13, pages: 14 }, 'viewer');
        expect(kept.statusCode, kept.body).toBe(200);
        const count = {
          baseVersionId: drawingV1,
          headVersionId: drawingV2,
          dpi: CHANGED_PAGES_DPI,
          changed: 13,
          pages: 14,
          countedAt: expect.any(String),
          countedByName: 'Vera Viewer',
        };
        expect(kept.json()).toEqual({ count });
        expect((await read(drawingV1, drawingV2)).json()).toEqual({ count });

        // counted again (another browser): the first count stands, nothing more is written
        const before = await counts();
        const again = await post({ base: drawingV1, head: drawingV2, changed: 2, pages: 14 });
        expect((again.json() as ChangedPagesAnswer).count).toMatchObject({
          changed: 13,
          countedByName: 'Vera Viewer',
        });
        expect(await counts()).toBe(before);
        // the other way round is another pair
        expect((await read(drawingV2, drawingV1)).json()).toEqual({ count: null });
      });

      it('refuses pairs the user may not read, models, and counts that cannot be, writing nothing', async () => {
        const before = await counts();
        const denied = await post({ base: drawingV2, head: drawingV1, changed: 1, pages: 14 }, 'outsider');
        expect([403, 404]).toContain(denied.statusCode);
        expect([403, 404]).toContain((await read(drawingV1, drawingV2, 'outsider')).statusCode);
        const mixed = await post({ base: drawingV1, head: model, changed: 0, pages: 1 });
        expect(mixed.statusCode).toBe(400);
        expect(mixed.json()).toEqual({ error: COMPARE_MIXED_MESSAGE });
        const models = await read(model, model);
        expect(models.statusCode).toBe(400);
        expect(models.json()).toEqual({ error: NOT_DRAWINGS_MESSAGE });
        for (const [body, error] of [
          [
            { base: drawingV2, head: drawingV1, changed: 15, pages: 14 },
            'changed: changed cannot be more than pages',
          ],
          [
            { base: drawingV2, head: drawingV1, changed: -1, pages: 14 },
            'changed: changed cannot be negative',
          ],
          [{ base: drawingV2, head: drawingV1, changed: 1, pages: 0 }, 'pages: pages must be at least 1'],
          [
            { base: drawingV2, head: drawingV1, changed: 1.5, pages: 3 },
            'changed: changed must be a whole number',
          ],
          [{ head: drawingV1, changed: 1, pages: 3 }, 'base: base is required'],
        ] as const) {
          const answer = await post(body);
          expect(answer.statusCode, JSON.stringify(body)).toBe(400);
          expect(answer.json()).toEqual({ error });
        }
        expect(await counts()).toBe(before);
      });
    });
  });
}
