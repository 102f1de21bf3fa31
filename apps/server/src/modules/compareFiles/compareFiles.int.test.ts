import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { COMPARE_MIXED_MESSAGE, type CompareFiles } from '@penstock/shared';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';

const PDF = readFileSync('/work/shared/fixtures/pdf/tracemonkey.pdf');
const OTHER_PDF = readFileSync('/work/shared/fixtures/pdf/Test-plusminus.pdf');

for (const kind of await testDatabases()) {
  describe(`compare files (${kind})`, () => {
    let penstock: TestPenstock;
    const cookies = {} as Record<'member' | 'outsider', string>;
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
      cookies.member = await penstock.signIn(member.email);
      cookies.outsider = await penstock.signIn(outsider.email);
      const project = await penstock.createProject('Compare works', [{ userId: member.id, role: 'member' }]);
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
  });
}
