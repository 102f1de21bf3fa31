import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '@penstock/shared';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { readBcf } from './bcf.archive.ts';
import { parseStoredViewpoints } from './bcf.stored.ts';

/**
 * BCF import keeps what Penstock shows: comment statuses of BCF 1.0/2.0 files, BCF 1.0 files (no
 * bcf.version), and a topic exported and imported again with every comment, status, label, due date and
 * viewpoint. The buildingSMART 'Clipping plane' case (BCF 2.0) and a BCF 1.0 file are not among the shared
 * fixtures, so both are built here in their schemas' shape.
 */

const CLIPPING_TOPIC = '4e8c5b12-6f3c-4a55-9d3e-0b1d2c3a4f50';
const CLIPPING_VIEWPOINT = '7f1e2d3c-4b5a-4968-8776-655443322110';

/** BCF 2.0 'Clipping plane': a comment with an empty text and a status, and a viewpoint with a clipping plane. */
async function clippingPlaneBcf(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    'bcf.version',
    '<?xml version="1.0" encoding="utf-8"?><Version VersionId="2.0"><DetailedVersion>2.0</DetailedVersion></Version>',
  );
  zip.file(
    `${CLIPPING_TOPIC}/markup.bcf`,
    `<?xml version="1.0" encoding="utf-8"?>
<Markup xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Header><File IfcProject="0M6o7Znnv7hxsbWgeu7oQq" isExternal="true"><Filename>IfcPile_01.ifc</Filename></File></Header>
  <Topic Guid="${CLIPPING_TOPIC}" TopicType="Issue" TopicStatus="Open">
    <Title>Clipping plane</Title>
    <CreationDate>2015-06-09T07:53:08Z</CreationDate>
    <CreationAuthor>dangl@example.com</CreationAuthor>
  </Topic>
  <Comment Guid="9a0b1c2d-3e4f-4a5b-8c6d-7e8f90a1b2c3">
    <VerbalStatus>Open</VerbalStatus>
    <Status>Error</Status>
    <Date>2015-06-09T07:53:08Z</Date>
    <Author>dangl@example.com</Author>
    <Comment></Comment>
    <Topic Guid="${CLIPPING_TOPIC}"/>
  </Comment>
  <Comment Guid="9a0b1c2d-3e4f-4a5b-8c6d-7e8f90a1b2c4">
    <VerbalStatus>Closed</VerbalStatus>
    <Status>Info</Status>
    <Date>2015-06-10T08:00:00Z</Date>
    <Author>dangl@example.com</Author>
    <Comment>Cut shows the pile</Comment>
    <Topic Guid="${CLIPPING_TOPIC}"/>
  </Comment>
  <Viewpoints Guid="${CLIPPING_VIEWPOINT}">
    <Viewpoint>viewpoint.bcfv</Viewpoint>
    <Snapshot>snapshot.png</Snapshot>
  </Viewpoints>
</Markup>`,
  );
  zip.file(
    `${CLIPPING_TOPIC}/viewpoint.bcfv`,
    `<?xml version="1.0" encoding="utf-8"?>
<VisualizationInfo Guid="${CLIPPING_VIEWPOINT}">
  <PerspectiveCamera>
    <CameraViewPoint><X>12</X><Y>-8</Y><Z>4</Z></CameraViewPoint>
    <CameraDirection><X>-0.6</X><Y>0.8</Y><Z>0</Z></CameraDirection>
    <CameraUpVector><X>0</X><Y>0</Y><Z>1</Z></CameraUpVector>
    <FieldOfView>60</FieldOfView>
  </PerspectiveCamera>
  <ClippingPlanes>
    <ClippingPlane><Location><X>0</X><Y>0</Y><Z>1.5</Z></Location><Direction><X>0</X><Y>0</Y><Z>-1</Z></Direction></ClippingPlane>
  </ClippingPlanes>
</VisualizationInfo>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

const V1_TOPIC = '0b9d5e2f-1a2b-4c3d-8e4f-5a6b7c8d9e01';

/** BCF 1.0 as Solibri wrote it: no bcf.version; markup.bcf, viewpoint.bcfv and snapshot.png per topic. */
async function bcf10(markup = defaultMarkup10()): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(`${V1_TOPIC}/markup.bcf`, markup);
  zip.file(
    `${V1_TOPIC}/viewpoint.bcfv`,
    `<?xml version="1.0" encoding="UTF-8"?>
<VisualizationInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Components>
    <Component IfcGuid="2MF28NhmDBiRVyFakgdbCP" Selected="true" Visible="true"><OriginatingSystem>Solibri</OriginatingSystem></Component>
    <Component IfcGuid="0Kl9cL6rn7HB2Ih2gTRtv7" Selected="false" Visible="true"/>
  </Components>
  <PerspectiveCamera>
    <CameraViewPoint><X>1.5</X><Y>2.5</Y><Z>3.5</Z></CameraViewPoint>
    <CameraDirection><X>0</X><Y>1</Y><Z>0</Z></CameraDirection>
    <CameraUpVector><X>0</X><Y>0</Y><Z>1</Z></CameraUpVector>
    <FieldOfView>45</FieldOfView>
  </PerspectiveCamera>
</VisualizationInfo>`,
  );
  zip.file(`${V1_TOPIC}/snapshot.png`, Buffer.from('89504e470d0a1a0a', 'hex'));
  return zip.generateAsync({ type: 'nodebuffer' });
}

function defaultMarkup10(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Markup xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Header>
    <File IfcProject="0M6o7Znnv7hxsbWgeu7oQq" IfcSpatialStructureElement="1xS3BCk291UvhgP2a6eflL" isExternal="true">
      <Filename>Pumping station.ifc</Filename>
      <Date>2014-02-11T09:13:44</Date>
    </File>
  </Header>
  <Topic Guid="${V1_TOPIC.toUpperCase()}">
    <ReferenceLink/>
    <Title>Pump base clashes with drain</Title>
  </Topic>
  <Comment Guid="c1000000-0000-4000-8000-000000000001">
    <VerbalStatus>Open</VerbalStatus>
    <Status>Error</Status>
    <Date>2014-02-11T09:14:00</Date>
    <Author>checker@example.com</Author>
    <Comment>Move the drain 200 mm east</Comment>
    <Topic Guid="${V1_TOPIC}"/>
  </Comment>
  <Comment Guid="c1000000-0000-4000-8000-000000000002">
    <VerbalStatus>Closed</VerbalStatus>
    <Status>Info</Status>
    <Date>2014-02-14T16:30:00</Date>
    <Author>designer@example.com</Author>
    <Comment/>
    <Topic Guid="${V1_TOPIC}"/>
  </Comment>
</Markup>`;
}

