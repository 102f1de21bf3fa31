import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { suggestTag, tagStatus, TAG_STATUS, type TagLookupAnswer } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { multipartBody } from '../supplier/supplier.testing.ts';

for (const kind of await testDatabases()) {
  describe(`a sketch's tags against the project's models and asset register (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    let versionId: string;
    let member: string;
    let viewer: string;
    let outsider: string;
    /** a tagged pump and a tagged valve of the converted plant */
    let pump: { tag: string; category: string };
    let valve: { tag: string; category: string };

    const lookup = (tags: unknown, cookie = member, project = projectId) =>
      penstock.app.inject({
        method: 'POST',
        url: `/api/projects/${project}/tag-lookup`,
        payload: { tags },
        headers: { cookie },
      });

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      ({ projectId, versionId, member, viewer, outsider } = await penstock.convertedModel({
        projectName: 'Tag Project',
        fileName: 'plant.ifc',
        content: Buffer.from(generatePlantIfc({ elements: 80, seed: 11 })),
      }));
      const own = await penstock.database.db
        .selectFrom('model_objects')
        .select(['tag', 'category'])
        .where('version_id', '=', versionId)
        .where('kind', '=', 'element')
        .where('tag_source', '!=', 'parent')
        .where('tag', '!=', '')
        .execute();
      pump = own.find((row) => row.category === 'Pump')!;
      valve = own.find((row) => /Valve$/.test(row.category))!;
      expect(pump && valve).toBeTruthy();
    });
    afterAll(() => penstock?.destroy());

    it('finds the tags the model carries, case aside, with their class, and says which are not there', async () => {
      const response = await lookup([pump.tag, valve.tag.toLowerCase(), 'ZZ-999']);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<TagLookupAnswer>();
      expect(answer.models).toEqual([
        { itemId: expect.stringMatching(/^i\./), versionId, fileName: 'plant.ifc' },
      ]);
      expect(answer.tags.map((entry) => entry.tag)).toEqual([pump.tag, valve.tag.toLowerCase(), 'ZZ-999']);
      expect(answer.tags[0]!.objects[0]).toMatchObject({
        fileName: 'plant.ifc',
        versionId,
        category: 'Pump',
      });
      expect(answer.tags[1]!.objects[0]!.category).toBe(valve.category);
      expect(answer.tags[2]).toEqual({ tag: 'ZZ-999', objects: [], register: [] });
      // what the sketch shows
      expect(tagStatus('Pump', answer.tags[0])).toBe(TAG_STATUS.inModel);
      expect(tagStatus('Tank', answer.tags[0])).toBe(TAG_STATUS.differentClass);
      expect(tagStatus('Pump', answer.tags[2])).toBe(TAG_STATUS.notInModel);
    });

    it("finds tags in the project's asset register (saved values)", async () => {
      const saved = await penstock.app.inject({
        method: 'POST',
        url: '/api/savestatic',
        ...(() => {
          const { payload, headers } = multipartBody({
            Data: JSON.stringify([
              {
                projectName: 'Tag Project',
                fileName: 'plant.ifc',
                tag: 'P-9001',
                guId: '',
                category: 'Pump',
                propValueList: [{ propName: 'Manufacturer', propValue: 'Acme' }],
              },
            ]),
          });
          return { payload, headers: { ...headers, cookie: member } };
        })(),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const answer = (await lookup(['p-9001'], viewer)).json<TagLookupAnswer>();
      expect(answer.tags[0]).toEqual({
        tag: 'p-9001',
        objects: [],
        register: [{ fileName: 'plant.ifc', category: 'Pump' }],
      });
    });

    it('refuses bad input and hides the project from non-members', async () => {
      expect((await lookup('P-101')).statusCode).toBe(400);
      expect((await lookup([''])).json()).toEqual({ error: 'tags.0: A tag is empty' });
      expect((await lookup(['x'.repeat(61)])).statusCode).toBe(400);
      expect((await lookup(Array.from({ length: 5001 }, (_, i) => `T-${i}`))).json().error).toMatch(
        /At most 5000/,
      );
      expect((await lookup(['P-101'], outsider)).statusCode).toBe(404);
      expect((await lookup(['P-101'], member, 'not-a-project')).statusCode).toBe(400);
      const anonymous = await penstock.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/tag-lookup`,
        payload: { tags: ['P-101'] },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it("gives the project's tags that start with a stem, so the next number follows the project's", async () => {
      const inUse = (stem: string, cookie = member) =>
        penstock.app.inject({
          method: 'GET',
          url: `/api/projects/${projectId}/tags-in-use?stem=${encodeURIComponent(stem)}`,
          headers: { cookie },
        });
      // the model's pump tag, found by its start in any case
      const stem = pump.tag.slice(0, 2);
      const answer = await inUse(stem.toLowerCase(), viewer);
      expect(answer.statusCode, answer.body).toBe(200);
      const tags = answer.json<{ tags: string[] }>().tags;
      expect(tags).toContain(pump.tag);
      expect(tags.every((tag) => tag.toUpperCase().startsWith(stem.toUpperCase()))).toBe(true);
      // the register's P-9001 (saved above) makes the project's next pump P-9002
      const register = (await inUse('P-9')).json<{ tags: string[] }>().tags;
      expect(register).toContain('P-9001');
      expect(suggestTag('P', { pattern: '{prefix}-{area}{seq:3}', area: '9' }, register)).toBe('P-9002');
      // LIKE's wildcards are plain text in a stem
      expect((await inUse('%')).json()).toEqual({ tags: [] });
      expect((await inUse('_-')).json()).toEqual({ tags: [] });
      expect((await inUse('')).statusCode).toBe(400);
      expect((await inUse('P', outsider)).statusCode).toBe(404);
    });
  });
}
