import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePidPdf, generatePlantIfc } from '@penstock/plantgen';
import { readBlob } from '../../storage/blobStore.ts';
import { itemLocalIds, itemTableBytes } from './itemIndex.ts';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';

const fixture = (name: string) =>
  path.resolve(import.meta.dirname, '../../../../../../shared/fixtures', name);

/**
 * A small generated plant, changed so that one untagged object without properties is aggregated into a
 * tagged one: the parent fallback of tags and properties has something to show.
 */
function plantWithChild(): {
  ifc: string;
  childId: number;
  parentId: number;
  parentTag: string;
  tags: Set<string>;
} {
  let ifc = generatePlantIfc({ elements: 120, seed: 3 });
  const child = /^#(\d+)=IFCBUILDINGELEMENTPROXY\(/m.exec(ifc)!;
  const childId = Number(child[1]);
  const parent = /^#(\d+)=IFCPUMP\('[^']*',#\d+,'([^']*)'/m.exec(ifc)!;
  const parentId = Number(parent[1]);
  const relPattern = new RegExp(
    `^#\\d+=IFCRELDEFINESBYPROPERTIES\\([^\\n]*\\(#${childId}\\),#\\d+\\);\\n`,
    'm',
  );
  expect(relPattern.test(ifc)).toBe(true);
  ifc = ifc.replace(relPattern, '');
  ifc = ifc.replace(
    /ENDSEC;\s*END-ISO-10303-21;\s*$/,
    `#9999999=IFCRELAGGREGATES('2Pv7$0kYz0HQ8m7n9Z0aBc',#5,$,$,#${parentId},(#${childId}));\nENDSEC;\nEND-ISO-10303-21;\n`,
  );
  const tags = new Set(
    [...ifc.matchAll(/IFCPROPERTYSINGLEVALUE\('Tag',\$,IFCLABEL\('([^']*)'\)/g)].map((m) => m[1]!),
  );
  const parentTag = new RegExp(
    `^#\\d+=IFCRELDEFINESBYPROPERTIES\\([^\\n]*\\(#${parentId}\\),#(\\d+)\\);`,
    'm',
  ).exec(ifc);
  expect(parentTag).not.toBeNull();
  return { ifc, childId, parentId, parentTag: parent[2]!, tags };
}

for (const kind of await testDatabases()) {
  describe(`models and conversion jobs (${kind})`, () => {
    let penstock: TestPenstock;
    let member: string;
    let viewer: string;
    let outsider: string;
    let folderId: string;

    const upload = async (fileName: string, content: Buffer) => {
      const { payload, headers } = multipartFile(fileName, content);
      const response = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${folderId}/files`,
        payload,
        headers: { ...headers, cookie: member },
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ version: { id: string } }>().version.id;
    };
    const get = (url: string, cookie = member) =>
      penstock.app.inject({ method: 'GET', url, headers: { cookie } });

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const a = await penstock.createUser({ name: 'Member' });
      const b = await penstock.createUser({ name: 'Viewer' });
      const c = await penstock.createUser({ name: 'Outsider' });
      const project = await penstock.createProject('Models Project', [
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

    it('converts an uploaded IFC in a worker: index, tags, parent fallback, fragments', async () => {
      const plant = plantWithChild();
      const versionId = await upload('plant.ifc', Buffer.from(plant.ifc));

      const early = await get(`/api/models/${versionId}/fragments`);
      expect(early.statusCode).toBe(409);
      expect(early.json().error).toMatch(/still being converted/);
      expect(['queued', 'running']).toContain(
        (await get(`/api/models/${versionId}`)).json().conversion.state,
      );

      await penstock.jobs.idle();
      const info = (await get(`/api/models/${versionId}`)).json();
      expect(info).toMatchObject({
        versionId,
        fileName: 'plant.ifc',
        fileType: 'ifc',
        projectName: 'Models Project',
        // the model's label in a federated view's tree (issue 33): version and ISO 19650 revision
        versionNumber: 1,
        revision: expect.stringMatching(/^P\d\d/),
        conversion: { state: 'done', progress: 1, error: null },
        objectCount: 120,
      });
      expect(info.viewables.map((v: { role: string; name: string }) => `${v.role}:${v.name}`)).toEqual([
        '3d:3D',
        '2d:Ground Floor',
        '2d:Upper Deck',
      ]);

      const objects = (await get(`/api/models/${versionId}/objects`)).json();
      expect(objects.localIds).toHaveLength(120);
      for (const column of ['parents', 'guids', 'tags', 'categories', 'hazard'])
        expect(objects[column]).toHaveLength(120);
      for (const tag of plant.tags) expect(objects.tags).toContain(tag);
      const child = objects.localIds.indexOf(plant.childId);
      expect(objects.parents[child]).toBe(plant.parentId);
      expect(objects.tags[child]).toBe(plant.parentTag);
      // the child has no P&ID Class: its category comes from its IFC class (a proxy named as a thrust block)
      const childDetail = (await get(`/api/models/${versionId}/objects/${plant.childId}`)).json();
      expect(childDetail).toMatchObject({
        localId: plant.childId,
        ifcClass: 'IfcBuildingElementProxy',
        tag: plant.parentTag,
        tagSource: 'parent',
        category: objects.categories[child],
        categorySource: objects.categories[child].startsWith('Error') ? '' : 'ifc',
      });
      const pumpDetail = (await get(`/api/models/${versionId}/objects/${plant.parentId}`)).json();
      expect(pumpDetail).toMatchObject({ ifcClass: 'IfcPump', tagSource: 'property', categorySource: 'pid' });
      expect(pumpDetail.storey).not.toBe('');
      const pump = objects.localIds.indexOf(plant.parentId);
      expect(objects.categories[pump]).not.toMatch(/^Error/);

      const own = (await get(`/api/models/${versionId}/objects/${plant.parentId}/properties`)).json();
      expect(own).toContainEqual({
        displayName: 'Tag',
        displayValue: plant.parentTag,
        displayCategory: 'Penstock_Asset',
        units: '',
        dbId: plant.parentId,
      });
      const fallback = (await get(`/api/models/${versionId}/objects/${plant.childId}/properties`)).json();
      expect(fallback).toEqual(own);
      expect((await get(`/api/models/${versionId}/objects/1/properties`)).json()).toEqual([]);

      const frag = await get(`/api/models/${versionId}/fragments`);
      expect(frag.statusCode).toBe(200);
      expect(frag.headers['content-type']).toBe('application/octet-stream');
      // revalidated on each use: a reconversion puts a new .frag at the same address
      expect(frag.headers['cache-control']).toBe('private, no-cache');
      expect(frag.rawPayload[0]).toBe(0x78); // zlib-compressed flatbuffer, as the Fragments loader expects
      expect(frag.rawPayload.length).toBeGreaterThan(10_000);
      // its length told, so the browser reads it into one buffer of that size
      expect(Number(frag.headers['content-length'])).toBe(frag.rawPayload.length);
      const again = await penstock.app.inject({
        method: 'GET',
        url: `/api/models/${versionId}/fragments`,
        headers: { cookie: member, 'if-none-match': frag.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);

      // the item → object table the browser's GPU picking names objects with: every item is an indexed object
      const items = await get(`/api/models/${versionId}/items`);
      expect(items.statusCode).toBe(200);
      expect(items.headers['content-type']).toBe('application/octet-stream');
      const table = new Uint32Array(new Uint8Array(items.rawPayload).buffer);
      expect(table.length).toBeGreaterThan(0);
      const indexed = new Set<number>(objects.localIds);
      expect([...table].every((localId) => indexed.has(localId))).toBe(true);
      expect(table).toContain(plant.childId);
      // stored by the conversion beside the .frag (a blob the orphan collector keeps), and the same table
      // as worked out from the .frag for a model converted before it was stored
      const conversion = await penstock.database.db
        .selectFrom('conversions')
        .select(['items_hash'])
        .where('version_id', '=', versionId)
        .executeTakeFirstOrThrow();
      expect(conversion.items_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Buffer.compare(await readBlob(penstock.blobs, conversion.items_hash!), items.rawPayload)).toBe(
        0,
      );
      const fromFrag = itemTableBytes(await itemLocalIds(frag.rawPayload));
      expect(Buffer.compare(fromFrag, items.rawPayload)).toBe(0);

      // access: members and viewers read, outsiders see nothing, viewers cannot reconvert
      expect((await get(`/api/models/${versionId}/objects`, viewer)).statusCode).toBe(200);
      for (const url of ['', '/fragments', '/items', '/objects', `/objects/${plant.childId}/properties`])
        expect((await get(`/api/models/${versionId}${url}`, outsider)).statusCode).toBe(404);
      const refused = await penstock.app.inject({
        method: 'POST',
        url: `/api/models/${versionId}/reconvert`,
        headers: { cookie: viewer },
      });
      expect(refused.statusCode).toBe(403);

      const reconvert = await penstock.app.inject({
        method: 'POST',
        url: `/api/models/${versionId}/reconvert`,
        headers: { cookie: member },
      });
      expect(reconvert.statusCode).toBe(202);
      // the in-process queue may pick the job up before the answer is written: accepted, not yet done
      expect(['queued', 'running']).toContain(reconvert.json().conversion.state);
      await penstock.jobs.idle();
      const after = (await get(`/api/models/${versionId}`)).json();
      expect(after.conversion.state).toBe('done');
      expect(after.objectCount).toBe(120);

      // the index is made once per conversion and kept: the same text again, a new conversion's afresh
      const first = await get(`/api/models/${versionId}/objects`);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      await penstock.database.db
        .updateTable('model_objects')
        .set({ tag: 'CHANGED-TAG' })
        .where('version_id', '=', versionId)
        .where('local_id', '=', plant.childId)
        .execute();
      expect((await get(`/api/models/${versionId}/objects`)).body).toBe(first.body);
      await penstock.database.db
        .updateTable('conversions')
        .set({ finished_at: new Date(Date.now() + 60_000).toISOString() })
        .where('version_id', '=', versionId)
        .execute();
      const fresh = (await get(`/api/models/${versionId}/objects`)).json();
      expect(fresh.tags[fresh.localIds.indexOf(plant.childId)]).toBe('CHANGED-TAG');
      expect((await get(`/api/models/${versionId}/objects`, outsider)).statusCode).toBe(404);
    });

    it('fails a corrupt file with a reason and still runs the next job (the MEP fixture)', async () => {
      const corrupt = await upload('x.ifc', crypto.randomBytes(4096));
      const mep = await upload('MEP.ifc', fs.readFileSync(fixture('ifc/MEP.ifc')));
      await penstock.jobs.idle();
      const failed = (await get(`/api/models/${corrupt}`)).json();
      expect(failed.conversion.state).toBe('failed');
      expect(failed.conversion.error).toMatch(/^The file is not a valid IFC model: /);
      expect(failed.viewables).toEqual([]);
      const fragments = await get(`/api/models/${corrupt}/fragments`);
      expect(fragments.statusCode).toBe(409);
      expect(fragments.json().error).toMatch(/could not be converted/);

      const done = (await get(`/api/models/${mep}`)).json();
      expect(done.conversion.state).toBe('done');
      expect(done.objectCount).toBeGreaterThan(0);
      expect(done.viewables.filter((v: { role: string }) => v.role === '2d').length).toBeGreaterThan(0);
      const objects = (await get(`/api/models/${mep}/objects`)).json();
      expect(objects.localIds).toHaveLength(done.objectCount);
      expect(new Set(objects.categories)).toEqual(new Set(['Error - Object needs a P&ID Class']));

      // a job a stopped server left 'running' is run again on start
      await penstock.database.db
        .updateTable('conversions')
        .set({ state: 'running', progress: 0.5 })
        .where('version_id', '=', mep)
        .execute();
      await penstock.jobs.start();
      await penstock.jobs.idle();
      const rerun = (await get(`/api/models/${mep}`)).json();
      expect(rerun.conversion).toEqual({ state: 'done', progress: 1, error: null });
      expect(rerun.objectCount).toBe(done.objectCount);
    });

    it('gives a PDF one 2D viewable per page without a job; other files have none', async () => {
      const pdf = await upload(
        'drawing.pdf',
        Buffer.from(
          await generatePidPdf({ sheets: 2, seed: 4, title: 'Test P&ID', drawingPrefix: 'T-PID-01' }),
        ),
      );
      const info = (await get(`/api/models/${pdf}`)).json();
      expect(info.conversion).toEqual({ state: 'done', progress: 1, error: null });
      expect(info.viewables.map((v: { page: number; role: string }) => [v.role, v.page])).toEqual([
        ['2d', 0],
        ['2d', 1],
      ]);
      const text = await upload('notes.txt', Buffer.from('hello'));
      const none = (await get(`/api/models/${text}`)).json();
      expect(none.conversion.state).toBe('none');
      expect(none.viewables).toEqual([]);
      expect((await get(`/api/models/${text}/objects`)).statusCode).toBe(409);
    });

    it('validates ids and needs a session', async () => {
      const bad = await get('/api/models/not-a-version');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Invalid version id');
      const missing = await get(`/api/models/v.${crypto.randomUUID()}`);
      expect(missing.statusCode).toBe(404);
      const badObject = await get(`/api/models/v.${crypto.randomUUID()}/objects/abc/properties`);
      expect(badObject.statusCode).toBe(400);
      expect(
        (await penstock.app.inject({ method: 'GET', url: `/api/models/v.${crypto.randomUUID()}` }))
          .statusCode,
      ).toBe(401);
    });
  });
}