const ROUND_TOPIC = '5d6e7f80-91a2-4b3c-8d4e-5f60718293a4';
const ROUND_VIEWPOINTS = ['6a000000-0000-4000-8000-0000000000a1', '6a000000-0000-4000-8000-0000000000a2'];

/** BCF 3.0 topic with labels, a due date, comments (one only on a viewpoint) and two viewpoints. */
async function labelledBcf30(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('bcf.version', '<Version VersionId="3.0"/>');
  const comment = (n: number, text: string, viewpoint: string | null) =>
    `<Comment Guid="6b000000-0000-4000-8000-00000000000${n}"><Date>2026-11-0${n}T10:00:00Z</Date><Author>reviewer@example.com</Author>${text ? `<Comment>${text}</Comment>` : ''}${viewpoint ? `<Viewpoint Guid="${viewpoint}"/>` : ''}</Comment>`;
  zip.file(
    `${ROUND_TOPIC}/markup.bcf`,
    `<?xml version="1.0" encoding="UTF-8"?>
<Markup>
  <Topic Guid="${ROUND_TOPIC}" TopicType="rfi" TopicStatus="Answered">
    <Title>Inlet works handrail height</Title>
    <Labels><Label>Structural</Label><Label>Safety &amp; access</Label></Labels>
    <CreationDate>2026-11-01T09:00:00Z</CreationDate>
    <CreationAuthor>reviewer@example.com</CreationAuthor>
    <ModifiedDate>2026-11-05T09:00:00Z</ModifiedDate>
    <DueDate>2026-12-15T00:00:00Z</DueDate>
    <Description>Handrail at 900 mm; 1100 mm required</Description>
    <Comments>${comment(1, 'Please confirm the height', null)}${comment(2, 'Seen from the walkway', ROUND_VIEWPOINTS[0]!)}${comment(3, '', ROUND_VIEWPOINTS[1]!)}</Comments>
    <Viewpoints>
      <ViewPoint Guid="${ROUND_VIEWPOINTS[0]}"><Viewpoint>a.bcfv</Viewpoint></ViewPoint>
      <ViewPoint Guid="${ROUND_VIEWPOINTS[1]}"><Viewpoint>b.bcfv</Viewpoint></ViewPoint>
    </Viewpoints>
  </Topic>
</Markup>`,
  );
  const viewpoint = (guid: string, z: number, selected: string) => `<?xml version="1.0" encoding="UTF-8"?>
<VisualizationInfo Guid="${guid}">
  <Components><Selection><Component IfcGuid="${selected}"/></Selection><Visibility DefaultVisibility="true"/></Components>
  <OrthogonalCamera>
    <CameraViewPoint><X>4</X><Y>5</Y><Z>${z}</Z></CameraViewPoint>
    <CameraDirection><X>0</X><Y>0</Y><Z>-1</Z></CameraDirection>
    <CameraUpVector><X>0</X><Y>1</Y><Z>0</Z></CameraUpVector>
    <ViewToWorldScale>12.5</ViewToWorldScale>
    <AspectRatio>1.5</AspectRatio>
  </OrthogonalCamera>
</VisualizationInfo>`;
  zip.file(`${ROUND_TOPIC}/a.bcfv`, viewpoint(ROUND_VIEWPOINTS[0]!, 20, '3cUkl32yn9qRSPvBJVyWw5'));
  zip.file(`${ROUND_TOPIC}/b.bcfv`, viewpoint(ROUND_VIEWPOINTS[1]!, 30, '1hOSvn6df7F8_7GcBWlRGQ'));
  return zip.generateAsync({ type: 'nodebuffer' });
}

