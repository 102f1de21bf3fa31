import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StructureNode, Version, WorkflowDetail, WorkflowStructure } from '@penstock/shared';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { jsonField, markupRecord, optionOf, type Person } from '../../test/access/accessFixture.ts';
import { multipartBody } from '../supplier/supplier.testing.ts';

/**
 * Document control (issue 31, items 2, 4 and 5): a document under review is held; Published and Archived
 * are changed by hand only by project managers; a move keeps the item's history and ids.
 */
const PDF = fs.readFileSync('/work/shared/fixtures/pdf/issue21570.pdf');
const PDF_2 = fs.readFileSync('/work/shared/fixtures/pdf/Test-plusminus.pdf');

const findNode = (node: StructureNode, id: string): StructureNode | undefined =>
  node.Id === id ? node : node.NestedObjects.map((child) => findNode(child, id)).find(Boolean);

type Stored = { item: { id: string }; version: { id: string; revision: string } };

for (const kind of await testDatabases()) {
  describe(`document control (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    let folders: Record<string, string>;
    let otherProjectFolder: string;
    const people = {} as Record<'engineer' | 'manager' | 'checker' | 'viewer' | 'outsider', Person>;

    const send = (url: string, data: unknown, who: keyof typeof people) => {
      const { payload, headers } = jsonField(data);
      return penstock.app.inject({
        method: url.includes('Update') ? 'PUT' : 'POST',
        url,
        payload,
        headers: { ...headers, cookie: people[who].cookie },
      });
    };
    const get = (url: string, who: keyof typeof people = 'engineer') =>
      penstock.app.inject({ method: 'GET', url, headers: { cookie: people[who].cookie } });
    const uploadAs = (who: keyof typeof people, folder: string, name: string, content: Buffer) => {
      const { payload, headers } = multipartFile(name, content);
      return penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${folders[folder]}/files`,
        payload,
        headers: { ...headers, cookie: people[who].cookie },
      });
    };
    const upload = async (
      folder: string,
      name: string,
      content: Buffer,
      who: keyof typeof people = 'engineer',
    ) => {
      const response = await uploadAs(who, folder, name, content);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Stored>();
    };
    const move = (doc: Stored, folder: string, who: keyof typeof people = 'engineer') =>
      send(
        '/api/workflow/move',
        {
          projectId,
          documentId: doc.version.id,
          itemId: doc.item.id,
          uploadFolderId: folders[folder] ?? folder,
        },
        who,
      );
    const remove = (doc: Stored, who: keyof typeof people = 'engineer') =>
      send('/api/workflow/delete', { projectId, urnId: doc.item.id }, who);
    const submit = async (doc: Stored, name: string) => {
      const response = await send(
        '/api/workflow',
        {
          projectId,
          documentId: doc.version.id,
          itemId: doc.item.id,
          createdByUserId: people.engineer.id,
          comment: 'For checking',
          reviewers: [optionOf(people.checker)],
          approvers: [optionOf(people.manager)],
          suitability: 'Current Suitability',
          targetSuitability: 'A1',
          documentName: name,
          uploadFolderId: folders['Published/Drawings'],
          projectName: 'Control works',
        },
        'engineer',
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<WorkflowDetail>();
    };
    const decide = (
      path: 'UpdateReviewers' | 'UpdateApprovers',
      id: string,
      who: 'checker' | 'manager',
      status: string,
    ) => send(`/api/workflow/${path}`, { id, userId: people[who].id, comment: status, status }, who);
    const filesIn = async (folder: string) =>
      (await get(`/api/tree?id=${folders[folder]}`)).json<Array<{ id: string; text: string }>>();

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      for (const who of Object.keys({ engineer: 0, manager: 0, checker: 0, viewer: 0, outsider: 0 })) {
        const user = await penstock.createUser({ name: `Control ${who}` });
        people[who as keyof typeof people] = {
          ...user,
          name: `Control ${who}`,
          cookie: await penstock.signIn(user.email),
        };
      }
      const project = await penstock.createProject('Control works', [
        { userId: people.engineer.id, role: 'member' },
        { userId: people.checker.id, role: 'member' },
        { userId: people.manager.id, role: 'manager' },
        { userId: people.viewer.id, role: 'viewer' },
      ]);
      projectId = project.id;
      folders = project.folders;
      const other = await penstock.createProject('Other works', [
        { userId: people.engineer.id, role: 'member' },
        { userId: people.outsider.id, role: 'manager' },
      ]);
      otherProjectFolder = other.folders['WIP/Civil']!;
    });
    afterAll(async () => {
      await penstock?.jobs.idle();
      await penstock?.destroy();
    });

    it('holds a document under review: move, delete and a new version answer 409 with the reason', async () => {
      const doc = await upload('Shared/Process', 'PID-0200.pdf', PDF);
      const workflow = await submit(doc, 'PID-0200.pdf');
      const reason = (doing: string) =>
        new RegExp(
          `^PID-0200\\.pdf is under review \\(submitted by Control engineer on \\d{4}-\\d{2}-\\d{2}\\): withdraw the workflow before ${doing}$`,
        );

      const moved = await move(doc, 'Shared/Civil');
      expect(moved.statusCode).toBe(409);
      expect(moved.json().error).toMatch(reason('moving it'));
      const managerMove = await move(doc, 'Shared/Civil', 'manager');
      expect(managerMove.statusCode).toBe(409);
      const deleted = await remove(doc);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().error).toMatch(reason('deleting it'));
      const again = await uploadAs('engineer', 'Shared/Process', 'PID-0200.pdf', PDF_2);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatch(reason('uploading a new version'));
      // the Workflow panel's upload and the first step of the spec's two-step move are held too
      const { payload, headers } = multipartBody(
        {
          formData: JSON.stringify({
            projectId,
            createdByUserId: people.engineer.id,
            uploadFolderId: folders['Shared/Process'],
          }),
        },
        [{ field: 'file', name: 'PID-0200.pdf', content: PDF_2 }],
      );
      const panelUpload = await penstock.app.inject({
        method: 'POST',
        url: '/api/workflow/upload',
        payload,
        headers: { ...headers, cookie: people.engineer.cookie },
      });
      expect(panelUpload.statusCode).toBe(409);
      expect(panelUpload.json().error).toMatch(reason('uploading a new version'));
      // nothing changed: one version, where it was; the structure says who holds it
      expect((await get(`/api/items/${doc.item.id}/versions`)).json()).toHaveLength(1);
      expect((await filesIn('Shared/Process')).map((node) => node.id)).toContain(doc.item.id);
      const structure = (
        await get(`/api/workflow/structure?projectId=${projectId}`)
      ).json<WorkflowStructure>();
      const node = findNode(structure, doc.item.id);
      expect(node?.Hold).toEqual({ submittedBy: 'Control engineer', submittedAt: expect.any(String) });
      expect(findNode(structure, folders['Shared/Process']!)?.Hold).toBeUndefined();

      // a closed workflow releases it: rejected here, so it can be moved, get a new version and be deleted
      const review = workflow.reviewers[0]!;
      expect((await decide('UpdateReviewers', review.id, 'checker', 'Rejected')).statusCode).toBe(200);
      expect((await move(doc, 'Shared/Civil')).statusCode).toBe(200);
      expect((await upload('Shared/Civil', 'PID-0200.pdf', PDF_2)).item.id).toBe(doc.item.id);
      expect((await remove(doc)).statusCode).toBe(200);
    });

    it('publishes an approved workflow into Published for a member, and then releases the source', async () => {
      const doc = await upload('Shared/Mechanical', 'GA-0300.pdf', PDF);
      const workflow = await submit(doc, 'GA-0300.pdf');
      expect(
        (await decide('UpdateReviewers', workflow.reviewers[0]!.id, 'checker', 'Approved')).statusCode,
      ).toBe(200);
      expect(
        (await decide('UpdateApprovers', workflow.approvers[0]!.id, 'manager', 'Approved')).statusCode,
      ).toBe(200);
      const published = (await filesIn('Published/Drawings')).find((node) => node.text === 'GA-0300.pdf');
      expect(published).toBeDefined();
      expect((await move(doc, 'Shared/Civil')).statusCode).toBe(200);
    });

    it('lets only project managers move, delete or upload by hand in Published and Archived', async () => {
      const published = await upload('Published/Drawings', 'Record-01.pdf', PDF, 'manager');
      // members: 403 with the reason, for leaving, entering and deleting in the record, and for uploads
      const memberMove = await move(published, 'WIP/Civil');
      expect(memberMove.statusCode).toBe(403);
      expect(memberMove.json().error).toBe(
        'Only project managers can move files into or out of Published and Archived folders',
      );
      const wip = await upload('WIP/Civil', 'Draft-01.pdf', PDF);
      expect((await move(wip, 'Archived')).statusCode).toBe(403);
      expect((await move(wip, 'Published/Models')).statusCode).toBe(403);
      const spec = await send(
        '/api/workflow/uploadCopy',
        {
          projectId,
          documentId: wip.version.id,
          itemId: wip.item.id,
          uploadFolderId: folders['Published/Models'],
        },
        'engineer',
      );
      expect(spec.statusCode).toBe(403);
      const memberDelete = await remove(published);
      expect(memberDelete.statusCode).toBe(403);
      expect(memberDelete.json().error).toBe(
        'Only project managers can delete files in Published and Archived folders',
      );
      const memberUpload = await uploadAs('engineer', 'Archived', 'Sneak.pdf', PDF);
      expect(memberUpload.statusCode).toBe(403);
      expect(memberUpload.json().error).toMatch(
        /^Only project managers can upload into Published and Archived/,
      );
      expect((await uploadAs('viewer', 'Published/Drawings', 'Sneak.pdf', PDF)).statusCode).toBe(403);
      expect((await remove(published, 'viewer')).statusCode).toBe(403);
      expect((await filesIn('Archived')).map((node) => node.text)).toEqual([]);
      // members still move and delete in WIP and Shared
      expect((await move(wip, 'Shared/Civil')).statusCode).toBe(200);
      // managers: all of it
      expect((await move(published, 'Archived', 'manager')).statusCode).toBe(200);
      expect((await filesIn('Archived')).map((node) => node.id)).toEqual([published.item.id]);
      expect((await remove(published, 'manager')).statusCode).toBe(200);
      expect((await remove(wip)).statusCode).toBe(200);
    });

    it('moves the item itself: every version, its codes, issues, markups and workflow history keep their ids', async () => {
      const first = await upload('WIP/Process', 'PID-0400.pdf', PDF);
      const second = await upload('WIP/Process', 'PID-0400.pdf', PDF_2);
      expect(second.item.id).toBe(first.item.id);
      const before = (await get(`/api/items/${first.item.id}/versions`)).json<Version[]>();
      expect(before.map((v) => v.revision)).toEqual(['P01.02', 'P01.01']);
      // an issue linked to the first version, a markup on the second, a workflow rejected (history)
      const issue = await penstock.app.inject({
        method: 'POST',
        url: '/api/issues',
        payload: {
          projectId,
          title: 'Check the pump duty',
          linkedDocuments: [{ documentId: first.version.id }],
        },
        headers: { cookie: people.engineer.cookie },
      });
      expect(issue.statusCode, issue.body).toBe(201);
      const markup = await send(
        '/api/markups/saveMarkup',
        markupRecord(projectId, second, people.checker, 'Duty point'),
        'engineer',
      );
      expect(markup.statusCode, markup.body).toBe(200);
      const workflow = await submit(second, 'PID-0400.pdf');
      await decide('UpdateReviewers', workflow.reviewers[0]!.id, 'checker', 'Rejected');

      const moved = await move(second, 'Shared/Process');
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ item: { id: first.item.id }, version: { id: second.version.id } });
      expect(await filesIn('WIP/Process')).toEqual([]);
      expect((await filesIn('Shared/Process')).map((node) => node.id)).toEqual([first.item.id]);
      // the same versions, ids and revision codes, and both still download
      const after = (await get(`/api/items/${first.item.id}/versions`)).json<Version[]>();
      expect(
        after.map(({ id, number, revision, suitability }) => ({ id, number, revision, suitability })),
      ).toEqual(
        before.map(({ id, number, revision, suitability }) => ({ id, number, revision, suitability })),
      );
      expect((await get(`/api/versions/${first.version.id}/content`)).rawPayload.equals(PDF)).toBe(true);
      expect((await get(`/api/items/${first.item.id}/content`)).rawPayload.equals(PDF_2)).toBe(true);
      // the issue, the markup and the workflow still point at it
      const issueAfter = (await get(`/api/issues/${issue.json().id}`)).json();
      expect(issueAfter.linkedDocuments[0].documentId).toBe(first.version.id);
      const markups = await penstock.app.inject({
        method: 'POST',
        url: '/api/markups/getMarkups',
        payload: `formData=${encodeURIComponent(JSON.stringify({ projectId, documentId: second.version.id }))}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: people.engineer.cookie },
      });
      expect(JSON.stringify(markups.json())).toContain('Duty point');
      const history = (await get(`/api/workflow?id=${workflow.id}`)).json<WorkflowDetail>();
      expect(history).toMatchObject({ id: workflow.id, status: 'Rejected' });
      expect(history.history.map((event) => event.action)).toContain('review: rejected');
      // and its next version follows on from its own history in its new state
      const third = await upload('Shared/Process', 'PID-0400.pdf', PDF);
      expect(third.item.id).toBe(first.item.id);
      expect((await get(`/api/items/${first.item.id}/versions`)).json<Version[]>()).toHaveLength(3);
    });

    it('refuses bad moves: same folder, another project, a name taken, bad input, viewers and outsiders', async () => {
      const doc = await upload('WIP/Electrical', 'MCC-01.pdf', PDF);
      const sameFolder = await move(doc, 'WIP/Electrical');
      expect(sameFolder.statusCode).toBe(400);
      expect(sameFolder.json().error).toBe('The file is already in that folder');
      const otherProject = await move(doc, otherProjectFolder);
      expect(otherProject.statusCode).toBe(400);
      expect(otherProject.json().error).toBe('The target folder is not a folder of this project');
      await upload('WIP/Mechanical', 'MCC-01.pdf', PDF_2);
      const taken = await move(doc, 'WIP/Mechanical');
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toBe(
        "A file named 'MCC-01.pdf' is already in that folder: rename or delete it first",
      );
      const missing = await send('/api/workflow/move', { projectId, itemId: doc.item.id }, 'engineer');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toMatch(/documentId/);
      expect((await move(doc, 'WIP/Civil', 'viewer')).statusCode).toBe(403);
      expect((await move(doc, 'WIP/Civil', 'outsider')).statusCode).toBe(404);
      const anonymous = await penstock.app.inject({
        method: 'POST',
        url: '/api/workflow/move',
        ...jsonField({}),
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await filesIn('WIP/Electrical')).map((node) => node.id)).toEqual([doc.item.id]);
    });
  });
}
