import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { WORKFLOW_MISSING_FIELDS, type HubWorkflow, type WorkflowDetail } from '@penstock/shared';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';

/** multipart/form-data with a formData field (and optionally a file after it) */
function multipart(data: unknown, file?: { name: string; content: Buffer }, fileFirst = false) {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  const field = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="formData"\r\n\r\n${JSON.stringify(data)}\r\n`,
  );
  const filePart = file
    ? Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.content,
        Buffer.from('\r\n'),
      ])
    : Buffer.alloc(0);
  const parts = fileFirst ? [filePart, field] : [field, filePart];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function startSmtp() {
  const received: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, received, port: (server.server.address() as AddressInfo).port };
}

async function until(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const kind of await testDatabases()) {
  describe(`document workflow (${kind})`, () => {
    let penstock: TestPenstock;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let projectId: string;
    let folders: Record<string, string>;
    const people: Record<string, { id: string; email: string; cookie: string }> = {};
    let itemId: string;
    let versionId: string;

    const send = (method: 'POST' | 'PUT', url: string, data: unknown, who: string) => {
      const { payload, headers } = multipart(data);
      return penstock.app.inject({
        method,
        url,
        payload,
        headers: { ...headers, cookie: people[who]!.cookie },
      });
    };
    const get = (url: string, who: string) =>
      penstock.app.inject({ method: 'GET', url, headers: { cookie: people[who]!.cookie } });
    const option = (who: string) => `${people[who]!.id}-${people[who]!.email}-${who}`;
    const submission = (extra: Record<string, unknown> = {}) => ({
      projectId,
      documentId: versionId,
      createdByUserId: people.engineer!.id,
      comment: 'Ready for checking',
      reviewers: [option('tm')],
      approvers: [option('sdm')],
      suitability: 'Current Suitability',
      targetSuitability: 'A1',
      documentName: 'PID-0101.pdf',
      itemId,
      uploadFolderId: folders['Published/Drawings'],
      createdByEmail: people.engineer!.email,
      uploadFolderName: 'Published/Drawings',
      projectName: 'Workflow Project',
      ...extra,
    });
    const upload = async (folder: string, name: string, content: string, who = 'engineer') => {
      const { payload, headers } = multipartFile(name, Buffer.from(content));
      const response = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${folders[folder]}/files`,
        payload,
        headers: { ...headers, cookie: people[who]!.cookie },
      });
      expect(response.statusCode).toBe(201);
      return response.json() as { item: { id: string }; version: { id: string; revision: string } };
    };

    beforeAll(async () => {
      smtp = await startSmtp();
      penstock = await createTestPenstock(kind, {
        PENSTOCK_SMTP_HOST: '127.0.0.1',
        PENSTOCK_SMTP_PORT: String(smtp.port),
        PENSTOCK_PUBLIC_URL: 'http://penstock.test',
      });
      for (const who of ['engineer', 'tm', 'sdm', 'viewer', 'outsider', 'other']) {
        const user = await penstock.createUser({ name: who, email: `${who}@wf.test` });
        people[who] = { ...user, cookie: '' };
      }
      const admin = await penstock.createUser({
        name: 'admin',
        email: 'admin@wf.test',
        roles: ['administrator'],
      });
      people.admin = { ...admin, cookie: '' };
      const project = await penstock.createProject('Workflow Project', [
        { userId: people.engineer!.id, role: 'member' },
        { userId: people.tm!.id, role: 'manager' },
        { userId: people.sdm!.id, role: 'member' },
        { userId: people.viewer!.id, role: 'viewer' },
        { userId: people.other!.id, role: 'member' },
      ]);
      projectId = project.id;
      folders = project.folders;
      for (const who of Object.keys(people)) people[who]!.cookie = await penstock.signIn(people[who]!.email);
      const first = await upload('Shared/Process', 'PID-0101.pdf', '%PDF-1.4 first\n');
      const second = await upload('Shared/Process', 'PID-0101.pdf', '%PDF-1.4 second\n');
      itemId = second.item.id;
      versionId = second.version.id;
      expect(first.version.revision).toBe('P01');
      expect(second.version.revision).toBe('P02');
    });
    afterAll(async () => {
      await penstock.destroy();
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    });

    it('gives versions ISO 19650 revisions and suitabilities by the state of their folder', async () => {
      const a = await upload('WIP/Civil', 'calc.txt', 'one');
      const b = await upload('WIP/Civil', 'calc.txt', 'two');
      expect([a.version.revision, b.version.revision]).toEqual(['P01.01', 'P01.02']);
      const versions = (await get(`/api/items/${b.item.id}/versions`, 'engineer')).json();
      expect(versions[0]).toMatchObject({ revision: 'P01.02', suitability: 'S0', derivedFrom: null });
      const tree = (await get(`/api/tree?id=${folders['Shared/Process']}`, 'engineer')).json();
      expect(tree.find((node: { id: string }) => node.id === itemId)).toMatchObject({
        state: 'Shared',
        revision: 'P02',
        suitability: 'S2',
      });
    });

    it('refuses bad submissions with clear messages and stores nothing', async () => {
      const cases: Array<[Record<string, unknown>, number, string | RegExp]> = [
        [{ reviewers: [] }, 400, WORKFLOW_MISSING_FIELDS],
        [{ uploadFolderId: '' }, 400, WORKFLOW_MISSING_FIELDS],
        [{ reviewers: [option('outsider')] }, 400, /not a member of this project/],
        [{ targetSuitability: 'S3' }, 400, /Suitability S3 is for Shared information/],
        [{ uploadFolderId: folders['WIP/Civil'] }, 400, /not in Shared or Published/],
        [{ documentId: 'v.00000000-0000-4000-8000-000000000000' }, 400, /not a file of this project/],
        [{ createdByUserId: people.tm!.id }, 403, /as yourself/],
      ];
      for (const [extra, status, message] of cases) {
        const response = await send('POST', '/api/workflow', submission(extra), 'engineer');
        expect(response.statusCode, JSON.stringify(extra)).toBe(status);
        expect(response.json().error).toMatch(message);
      }
      expect((await send('POST', '/api/workflow', submission(), 'viewer')).statusCode).toBe(403);
      expect((await send('POST', '/api/workflow', submission(), 'outsider')).statusCode).toBe(404);
      expect((await get(`/api/workflow/created?id=${people.engineer!.id}`, 'engineer')).json()).toEqual([]);
    });

    it('runs review then approval by the listed people only, and publishes with the golden thread', async () => {
      const submitted = await send('POST', '/api/workflow', submission(), 'engineer');
      expect(submitted.statusCode).toBe(201);
      const workflow = submitted.json() as WorkflowDetail;
      expect(workflow).toMatchObject({ status: 'In review', revision: 'P02', targetSuitability: 'A1' });
      const reviewId = workflow.reviewers[0]!.id;
      const approvalId = workflow.approvers[0]!.id;
      // a second submission of the same document while it is in review is refused
      expect((await send('POST', '/api/workflow', submission(), 'engineer')).statusCode).toBe(409);

      // the reviewer sees it pending; the approver not yet
      const pendingReview = (await get(`/api/workflow/pendingReview?id=${people.tm!.id}`, 'tm')).json();
      expect(pendingReview.map((w: HubWorkflow) => [w.id, w.reviewId])).toEqual([[workflow.id, reviewId]]);
      expect((await get(`/api/workflow/pendingApproval?id=${people.sdm!.id}`, 'sdm')).json()).toEqual([]);
      expect((await get('/api/hub/counts', 'tm')).json()).toMatchObject({ pendingReview: 1, total: 1 });
      // someone else's list is refused; an administrator may look
      expect((await get(`/api/workflow/pendingReview?id=${people.tm!.id}`, 'engineer')).statusCode).toBe(403);
      expect((await get(`/api/workflow/pendingReview?id=${people.tm!.id}`, 'admin')).statusCode).toBe(200);

      const decide = (path: string, id: string, who: string, status = 'Approved') =>
        send(
          'PUT',
          `/api/workflow/${path}`,
          { id, userId: people[who]!.id, comment: `${who} ok`, status },
          who,
        );
      // the approver cannot act before the review; nobody can answer someone else's line
      expect((await decide('UpdateApprovers', approvalId, 'sdm')).statusCode).toBe(409);
      expect((await decide('UpdateReviewers', reviewId, 'other')).statusCode).toBe(403);
      expect((await decide('UpdateReviewers', reviewId, 'outsider')).statusCode).toBe(404);
      expect((await decide('UpdateApprovers', reviewId, 'tm')).statusCode).toBe(404);

      const reviewed = await decide('UpdateReviewers', reviewId, 'tm');
      expect(reviewed.statusCode).toBe(200);
      expect(reviewed.json().status).toBe('Awaiting approval');
      expect((await decide('UpdateReviewers', reviewId, 'tm')).statusCode).toBe(409);
      const pendingApproval = (await get(`/api/workflow/pendingApproval?id=${people.sdm!.id}`, 'sdm')).json();
      expect(pendingApproval[0].approvalId).toBe(approvalId);

      const approved = await decide('UpdateApprovers', approvalId, 'sdm');
      expect(approved.statusCode).toBe(200);
      const done = approved.json() as WorkflowDetail;
      expect(done).toMatchObject({ status: 'Approved', publishedRevision: 'C01' });
      expect(done.reviewers[0]).toMatchObject({ status: 'Approved', comment: 'tm ok' });
      expect(done.history.map((event) => event.action)).toEqual([
        'submitted',
        'review: approved',
        'approval: approved',
        'published',
      ]);

      // published into Published/Drawings as C01, A1, linked to the submitted P02
      const drawings = (await get(`/api/tree?id=${folders['Published/Drawings']}`, 'engineer')).json();
      const published = drawings.find((node: { text: string }) => node.text === 'PID-0101.pdf');
      expect(published).toMatchObject({ state: 'Published', revision: 'C01', suitability: 'A1' });
      const versions = (await get(`/api/items/${published.id}/versions`, 'engineer')).json();
      expect(versions[0]).toMatchObject({
        id: done.publishedVersionId,
        revision: 'C01',
        suitability: 'A1',
        derivedFrom: { versionId, folderPath: 'Shared/Process', revision: 'P02' },
      });
      const mine = (await get(`/api/workflow/created?id=${people.engineer!.id}`, 'engineer')).json();
      expect(mine.map((w: HubWorkflow) => w.status)).toEqual(['Approved']);
      expect((await get('/api/hub/counts', 'sdm')).json().total).toBe(0);

      // e-mails: the reviewer on submission, the approver after the review, the submitter on each decision
      await until(() => smtp.received.length >= 5, 'the workflow e-mails');
      const to = smtp.received.flatMap((mail) => mail.to);
      expect(to).toEqual(expect.arrayContaining(['tm@wf.test', 'sdm@wf.test', 'engineer@wf.test']));
      expect(smtp.received.some((mail) => /Review requested: PID-0101\.pdf/.test(mail.raw))).toBe(true);
    });

    it('publishes once when two approvers answer at the same moment', async () => {
      const doc = await upload('Shared/Electrical', 'SLD.pdf', '%PDF-1.4 sld\n');
      const workflow = (
        await send(
          'POST',
          '/api/workflow',
          submission({
            documentId: doc.version.id,
            itemId: doc.item.id,
            approvers: [option('sdm'), option('other')],
            targetSuitability: 'A2',
          }),
          'engineer',
        )
      ).json() as WorkflowDetail;
      await send(
        'PUT',
        '/api/workflow/UpdateReviewers',
        { id: workflow.reviewers[0]!.id, userId: people.tm!.id, comment: '', status: 'Approved' },
        'tm',
      );
      const answers = await Promise.all(
        (['sdm', 'other'] as const).map((who, i) =>
          send(
            'PUT',
            '/api/workflow/UpdateApprovers',
            { id: workflow.approvers[i]!.id, userId: people[who]!.id, comment: '', status: 'Approved' },
            who,
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const detail = (await get(`/api/workflow?id=${workflow.id}`, 'engineer')).json() as WorkflowDetail;
      expect(detail.status).toBe('Approved');
      expect(detail.history.filter((e) => e.action === 'published')).toHaveLength(1);
      const drawings = (await get(`/api/tree?id=${folders['Published/Drawings']}`, 'engineer')).json();
      const sld = drawings.find((node: { text: string }) => node.text === 'SLD.pdf');
      expect(sld).toMatchObject({ revision: 'C01', suitability: 'A2', versionNumber: 1 });
    });

    it('a rejection ends the workflow and publishes nothing', async () => {
      const doc = await upload('Shared/Civil', 'Layout.pdf', '%PDF-1.4 layout\n');
      const workflow = (
        await send(
          'POST',
          '/api/workflow',
          submission({
            documentId: doc.version.id,
            itemId: doc.item.id,
            reviewers: [option('tm'), option('other')],
            targetSuitability: 'S4',
            uploadFolderId: folders['Shared/Mechanical'],
          }),
          'engineer',
        )
      ).json() as WorkflowDetail;
      const rejected = await send(
        'PUT',
        '/api/workflow/UpdateReviewers',
        {
          id: workflow.reviewers[1]!.id,
          userId: people.other!.id,
          comment: 'Wrong scale',
          status: 'Rejected',
        },
        'other',
      );
      expect(rejected.json()).toMatchObject({ status: 'Rejected', publishedVersionId: null });
      const late = await send(
        'PUT',
        '/api/workflow/UpdateReviewers',
        { id: workflow.reviewers[0]!.id, userId: people.tm!.id, comment: '', status: 'Approved' },
        'tm',
      );
      expect(late.statusCode).toBe(409);
      expect((await get(`/api/tree?id=${folders['Shared/Mechanical']}`, 'engineer')).json()).toEqual([]);
      const detail = (await get(`/api/workflow?id=${workflow.id}`, 'engineer')).json() as WorkflowDetail;
      expect(detail.history.at(-1)).toMatchObject({ action: 'review: rejected', comment: 'Wrong scale' });
      expect((await get(`/api/workflow?id=${workflow.id}`, 'outsider')).statusCode).toBe(404);
    });

    it('moves, deletes and restores, and uploads into a folder, for members only', async () => {
      const doc = await upload('WIP/Mechanical', 'Pump.txt', 'pump notes');
      const copy = await send(
        'POST',
        '/api/workflow/uploadCopy',
        {
          projectId,
          documentId: doc.version.id,
          itemId: doc.item.id,
          uploadFolderId: folders['Shared/Mechanical'],
        },
        'engineer',
      );
      expect(copy.statusCode).toBe(201);
      expect(copy.json().version).toMatchObject({ revision: 'P01', suitability: 'S2' });
      const viewerDelete = await send(
        'POST',
        '/api/workflow/delete',
        { projectId, urnId: doc.item.id },
        'viewer',
      );
      expect(viewerDelete.statusCode).toBe(403);
      const deleted = await send(
        'POST',
        '/api/workflow/delete',
        { projectId, urnId: doc.item.id },
        'engineer',
      );
      expect(deleted.statusCode).toBe(200);
      const wip = (await get(`/api/tree?id=${folders['WIP/Mechanical']}`, 'engineer')).json();
      expect(wip).toEqual([]);
      const structure = (await get(`/api/workflow/structure?projectId=${projectId}`, 'engineer')).json();
      const names = JSON.stringify(structure);
      expect(structure).toMatchObject({ Id: projectId, Type: 'project' });
      expect(typeof structure.lastUpdated).toBe('string');
      expect(names).not.toContain(doc.item.id);
      expect(names).toContain(copy.json().item.id);

      // the deleted file is listed for managers, who can restore it
      expect((await get(`/api/projects/${projectId}/deleted`, 'engineer')).statusCode).toBe(403);
      const bin = (await get(`/api/projects/${projectId}/deleted`, 'tm')).json();
      expect(bin).toEqual([
        expect.objectContaining({ itemId: doc.item.id, name: 'Pump.txt', folderPath: 'WIP/Mechanical' }),
      ]);
      // a new file of the same name may be uploaded meanwhile; restoring then says why it cannot
      await upload('WIP/Mechanical', 'Pump.txt', 'new pump notes');
      const clash = await penstock.app.inject({
        method: 'POST',
        url: `/api/items/${doc.item.id}/restore`,
        headers: { cookie: people.tm!.cookie },
      });
      expect(clash.statusCode).toBe(409);

      // upload into a folder: formData before or after the file; refused for viewers
      const body = {
        projectId,
        createdByUserId: people.engineer!.id,
        uploadFolderId: folders['WIP/Electrical'],
      };
      for (const fileFirst of [false, true]) {
        const { payload, headers } = multipart(
          body,
          { name: `MCC-${fileFirst}.txt`, content: Buffer.from('x') },
          fileFirst,
        );
        const response = await penstock.app.inject({
          method: 'POST',
          url: '/api/workflow/upload',
          payload,
          headers: { ...headers, cookie: people.engineer!.cookie },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json().version.revision).toBe('P01.01');
      }
      const { payload, headers } = multipart(body, { name: 'no.txt', content: Buffer.from('x') }, true);
      const refused = await penstock.app.inject({
        method: 'POST',
        url: '/api/workflow/upload',
        payload,
        headers: { ...headers, cookie: people.viewer!.cookie },
      });
      expect(refused.statusCode).toBe(403);
      const electrical = (await get(`/api/tree?id=${folders['WIP/Electrical']}`, 'engineer')).json();
      expect(electrical.map((node: { text: string }) => node.text).sort()).toEqual([
        'MCC-false.txt',
        'MCC-true.txt',
      ]);
    });

    it('restores a deleted file for a manager', async () => {
      const doc = await upload('WIP/Process', 'Notes.txt', 'notes');
      await send('POST', '/api/workflow/delete', { projectId, urnId: doc.version.id }, 'engineer');
      const restored = await penstock.app.inject({
        method: 'POST',
        url: `/api/items/${doc.item.id}/restore`,
        headers: { cookie: people.tm!.cookie },
      });
      expect(restored.statusCode).toBe(200);
      const tree = (await get(`/api/tree?id=${folders['WIP/Process']}`, 'engineer')).json();
      expect(tree.map((node: { id: string }) => node.id)).toContain(doc.item.id);
    });

    it('lists markups for their author and the person they are for, in the hub', async () => {
      const drawing = await upload('WIP/Civil', 'Plan.pdf', '%PDF-1.4 plan\n');
      const record = {
        projectId,
        projectName: 'Workflow Project',
        documentId: drawing.version.id,
        itemId: drawing.item.id,
        documentName: 'Plan.pdf',
        createdFor: people.tm!.email,
        actioned: false,
        title: 'Check levels',
        markupData: [
          {
            markupTitle: 'Check levels',
            markupData: JSON.stringify({ version: 1, shapes: [] }),
            markupstate: {},
            imagePreview: '',
            documentName: 'Plan.pdf',
            documentVersion: 'V1',
          },
        ],
      };
      const saved = await send('POST', '/api/markups/saveMarkup', record, 'engineer');
      expect(saved.statusCode, saved.body).toBe(200);
      const mine = (await get(`/api/markup/created?id=${people.engineer!.id}`, 'engineer')).json();
      expect(mine.map((m: { title: string }) => m.title)).toEqual(['Check levels']);
      const pending = (await get(`/api/markup/pending?id=${people.tm!.id}`, 'tm')).json();
      expect(pending[0]).toMatchObject({ title: 'Check levels', documentName: 'Plan.pdf' });
      expect((await get(`/api/markup/pending?id=${people.tm!.id}`, 'engineer')).statusCode).toBe(403);
      expect((await get(`/api/markup?id=${pending[0].id}`, 'tm')).json().itemId).toBe(drawing.item.id);
      expect((await get(`/api/markup?id=${pending[0].id}`, 'outsider')).statusCode).toBe(404);
      expect((await get('/api/hub/counts', 'tm')).json()).toMatchObject({ markups: 1 });
    });
  });
}
