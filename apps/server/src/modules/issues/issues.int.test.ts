import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';

for (const kind of await testDatabases()) {
  describe(`issues and project users (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    let otherProjectId: string;
    let memberId: string;
    let viewerId: string;
    let outsiderId: string;
    let member: string;
    let viewer: string;
    let outsider: string;
    let itemId: string;
    let versionId: string;
    let wip: Record<string, string>;

    const api = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: unknown) =>
      penstock.app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const a = await penstock.createUser({ name: 'Ada Lovelace King' });
      const b = await penstock.createUser({ name: 'Grace Hopper' });
      const c = await penstock.createUser({ name: 'Outsider' });
      memberId = a.id;
      viewerId = b.id;
      outsiderId = c.id;
      const project = await penstock.createProject('Issues Project', [
        { userId: a.id, role: 'member' },
        { userId: b.id, role: 'viewer' },
      ]);
      projectId = project.id;
      const other = await penstock.createProject('Other', [{ userId: c.id, role: 'manager' }]);
      otherProjectId = other.id;
      wip = { [project.id]: project.folders.WIP!, [other.id]: other.folders.WIP! };
      member = await penstock.signIn(a.email);
      viewer = await penstock.signIn(b.email);
      outsider = await penstock.signIn(c.email);
      const { payload, headers } = multipartFile('drawing.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
      const upload = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${project.folders.WIP}/files`,
        payload,
        headers: { ...headers, cookie: member },
      });
      expect(upload.statusCode).toBe(201);
      itemId = upload.json().item.id;
      versionId = upload.json().version.id;
    });
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('creates, lists, reads, edits, closes and comments on an issue', async () => {
      const created = await api('POST', '/api/issues', member, {
        projectId,
        title: 'Leaking flange',
        description: 'At the inlet',
        assigneeId: viewerId,
        dueDate: '2026-12-31',
        linkedDocuments: [
          {
            documentId: versionId,
            details: {
              viewableGuid: 'page-0',
              position: { x: 1, y: 2, z: 0 },
              objectId: 7,
              viewerState: { a: 1 },
            },
          },
        ],
      });
      expect(created.statusCode).toBe(201);
      const issue = created.json();
      expect(issue).toMatchObject({
        projectId,
        type: 'quality_issues',
        status: 'open',
        statusKey: 'quality_issues-open',
        title: 'Leaking flange',
        assigneeId: viewerId,
        dueDate: '2026-12-31',
        createdBy: memberId,
        comments: [],
        attributes: {
          status: 'open',
          title: 'Leaking flange',
          sheet_metadata: { sheetGuid: 'page-0' },
          pushpin_attributes: { location: { x: 1, y: 2, z: 0 }, object_id: 7, viewer_state: { a: 1 } },
        },
      });
      expect(issue.id).toMatch(/^q\./);

      await api('POST', '/api/issues', member, { projectId, title: 'RFI on pumps', type: 'rfi' });

      const list = await api('GET', `/api/issues?projectid=${projectId}`, viewer);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((i: { title: string }) => i.title)).toEqual(['Leaking flange', 'RFI on pumps']);
      const rfis = await api('GET', `/api/issues?projectid=${projectId}&type=rfi`, member);
      expect(rfis.json().map((i: { statusKey: string }) => i.statusKey)).toEqual(['rfi-open']);
      const byItem = await api('GET', `/api/issues?projectid=${projectId}&documentId=${itemId}`, member);
      expect(byItem.json()).toHaveLength(0);
      const byVersion = await api(
        'GET',
        `/api/issues?projectid=${projectId}&documentId=${versionId}`,
        member,
      );
      expect(byVersion.json().map((i: { id: string }) => i.id)).toEqual([issue.id]);

      const closed = await api('PATCH', `/api/issues/${issue.id}`, member, {
        status: 'closed',
        title: 'Leaking flange (fixed)',
      });
      expect(closed.statusCode).toBe(200);
      expect(closed.json()).toMatchObject({
        status: 'closed',
        statusKey: 'quality_issues-closed',
        title: 'Leaking flange (fixed)',
      });
      expect(
        (await api('GET', `/api/issues?projectid=${projectId}&status=closed`, member)).json(),
      ).toHaveLength(1);

      const comment = await api('POST', `/api/issues/${issue.id}/comments`, viewer, {
        body: 'Confirmed on site',
      });
      expect(comment.statusCode).toBe(201);
      expect(comment.json()).toMatchObject({
        authorId: viewerId,
        author: 'Grace Hopper',
        body: 'Confirmed on site',
      });
      const read = await api('GET', `/api/issues/${issue.id}`, viewer);
      expect(read.json().comments.map((c: { body: string }) => c.body)).toEqual(['Confirmed on site']);
    });

    it('keeps a pin on an object of another model version by version id and GlobalId (issue 33)', async () => {
      const upload = async (folderId: string, cookie: string, name: string) => {
        const { payload, headers } = multipartFile(name, Buffer.from('%PDF-1.4\n%%EOF\n'));
        const answer = await penstock.app.inject({
          method: 'POST',
          url: `/api/folders/${folderId}/files`,
          payload,
          headers: { ...headers, cookie },
        });
        expect(answer.statusCode).toBe(201);
        return answer.json().version.id as string;
      };
      // any version of the project will do for the check (a PDF: no conversion to wait for)
      const federated = await upload(wip[projectId]!, member, 'process.pdf');
      const foreign = await upload(wip[otherProjectId]!, outsider, 'foreign.pdf');
      const pin = (object: unknown) => ({
        projectId,
        title: 'Pump too close to the wall',
        linkedDocuments: [
          {
            documentId: versionId,
            details: { position: { x: 1, y: 2, z: 3 }, objectId: null, object, viewerState: null },
          },
        ],
      });
      const object = { versionId: federated, globalId: '2O2Fr$t4X7Zf8NOew3FLOH' };
      const created = await api('POST', '/api/issues', member, pin(object));
      expect(created.statusCode).toBe(201);
      const read = await api('GET', `/api/issues/${created.json().id}`, member);
      expect(read.json().linkedDocuments[0].details).toMatchObject({ objectId: null, object });
      // an older client's pin has no object: null
      const plain = await api('POST', '/api/issues', member, {
        projectId,
        title: 'No object',
        linkedDocuments: [{ documentId: versionId, details: { position: { x: 0, y: 0, z: 0 } } }],
      });
      expect(plain.json().linkedDocuments[0].details.object).toBeNull();

      const foreignPin = await api('POST', '/api/issues', member, pin({ ...object, versionId: foreign }));
      expect(foreignPin.statusCode).toBe(400);
      expect(foreignPin.json().error).toBe(`Model version ${foreign} is not in this project`);
      const noGuid = await api('POST', '/api/issues', member, pin({ ...object, globalId: ' ' }));
      expect(noGuid.statusCode).toBe(400);
      expect(noGuid.json().error).toMatch(/object.globalId is required/);
      const badVersion = await api('POST', '/api/issues', member, pin({ ...object, versionId: 'x' }));
      expect(badVersion.statusCode).toBe(400);
      expect(badVersion.json().error).toMatch(/object.versionId must be a version id/);
    });

    it('answers 400 with a message for bad input', async () => {
      const cases: Array<[unknown, RegExp]> = [
        [{ projectId, title: '' }, /title is required/],
        [{ projectId, title: 'x'.repeat(201) }, /at most 200/],
        [{ projectId, title: 'A', dueDate: '31/12/2026' }, /yyyy-mm-dd/],
        [{ projectId, title: 'A', status: 'pending' }, /status must be one of/],
        [{ projectId, title: 'A', assigneeId: outsiderId }, /assigneeId must be a member/],
        [{ projectId: 'nope', title: 'A' }, /projectId must be a project id/],
      ];
      for (const [body, message] of cases) {
        const response = await api('POST', '/api/issues', member, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().error).toMatch(message);
      }
      expect((await api('GET', '/api/issues', member)).statusCode).toBe(400);
      const issue = (await api('POST', '/api/issues', member, { projectId, title: 'To edit' })).json();
      const empty = await api('PATCH', `/api/issues/${issue.id}`, member, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toMatch(/Nothing to change/);
      const blank = await api('POST', `/api/issues/${issue.id}/comments`, member, { body: '  ' });
      expect(blank.statusCode).toBe(400);
      const foreignDoc = await api('POST', '/api/issues', outsider, {
        projectId: otherProjectId,
        title: 'x',
        linkedDocuments: [{ documentId: itemId }],
      });
      expect(foreignDoc.statusCode).toBe(400);
      expect(foreignDoc.json().error).toMatch(/not in this project/);
    });

    it('hides a project from non-members (404) and keeps viewers to reading and commenting', async () => {
      const issue = (await api('POST', '/api/issues', member, { projectId, title: 'Private' })).json();
      expect((await api('GET', `/api/issues?projectid=${projectId}`, outsider)).statusCode).toBe(404);
      expect((await api('GET', `/api/issues/${issue.id}`, outsider)).statusCode).toBe(404);
      expect((await api('PATCH', `/api/issues/${issue.id}`, outsider, { status: 'closed' })).statusCode).toBe(
        404,
      );
      expect(
        (await api('POST', `/api/issues/${issue.id}/comments`, outsider, { body: 'hi' })).statusCode,
      ).toBe(404);
      expect((await api('POST', '/api/issues', outsider, { projectId, title: 'x' })).statusCode).toBe(404);
      expect((await api('GET', `/api/forge/bim360/Users?projectid=${projectId}`, outsider)).statusCode).toBe(
        404,
      );

      const create = await api('POST', '/api/issues', viewer, { projectId, title: 'x' });
      expect(create.statusCode).toBe(403);
      expect(create.json().error).toMatch(/Viewers cannot/);
      expect((await api('PATCH', `/api/issues/${issue.id}`, viewer, { status: 'closed' })).statusCode).toBe(
        403,
      );
      expect((await api('GET', `/api/issues/${issue.id}`, viewer)).statusCode).toBe(200);
      expect(
        (await api('GET', '/api/issues/q.00000000-0000-4000-8000-000000000000', member)).statusCode,
      ).toBe(404);
      expect(
        (await penstock.app.inject({ method: 'GET', url: `/api/issues?projectid=${projectId}` })).statusCode,
      ).toBe(401);
    });

    it('keeps the snapshot a new issue is placed with, and serves it to members', async () => {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8DwnwEIGGEMAC7aA/7P5Xg3AAAAAElFTkSuQmCC',
        'base64',
      );
      const created = await api('POST', '/api/issues', member, {
        projectId,
        title: 'With a picture',
        snapshot: `data:image/png;base64,${png.toString('base64')}`,
      });
      expect(created.statusCode, created.body).toBe(201);
      const issue = created.json();
      expect(issue.snapshot).toMatch(
        new RegExp(`^/api/issues/${issue.id.replace('.', '\\.')}/snapshot\\?v=[0-9a-f]{16}$`),
      );
      const picture = await api('GET', issue.snapshot, viewer);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(picture.rawPayload.equals(png)).toBe(true);
      const again = await penstock.app.inject({
        method: 'GET',
        url: issue.snapshot,
        headers: { cookie: viewer, 'if-none-match': String(picture.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect((await api('GET', issue.snapshot, outsider)).statusCode).toBe(404);
      expect((await api('GET', `/api/issues/${issue.id}`, viewer)).json().snapshot).toBe(issue.snapshot);

      const without = (await api('POST', '/api/issues', member, { projectId, title: 'No picture' })).json();
      expect(without.snapshot).toBeNull();
      expect((await api('GET', `/api/issues/${without.id}/snapshot`, member)).statusCode).toBe(404);

      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64');
      const cases: Array<[string, string]> = [
        [`data:image/jpeg;base64,${jpeg}`, 'snapshot must be a base64 data URL of an image/png'],
        [`data:image/png;base64,${jpeg}`, 'snapshot is not a PNG image'],
        ['not a picture', 'snapshot must be a base64 data URL of an image/png'],
        [`data:image/png;base64,${'A'.repeat(14 * 1024 * 1024)}`, 'snapshot: snapshot can be at most 10 MB'],
      ];
      const before = (await api('GET', `/api/issues?projectid=${projectId}`, member)).json().length;
      for (const [snapshot, message] of cases) {
        const response = await api('POST', '/api/issues', member, { projectId, title: 'Bad', snapshot });
        expect(response.statusCode, message).toBe(400);
        expect(response.json().error).toBe(message);
      }
      expect((await api('GET', `/api/issues?projectid=${projectId}`, member)).json()).toHaveLength(before);
    });

    it('lists the project users in the tracker shape', async () => {
      const response = await api('GET', `/api/forge/bim360/Users?projectid=${projectId}`, viewer);
      expect(response.statusCode).toBe(200);
      const results = response.json().data.results;
      expect(results).toHaveLength(2);
      expect(results).toContainEqual({
        autodeskId: memberId,
        email: expect.any(String),
        firstName: 'Ada',
        lastName: 'Lovelace King',
      });
      expect(results).toContainEqual(
        expect.objectContaining({ autodeskId: viewerId, firstName: 'Grace', lastName: 'Hopper' }),
      );
      expect((await api('GET', '/api/forge/bim360/Users?projectid=bad', member)).statusCode).toBe(400);
    });
  });
}
