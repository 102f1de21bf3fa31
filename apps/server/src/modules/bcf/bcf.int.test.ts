import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/bcf', name));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface IssueLike {
  guid: string;
  title: string;
  status: string;
  type: string;
  description: string;
}

for (const kind of await testDatabases()) {
  describe(`BCF 3.0 export and import (${kind})`, () => {
    let penstock: TestPenstock;
    let projectA: string;
    let projectB: string;
    let member: string;
    let viewer: string;
    let outsider: string;
    let versionId: string;

    const importBcf = (projectId: string, content: Buffer, cookie = member) => {
      const { payload, headers } = multipartFile('issues.bcf', content);
      return penstock.app.inject({
        method: 'POST',
        url: `/api/issues/bcf?projectid=${projectId}`,
        payload,
        headers: { ...headers, cookie },
      });
    };
    const exportBcf = (projectId: string, cookie = member) =>
      penstock.app.inject({
        method: 'GET',
        url: `/api/issues/bcf?projectid=${projectId}`,
        headers: { cookie },
      });
    const issuesOf = async (projectId: string): Promise<IssueLike[]> =>
      (
        await penstock.app.inject({
          method: 'GET',
          url: `/api/issues?projectid=${projectId}`,
          headers: { cookie: member },
        })
      ).json();
    const summary = (issues: IssueLike[]) =>
      issues
        .map(({ guid, title, status, type, description }) => ({ guid, title, status, type, description }))
        .sort((a, b) => a.guid.localeCompare(b.guid));

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const a = await penstock.createUser({ name: 'Ada Lovelace' });
      const b = await penstock.createUser({ name: 'Grace Hopper' });
      const c = await penstock.createUser();
      const project = await penstock.createProject('BCF A', [
        { userId: a.id, role: 'member' },
        { userId: b.id, role: 'viewer' },
      ]);
      projectA = project.id;
      projectB = (await penstock.createProject('BCF B', [{ userId: a.id, role: 'manager' }])).id;
      member = await penstock.signIn(a.email);
      viewer = await penstock.signIn(b.email);
      outsider = await penstock.signIn(c.email);
      const { payload, headers } = multipartFile('plan.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
      const upload = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${project.folders.WIP}/files`,
        payload,
        headers: { ...headers, cookie: member },
      });
      versionId = upload.json().version.id;
    });
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('imports the BCF 3.0 fixtures as issues, and again as updates by Guid', async () => {
      const minimum = await importBcf(projectA, fixture('bcf30_minimum_information.bcf'));
      expect(minimum.statusCode, minimum.body).toBe(200);
      expect(minimum.json()).toMatchObject({ created: 1, updated: 0 });
      expect(minimum.json().issues[0]).toMatchObject({
        guid: 'b0ddb128-a997-44c1-8ad8-59492daa5f6b',
        title: 'Minimum information',
        status: 'open',
        type: 'quality_issues',
        createdAt: '2021-02-17T09:16:36.674Z',
      });
      const selection = await importBcf(projectA, fixture('bcf30_component_selection.bcf'));
      expect(selection.statusCode, selection.body).toBe(200);
      expect(selection.json().issues[0]).toMatchObject({
        guid: '647bca1c-cac3-4f16-84a8-912e081edd57',
        title: 'Component Selection',
        description: 'Exactly three components are selected',
      });
      const again = await importBcf(projectA, fixture('bcf30_component_selection.bcf'));
      expect(again.json()).toMatchObject({ created: 0, updated: 1 });
      expect(await issuesOf(projectA)).toHaveLength(2);
    });

    it('exports the project as BCF 3.0 and imports it into another project unchanged', async () => {
      const created = await penstock.app.inject({
        method: 'POST',
        url: '/api/issues',
        headers: { cookie: member },
        payload: {
          projectId: projectA,
          type: 'rfi',
          title: 'Pump <P-101> clearance',
          description: 'Is there room & access?',
          linkedDocuments: [
            {
              documentId: versionId,
              details: {
                viewableGuid: 'page-0',
                position: { x: 1, y: 2, z: 3 },
                objectId: 42,
                viewerState: {
                  camera: {
                    position: { x: 10, y: 0, z: 5 },
                    direction: { x: -1, y: 0, z: 0 },
                    up: { x: 0, y: 0, z: 1 },
                    fov: 45,
                  },
                },
              },
            },
          ],
        },
      });
      expect(created.statusCode).toBe(201);
      const issue = created.json();
      await penstock.app.inject({
        method: 'PATCH',
        url: `/api/issues/${issue.id}`,
        headers: { cookie: member },
        payload: { status: 'answered' },
      });
      await penstock.app.inject({
        method: 'POST',
        url: `/api/issues/${issue.id}/comments`,
        headers: { cookie: viewer },
        payload: { body: 'Measured 600 mm' },
      });
      await penstock.database.db
        .insertInto('model_objects')
        .values({
          version_id: versionId,
          local_id: 42,
          guid: '0KkZ20so9BsO1d1hFcfLOl',
          parent_local_id: -1,
          tag: 'P-101',
          category: 'Pump',
          pid_class: 'Pump',
          hazard: 0,
          properties: '[]',
        })
        .execute();
      const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
      const markup = {
        projectId: projectA,
        documentId: versionId,
        createdFor: (
          await penstock.app.inject({
            method: 'GET',
            url: `/api/forge/bim360/Users?projectid=${projectA}`,
            headers: { cookie: member },
          })
        ).json().data.results[0].email,
        title: 'Snapshot',
        markupData: [
          {
            markupData: { version: 1 },
            markupstate: {},
            imagePreview: `data:image/png;base64,${PNG.toString('base64')}`,
            documentVersion: 'V1',
          },
        ],
      };
      const saved = await penstock.app.inject({
        method: 'POST',
        url: '/api/markups/saveMarkup',
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="formData"\r\n\r\n${JSON.stringify(markup)}\r\n--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: member },
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const exported = await exportBcf(projectA, viewer);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toBe('attachment; filename="BCF A.bcf"');
      const zip = await JSZip.loadAsync(exported.rawPayload);
      expect(await zip.file('bcf.version')!.async('string')).toContain('VersionId="3.0"');
      expect(zip.file('extensions.xml')).not.toBeNull();
      const markupXml = await zip.file(`${issue.guid}/markup.bcf`)!.async('string');
      expect(markupXml).toContain('TopicType="rfi"');
      expect(markupXml).toContain('TopicStatus="Answered"');
      expect(markupXml).toContain('<Title>Pump &lt;P-101&gt; clearance</Title>');
      expect(markupXml).toContain('<Comment>Measured 600 mm</Comment>');
      const viewpointFile = zip.file(new RegExp(`^${issue.guid}/viewpoint-.*\\.bcfv$`))[0]!;
      const viewpointXml = await viewpointFile.async('string');
      expect(viewpointXml).toContain('<PerspectiveCamera>');
      expect(viewpointXml).toContain('<FieldOfView>45</FieldOfView>');
      expect(viewpointXml).toContain('<Component IfcGuid="0KkZ20so9BsO1d1hFcfLOl"/>');
      const snapshot = zip.file(new RegExp(`^${issue.guid}/snapshot-.*\\.png$`))[0]!;
      expect((await snapshot.async('nodebuffer')).equals(PNG)).toBe(true);

      const imported = await importBcf(projectB, exported.rawPayload);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toMatchObject({ created: 3, updated: 0 });
      expect(summary(await issuesOf(projectB))).toEqual(summary(await issuesOf(projectA)));
      const copy = (await issuesOf(projectB)).find((i) => i.guid === issue.guid) as unknown as {
        comments: Array<{ body: string }>;
      };
      expect(copy.comments.map((c) => c.body)).toEqual(['Measured 600 mm']);
    });

    it('refuses malformed files with a message and writes nothing', async () => {
      const before = summary(await issuesOf(projectB));
      const emptyZip = new JSZip();
      emptyZip.file('readme.txt', 'hello');
      const badTopic = await JSZip.loadAsync(fixture('bcf30_minimum_information.bcf'));
      badTopic.file(
        '11111111-2222-4333-8444-555555555555/markup.bcf',
        '<Markup><Topic Guid="11111111-2222-4333-8444-555555555555"><Title>ok',
      );
      const noTitle = await JSZip.loadAsync(fixture('bcf30_minimum_information.bcf'));
      noTitle.file(
        '11111111-2222-4333-8444-555555555555/markup.bcf',
        '<Markup><Topic Guid="11111111-2222-4333-8444-555555555555"/></Markup>',
      );
      const cases: Array<[Buffer, RegExp]> = [
        [crypto.randomBytes(4096), /not a zip archive/],
        [await emptyZip.generateAsync({ type: 'nodebuffer' }), /bcf\.version is missing/],
        [
          fixture('bcf21_Component_Selection.bcf'),
          /Only BCF 3\.0 files can be imported \(this file is BCF 2\.1\)/,
        ],
        [await badTopic.generateAsync({ type: 'nodebuffer' }), /is not valid XML/],
        [await noTitle.generateAsync({ type: 'nodebuffer' }), /the Topic has no Title/],
      ];
      for (const [content, message] of cases) {
        const response = await importBcf(projectB, content);
        expect(response.statusCode, String(message)).toBe(400);
        expect(response.json().error).toMatch(message);
      }
      expect(summary(await issuesOf(projectB))).toEqual(before);
    });

    it('keeps BCF to members; viewers export but do not import', async () => {
      expect((await exportBcf(projectA, outsider)).statusCode).toBe(404);
      expect((await importBcf(projectA, fixture('bcf30_minimum_information.bcf'), outsider)).statusCode).toBe(
        404,
      );
      expect((await importBcf(projectA, fixture('bcf30_minimum_information.bcf'), viewer)).statusCode).toBe(
        403,
      );
      expect((await exportBcf('bad', member)).statusCode).toBe(400);
    });
  });
}
