import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { dynamicRecordOf, findAssetType, type DynamicRecord, type StaticRecord } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';

const PROJECT = 'Records Project';

/**
 * A small generated plant in which the first proxy element (a lower express id than the first pump) loses
 * its property set and is aggregated into that pump: it inherits the pump's tag, and the pump, which
 * carries the Tag itself, must still give the tag's records.
 */
function plantWithChild(): {
  ifc: string;
  childId: number;
  pumpId: number;
  pumpGuid: string;
  pumpTag: string;
} {
  let ifc = generatePlantIfc({ elements: 120, seed: 3 });
  const child = /^#(\d+)=IFCBUILDINGELEMENTPROXY\(/m.exec(ifc)!;
  const childId = Number(child[1]);
  const pump = /^#(\d+)=IFCPUMP\('([^']*)',#\d+,'([^']*)'/m.exec(ifc)!;
  const pumpId = Number(pump[1]);
  expect(childId).toBeLessThan(pumpId);
  const rel = new RegExp(`^#\\d+=IFCRELDEFINESBYPROPERTIES\\([^\\n]*\\(#${childId}\\),#\\d+\\);\\n`, 'm');
  expect(rel.test(ifc)).toBe(true);
  ifc = ifc.replace(rel, '');
  ifc = ifc.replace(
    /ENDSEC;\s*END-ISO-10303-21;\s*$/,
    `#9999999=IFCRELAGGREGATES('2Pv7$0kYz0HQ8m7n9Z0aBc',#5,$,$,#${pumpId},(#${childId}));\nENDSEC;\nEND-ISO-10303-21;\n`,
  );
  return { ifc, childId, pumpId, pumpGuid: pump[2]!, pumpTag: pump[3]! };
}

/** multipart/form-data with one plain field named Data, as the spec's clients send it */
function dataField(data: unknown): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="Data"\r\n\r\n${JSON.stringify(data)}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

for (const kind of await testDatabases()) {
  describe(`model records (${kind})`, () => {
    let penstock: TestPenstock;
    let member: string;
    let viewer: string;
    let outsider: string;
    let folderId: string;

    const upload = (fileName: string, content: Buffer) =>
      penstock.uploadFile(folderId, member, fileName, content);
    const get = (url: string, cookie = member) =>
      penstock.app.inject({ method: 'GET', url, headers: { cookie } });

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const a = await penstock.createUser({ name: 'Member' });
      const b = await penstock.createUser({ name: 'Viewer' });
      const c = await penstock.createUser({ name: 'Outsider' });
      const project = await penstock.createProject(PROJECT, [
        { userId: a.id, role: 'member' },
        { userId: b.id, role: 'viewer' },
      ]);
      folderId = project.folders['WIP/Process']!;
      member = await penstock.signIn(a.email);
      viewer = await penstock.signIn(b.email);
      outsider = await penstock.signIn(c.email);
    });
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('gives one static and one dynamic record per tag, from the catalogue, without stored values', async () => {
      const plant = plantWithChild();
      const versionId = await upload('plant.ifc', Buffer.from(plant.ifc));

      const early = await get(`/api/models/${versionId}/records`);
      expect(early.statusCode).toBe(409);
      expect(early.json().error).toMatch(/still being converted/);

      await penstock.jobs.idle();
      const objects = (await get(`/api/models/${versionId}/objects`)).json<{
        localIds: number[];
        tags: string[];
      }>();
      expect(objects.tags[objects.localIds.indexOf(plant.childId)]).toBe(plant.pumpTag);

      const response = await get(`/api/models/${versionId}/records`);
      expect(response.statusCode).toBe(200);
      const records = response.json<{ static: StaticRecord[]; dynamic: DynamicRecord[] }>();
      const tags = [...new Set(objects.tags.filter((tag) => tag !== ''))];
      expect(records.static.map((r) => r.tag).sort()).toEqual([...tags].sort());
      expect(records.dynamic.map((r) => r.tag)).toEqual(records.static.map((r) => r.tag));
      for (const record of [...records.static, ...records.dynamic]) {
        expect(record.projectName).toBe(PROJECT);
        expect(record.fileName).toBe('plant.ifc');
      }

      // the pump carries the tag itself: it wins over the child that only inherits it
      const pumpStatic = records.static.find((r) => r.tag === plant.pumpTag)!;
      expect(pumpStatic).toMatchObject({ guId: plant.pumpGuid, category: 'Pump' });
      const pumpType = findAssetType('Pump')!;
      const names = pumpStatic.propValueList.map((v) => v.propName);
      expect(names.every((name) => pumpType.staticProps.includes(name))).toBe(true);
      expect(pumpStatic.propValueList).toContainEqual({ propName: 'Tag', propValue: plant.pumpTag });
      expect(pumpStatic.propValueList).toContainEqual({ propName: 'P&ID Class', propValue: 'Pump' });

      const pumpDynamic = records.dynamic.find((r) => r.tag === plant.pumpTag)!;
      const emptyPump = {
        guId: plant.pumpGuid,
        category: 'Pump',
        locked: false,
        propValueList: pumpType.dynamicProps.map((propName) => ({ propName, propValue: '' })),
      };
      expect(pumpDynamic).toMatchObject(emptyPump);

      // stored dynamic values are not merged here (the client does that with getdynamic)
      const { payload, headers } = dataField([
        { ...pumpDynamic, locked: false, propValueList: [{ propName: 'Note', propValue: 'stored' }] },
      ]);
      const saved = await penstock.app.inject({
        method: 'POST',
        url: '/api/savedynamic',
        payload,
        headers: { ...headers, cookie: member },
      });
      expect(saved.statusCode).toBe(200);
      const again = (await get(`/api/models/${versionId}/records`, viewer)).json<{
        dynamic: DynamicRecord[];
      }>();
      expect(again.dynamic.find((r) => r.tag === plant.pumpTag)).toMatchObject(emptyPump);

      // the streamed form: the same static records, one JSON text per line; the dynamic ones derive from them
      const streamed = await get(`/api/models/${versionId}/records?format=ndjson`, viewer);
      expect(streamed.statusCode).toBe(200);
      expect(streamed.headers['content-type']).toMatch(/^application\/x-ndjson/);
      const lines = streamed.body.split('\n');
      expect(lines.pop()).toBe('');
      expect(lines.map((line) => JSON.parse(line) as StaticRecord)).toEqual(records.static);
      expect(records.static.map(dynamicRecordOf)).toEqual(records.dynamic);
      const unknown = await get(`/api/models/${versionId}/records?format=csv`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toBe('Unknown records format');

      // access: outsiders see nothing
      expect((await get(`/api/models/${versionId}/records`, outsider)).statusCode).toBe(404);
      expect((await get(`/api/models/${versionId}/records?format=ndjson`, outsider)).statusCode).toBe(404);
    });

    it('answers 409 for a document without a model, 404 for a missing id, 400 for a bad one', async () => {
      const text = await upload('notes.txt', Buffer.from('hello'));
      const none = await get(`/api/models/${text}/records`);
      expect(none.statusCode).toBe(409);
      expect(none.json().error).toBe('This document has no converted model');
      expect((await get(`/api/models/v.${crypto.randomUUID()}/records`)).statusCode).toBe(404);
      const bad = await get('/api/models/not-a-version/records');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Invalid version id');
      const anonymous = await penstock.app.inject({
        method: 'GET',
        url: `/api/models/${text}/records`,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
}
