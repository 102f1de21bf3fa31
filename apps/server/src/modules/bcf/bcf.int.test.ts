import crypto from 'node:crypto';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { ifcToThree } from './bcf.camera.ts';
import { parseStoredViewpoints } from './bcf.stored.ts';
import { federated, fixture, ifcFixture } from './bcf.testing.ts';

/** The IfcGuids bcf30_component_selection.bcf selects: two walls of Architectural.ifc, one of MEP.ifc. */
const SELECTED = ['0KkZ20so9BsO1d1hFcfLOl', '1XbKhGD91DvhOpYZbhzGTI', '3D9pjHJ0HCnggyepvsht8s'];

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
    let memberId: string;

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
      memberId = a.id;
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
      // the same topic again is the version Penstock has: nothing changes
      const again = await importBcf(projectA, fixture('bcf30_component_selection.bcf'));
      expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1, skipped: [] });
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

    it('keeps imported viewpoints, links them to the models their IfcGuids resolve in, and exports them', async () => {
      const project = await penstock.createProject('BCF Models', [{ userId: memberId, role: 'member' }]);
      const uploadModel = async (name: string) => {
        const { payload, headers } = multipartFile(name, ifcFixture(name));
        const response = await penstock.app.inject({
          method: 'POST',
          url: `/api/folders/${project.folders.WIP}/files`,
          payload,
          headers: { ...headers, cookie: member },
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ version: { id: string } }>().version.id;
      };
      const architectural = await uploadModel('Architectural.ifc');
      const mep = await uploadModel('MEP.ifc');
      await penstock.jobs.idle();
      const model = async (id: string) =>
        (
          await penstock.app.inject({ method: 'GET', url: `/api/models/${id}`, headers: { cookie: member } })
        ).json<{ conversion: { state: string }; viewables: Array<{ guid: string; role: string }> }>();
      const archInfo = await model(architectural);
      expect(archInfo.conversion.state).toBe('done');
      const localIdOf = async (version: string, guid: string) =>
        Number(
          (
            await penstock.database.db
              .selectFrom('model_objects')
              .select('local_id')
              .where('version_id', '=', version)
              .where('guid', '=', guid)
              .executeTakeFirstOrThrow()
          ).local_id,
        );
      const wallA = await localIdOf(architectural, SELECTED[0]!);
      const duct = await localIdOf(mep, SELECTED[2]!);

      const imported = await importBcf(project.id, fixture('bcf30_component_selection.bcf'));
      expect(imported.statusCode, imported.body).toBe(200);
      const issue = imported.json().issues[0];
      const position = { x: 9.061518529355535, y: -39.13140881031754, z: 37.183202420175064 };
      // the test case's two hidden components are walls of Architectural.ifc; the stored view (version 3)
      // names every model's objects by model version + GlobalId (issue 33 §1)
      const ref = (versionId: string, globalId: string) => ({ versionId, globalId });
      const hidden = ['1bbI761TbBCOoIa5Kt6PXt', '1m5wAJelDFdhn6qBdOGjos'];
      const appearance = {
        hidden: [ref(architectural, hidden[0]!), ref(architectural, hidden[1]!)],
        isolated: null,
        xray: false,
        colours: [],
        colourBy: null,
      };
      expect(issue.linkedDocuments).toEqual([
        {
          documentId: architectural,
          details: {
            viewableGuid: archInfo.viewables.find((v) => v.role === '3d')!.guid,
            position: { x: 0, y: 0, z: 0 },
            objectId: wallA,
            // the pinned object by model version + GlobalId (issue 33 §1)
            object: { versionId: architectural, globalId: expect.any(String) },
            // the whole viewpoint seen from this model (issue 33): the other model's duct, the walls hidden
            viewerState: {
              version: 3,
              kind: '3d',
              camera: {
                position: ifcToThree(position),
                target: expect.any(Object),
                projection: 'orthographic',
                viewHeight: 18.97427487373352,
              },
              plan: null,
              selection: [
                ref(architectural, SELECTED[0]!),
                ref(architectural, SELECTED[1]!),
                ref(mep, SELECTED[2]!),
              ],
              models: [federated(mep)],
              appearance,
            },
          },
        },
        {
          documentId: mep,
          details: expect.objectContaining({
            objectId: duct,
            object: { versionId: mep, globalId: expect.any(String) },
            viewerState: expect.objectContaining({
              // its own model's duct first
              selection: [
                ref(mep, SELECTED[2]!),
                ref(architectural, SELECTED[0]!),
                ref(architectural, SELECTED[1]!),
              ],
              models: [federated(architectural)],
              appearance,
            }),
          }),
        },
      ]);
      // the target is 10 m along the (unit) CameraDirection, in the viewer's frame
      const target = issue.linkedDocuments[0].details.viewerState.camera.target;
      expect(target.x).toBeCloseTo(position.x + 0.8950452506542206, 6);
      expect(target.y).toBeCloseTo(position.z - 7.532956004142761, 6);
      expect(target.z).toBeCloseTo(-(position.y + 6.515632271766663), 6);
      expect((await importBcf(project.id, fixture('bcf30_perspective_camera.bcf'))).statusCode).toBe(200);

      const storedOf = async (projectId: string) =>
        Object.fromEntries(
          (
            await penstock.database.db
              .selectFrom('issues')
              .select(['guid', 'bcf_viewpoints'])
              .where('project_id', '=', projectId)
              .execute()
          ).map((row) => [row.guid, parseStoredViewpoints(row.bcf_viewpoints)]),
        );
      const stored = await storedOf(project.id);
      expect(stored[issue.guid]).toEqual([
        {
          guid: '7b2c1bf5-5854-433d-8136-981c957ed910',
          camera: expect.objectContaining({
            kind: 'orthogonal',
            position,
            viewToWorldScale: 18.97427487373352,
          }),
          selection: SELECTED,
          // the test case's hidden components and view setup hints are kept (issue 33)
          visibility: {
            defaultVisibility: true,
            exceptions: ['1bbI761TbBCOoIa5Kt6PXt', '1m5wAJelDFdhn6qBdOGjos'],
            viewSetupHints: { spacesVisible: true, spaceBoundariesVisible: false, openingsVisible: false },
          },
        },
      ]);
      expect(stored['01777b21-ba39-4c2b-ad1d-a9320f81214a']).toEqual([
        expect.objectContaining({
          camera: expect.objectContaining({ kind: 'perspective', fieldOfView: 29.39495760413827 }),
          selection: [],
        }),
      ]);

      const exported = await exportBcf(project.id);
      expect(exported.statusCode).toBe(200);
      const zip = await JSZip.loadAsync(exported.rawPayload);
      const viewpointXml = await zip
        .file(`${issue.guid}/viewpoint-7b2c1bf5-5854-433d-8136-981c957ed910.bcfv`)!
        .async('string');
      expect(viewpointXml).toContain('<OrthogonalCamera>');
      expect(viewpointXml).toContain('<ViewToWorldScale>18.97427487373352</ViewToWorldScale>');
      expect(viewpointXml).toMatch(
        /<Visibility DefaultVisibility="true">[\s\S]*<Exceptions>\s*<Component IfcGuid="1bbI761TbBCOoIa5Kt6PXt"\/>/,
      );
      for (const guid of SELECTED) expect(viewpointXml).toContain(`<Component IfcGuid="${guid}"/>`);

      const copy = await penstock.createProject('BCF Copy', [{ userId: memberId, role: 'member' }]);
      const again = await importBcf(copy.id, exported.rawPayload);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ created: 2, updated: 0 });
      // no models in the copy: nothing to link to, but the cameras and IfcGuids are kept
      expect(again.json().issues.map((i: { linkedDocuments: unknown[] }) => i.linkedDocuments)).toEqual([
        [],
        [],
      ]);
      expect(await storedOf(copy.id)).toEqual(stored);
    });

    it('refuses malformed files with a message and writes nothing', async () => {
      const before = summary(await issuesOf(projectB));
      const versionOnly = async (version: string) => {
        const zip = new JSZip();
        zip.file('bcf.version', `<Version VersionId="${version}"/>`);
        return zip.generateAsync({ type: 'nodebuffer' });
      };
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
      const badCamera = await JSZip.loadAsync(fixture('bcf30_component_selection.bcf'));
      const viewpointFile = badCamera.file(/\.bcfv$/)[0]!;
      badCamera.file(
        viewpointFile.name,
        (await viewpointFile.async('string')).replace(/<ViewToWorldScale>[^<]*</, '<ViewToWorldScale>wide<'),
      );
      const cases: Array<[Buffer, RegExp]> = [
        [crypto.randomBytes(4096), /not a zip archive/],
        [await emptyZip.generateAsync({ type: 'nodebuffer' }), /bcf\.version is missing/],
        [
          await versionOnly('4.0'),
          /Only BCF 1\.0, 2\.0, 2\.1 and 3\.0 files can be imported \(this file is BCF 4\.0\)/,
        ],
        [await badTopic.generateAsync({ type: 'nodebuffer' }), /is not valid XML/],
        [await noTitle.generateAsync({ type: 'nodebuffer' }), /the Topic has no Title/],
        [await badCamera.generateAsync({ type: 'nodebuffer' }), /ViewToWorldScale is not a number/],
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