for (const kind of await testDatabases()) {
  describe(`BCF import keeps what Penstock shows (${kind})`, () => {
    let penstock: TestPenstock;
    let member: string;
    let viewer: string;
    let memberId: string;
    let viewerId: string;

    const importBcf = (projectId: string, content: Buffer, cookie = member) => {
      const { payload, headers } = multipartFile('issues.bcf', content);
      return penstock.app.inject({
        method: 'POST',
        url: `/api/issues/bcf?projectid=${projectId}`,
        payload,
        headers: { ...headers, cookie },
      });
    };
    const exportBcf = async (projectId: string, version: string) =>
      (
        await penstock.app.inject({
          method: 'GET',
          url: `/api/issues/bcf?projectid=${projectId}&version=${version}`,
          headers: { cookie: member },
        })
      ).rawPayload;
    const storedOf = async (projectId: string, guid: string) =>
      parseStoredViewpoints(
        (
          await penstock.database.db
            .selectFrom('issues')
            .select('bcf_viewpoints')
            .where('project_id', '=', projectId)
            .where('guid', '=', guid)
            .executeTakeFirstOrThrow()
        ).bcf_viewpoints,
      );
    const project = async (name: string) =>
      (
        await penstock.createProject(name, [
          { userId: memberId, role: 'member' },
          { userId: viewerId, role: 'viewer' },
        ])
      ).id;

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const a = await penstock.createUser({ name: 'Ada Lovelace' });
      const b = await penstock.createUser({ name: 'Grace Hopper' });
      memberId = a.id;
      viewerId = b.id;
      member = await penstock.signIn(a.email);
      viewer = await penstock.signIn(b.email);
    });
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('keeps the Clipping plane comment that has only a status, with its status', async () => {
      const projectId = await project('Clipping plane');
      const response = await importBcf(projectId, await clippingPlaneBcf());
      expect(response.statusCode, response.body).toBe(200);
      const [issue] = response.json<{ issues: Issue[] }>().issues;
      expect(issue).toMatchObject({ guid: CLIPPING_TOPIC, title: 'Clipping plane', status: 'open' });
      expect(issue!.comments.map((c) => [c.createdAt, c.body])).toEqual([
        ['2015-06-09T07:53:08.000Z', 'Status: Open (Error)'],
        ['2015-06-10T08:00:00.000Z', 'Cut shows the pile\nStatus: Closed (Info)'],
      ]);
      expect((await storedOf(projectId, CLIPPING_TOPIC))[0]!.camera).toMatchObject({ fieldOfView: 60 });
      // the status travels in the comment's text: an export and re-import shows the same comments
      const copy = await project('Clipping plane copy');
      const again = await importBcf(copy, await exportBcf(projectId, '2.1'));
      expect(again.json<{ issues: Issue[] }>().issues[0]!.comments.map((c) => c.body)).toEqual([
        'Status: Open (Error)',
        'Cut shows the pile\nStatus: Closed (Info)',
      ]);
    });

    it('keeps the clipping plane of a viewpoint through export and import in 2.1 and 3.0 (issue 33)', async () => {
      const projectId = await project('Clipping plane kept');
      expect((await importBcf(projectId, await clippingPlaneBcf())).statusCode).toBe(200);
      const plane = { location: { x: 0, y: 0, z: 1.5 }, direction: { x: 0, y: 0, z: -1 } };
      expect((await storedOf(projectId, CLIPPING_TOPIC))[0]!.clippingPlanes).toEqual([plane]);
      for (const version of ['2.1', '3.0']) {
        const copy = await project(`Clipping plane via ${version}`);
        expect((await importBcf(copy, await exportBcf(projectId, version))).statusCode).toBe(200);
        expect((await storedOf(copy, CLIPPING_TOPIC))[0]!.clippingPlanes, version).toEqual([plane]);
      }
    });

    it('imports a BCF 1.0 file (no bcf.version) like 2.0, and again as unchanged', async () => {
      const projectId = await project('BCF 1.0');
      const response = await importBcf(projectId, await bcf10());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ created: 1, updated: 0, skipped: [] });
      const [issue] = response.json<{ issues: Issue[] }>().issues;
      expect(issue).toMatchObject({
        guid: V1_TOPIC,
        title: 'Pump base clashes with drain',
        // BCF 1.0 keeps the status in the comments: the newest VerbalStatus is the topic's
        status: 'closed',
        createdAt: '2014-02-11T09:14:00.000Z',
        updatedAt: '2014-02-14T16:30:00.000Z',
      });
      expect(issue!.comments.map((c) => [c.author, c.body])).toEqual([
        ['checker@example.com', 'Move the drain 200 mm east\nStatus: Open (Error)'],
        ['designer@example.com', 'Status: Closed (Info)'],
      ]);
      const [viewpoint] = await storedOf(projectId, V1_TOPIC);
      expect(viewpoint).toMatchObject({
        selection: ['2MF28NhmDBiRVyFakgdbCP'],
        camera: { kind: 'perspective', fieldOfView: 45, position: { x: 1.5, y: 2.5, z: 3.5 } },
      });
      const again = await importBcf(projectId, await bcf10());
      expect(again.json()).toMatchObject({ created: 0, unchanged: 1 });
      expect(again.json<{ issues: Issue[] }>().issues[0]!.comments).toHaveLength(2);
    });

    it('refuses a broken BCF 1.0 file with a message, and keeps import to members', async () => {
      const projectId = await project('BCF 1.0 refused');
      const broken = await importBcf(
        projectId,
        await bcf10(defaultMarkup10().replace('<Title>Pump base clashes with drain</Title>', '')),
      );
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error).toBe(`${V1_TOPIC}/markup.bcf: the Topic has no Title`);
      const denied = await importBcf(projectId, await bcf10(), viewer);
      expect(denied.statusCode).toBe(403);
      const empty = await importBcf(projectId, await new JSZip().generateAsync({ type: 'nodebuffer' }));
      expect(empty.json().error).toBe('The file is not a BCF file: bcf.version is missing');
      expect(
        await penstock.database.db
          .selectFrom('issues')
          .where('project_id', '=', projectId)
          .select('id')
          .execute(),
      ).toEqual([]);
    });

    it('a topic exported and imported into another project keeps every comment, status, label, due date and viewpoint', async () => {
      const source = await project('Round trip source');
      expect((await importBcf(source, await labelledBcf30())).statusCode).toBe(200);
      // and an issue made in Penstock, with a due date and a comment
      const made = await penstock.app.inject({
        method: 'POST',
        url: '/api/issues',
        headers: { cookie: member },
        payload: { projectId: source, title: 'Penstock issue', status: 'closed', dueDate: '2027-01-31' },
      });
      expect(made.statusCode, made.body).toBe(201);
      const comment = await penstock.app.inject({
        method: 'POST',
        url: `/api/issues/${made.json<Issue>().id}/comments`,
        headers: { cookie: member },
        payload: { body: 'Closed at the site meeting' },
      });
      expect(comment.statusCode).toBe(201);

      for (const version of ['3.0', '2.1']) {
        const first = await exportBcf(source, version);
        const target = await project(`Round trip ${version}`);
        const imported = await importBcf(target, first);
        expect(imported.json(), imported.body).toMatchObject({ created: 2, skipped: [] });
        const second = await exportBcf(target, version);
        const before = (await readBcf(first)).topics;
        const after = (await readBcf(second)).topics;
        expect(after).toEqual(before);
        // and what was compared is really there
        const topic = before.find((t) => t.topic.guid === ROUND_TOPIC)!;
        expect(topic.topic).toMatchObject({
          topicStatus: 'Answered',
          labels: ['Structural', 'Safety & access'],
          dueDate: '2026-12-15T00:00:00Z',
        });
        expect(topic.topic.comments.map((c) => [c.comment, c.viewpointGuid])).toEqual([
          ['Please confirm the height', null],
          ['Seen from the walkway', ROUND_VIEWPOINTS[0]],
          ['', ROUND_VIEWPOINTS[1]],
        ]);
        expect(topic.viewpoints.map((v) => [v.guid, v.selection, v.camera?.kind])).toEqual([
          [ROUND_VIEWPOINTS[0], ['3cUkl32yn9qRSPvBJVyWw5'], 'orthogonal'],
          [ROUND_VIEWPOINTS[1], ['1hOSvn6df7F8_7GcBWlRGQ'], 'orthogonal'],
        ]);
        const own = before.find((t) => t.topic.title === 'Penstock issue')!;
        expect(own.topic).toMatchObject({ topicStatus: 'Closed', dueDate: '2027-01-31T00:00:00Z' });
        expect(own.topic.comments.map((c) => c.comment)).toEqual(['Closed at the site meeting']);
        // what Penstock shows of the copy is what it shows of the source
        const shown = async (projectId: string) =>
          (
            await penstock.app.inject({
              method: 'GET',
              url: `/api/issues?projectid=${projectId}`,
              headers: { cookie: member },
            })
          )
            .json<Issue[]>()
            .map((i) => ({
              guid: i.guid,
              status: i.status,
              type: i.type,
              dueDate: i.dueDate,
              comments: i.comments.map((c) => [c.createdAt, c.author, c.body]),
            }))
            .sort((a, b) => a.guid.localeCompare(b.guid));
        expect(await shown(target)).toEqual(await shown(source));
      }
    });
  });
}
