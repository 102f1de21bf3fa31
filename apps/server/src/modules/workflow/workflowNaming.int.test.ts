import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATER_FRAMEWORK_STANDARD, type WorkflowDetail } from '@penstock/shared';
import {
  createTestPenstock,
  multipartFile,
  rowCounts,
  testDatabases,
  type TestPenstock,
} from '../../test/harness.ts';
import { jsonField } from '../../test/access/accessFixture.ts';

/**
 * The naming standard where a workflow publishes (issue 35 §1: "on every move into Shared or Published"):
 * a submission into Published under a refused name is refused, and the approval that would publish is
 * refused (nothing recorded) when the check applies by then; an administrator's relaxation lets it through.
 */
type Who = 'author' | 'reviewer' | 'approver' | 'manager' | 'admin';
const LOOSE = 'NW-ACM-ZZ-00-DR-Q-0007.pdf';
const REFUSAL = `'${LOOSE}' does not follow the project's naming standard: Role 'Q' is not in the code list: use one of A, C, E, M, P, S, W, X, K. Rename it before it goes into Published.`;

for (const kind of await testDatabases()) {
  describe(`the name check of a workflow's publication (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    let folders: Record<string, string>;
    const people = {} as Record<Who, { id: string; email: string; cookie: string }>;
    let loose: { item: { id: string }; version: { id: string } };

    const send = (method: 'POST' | 'PUT', url: string, data: unknown, who: Who) => {
      const { payload, headers } = jsonField(data);
      return penstock.app.inject({
        method,
        url,
        payload,
        headers: { ...headers, cookie: people[who].cookie },
      });
    };
    const relax = (relaxed: boolean) =>
      penstock.app.inject({
        method: 'PUT',
        url: `/api/projects/${projectId}/info-standard/relaxed`,
        payload: { relaxed },
        headers: { cookie: people.admin.cookie },
      });
    const option = (who: Who) => `${people[who].id}-${people[who].email}-${who}`;
    const submit = () =>
      send(
        'POST',
        '/api/workflow',
        {
          projectId,
          documentId: loose.version.id,
          itemId: loose.item.id,
          createdByUserId: people.author.id,
          comment: 'For publication',
          reviewers: [option('reviewer')],
          approvers: [option('approver')],
          targetSuitability: 'A1',
          uploadFolderId: folders['Published/Drawings'],
        },
        'author',
      );
    const decide = (path: 'UpdateReviewers' | 'UpdateApprovers', id: string, who: Who) =>
      send(
        'PUT',
        `/api/workflow/${path}`,
        { id, userId: people[who].id, comment: 'ok', status: 'Approved' },
        who,
      );

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      for (const who of ['author', 'reviewer', 'approver', 'manager', 'admin'] as const) {
        const user = await penstock.createUser({
          name: `Naming ${who}`,
          ...(who === 'admin' ? { roles: ['administrator' as const] } : {}),
        });
        people[who] = { ...user, cookie: await penstock.signIn(user.email) };
      }
      const project = await penstock.createProject('Naming workflow', [
        { userId: people.author.id, role: 'member' },
        { userId: people.reviewer.id, role: 'member' },
        { userId: people.approver.id, role: 'member' },
        { userId: people.manager.id, role: 'manager' },
      ]);
      projectId = project.id;
      folders = project.folders;
      const standard = {
        ...WATER_FRAMEWORK_STANDARD,
        fields: WATER_FRAMEWORK_STANDARD.fields.map((field) =>
          field.key === 'project'
            ? { ...field, codes: [{ code: 'NW', description: 'Naming works' }] }
            : field,
        ),
      };
      const saved = await penstock.app.inject({
        method: 'PUT',
        url: `/api/projects/${projectId}/info-standard`,
        payload: { standard },
        headers: { cookie: people.manager.cookie },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // allowed in WIP with a warning
      const { payload, headers } = multipartFile(LOOSE, Buffer.from('%PDF-1.4 loose'));
      const uploaded = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${folders['WIP/Civil']}/files`,
        payload,
        headers: { ...headers, cookie: people.author.cookie },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      expect(uploaded.json().nameWarning).toContain("Role 'Q'");
      loose = uploaded.json();
    });
    afterAll(async () => {
      await penstock?.jobs.idle();
      await penstock?.destroy();
    });

    it('refuses a submission into Published under a name the standard refuses', async () => {
      const before = await rowCounts(penstock.database.db);
      const refused = await submit();
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ error: REFUSAL });
      expect(await rowCounts(penstock.database.db)).toEqual(before);
    });

    it('refuses the approval that would publish it, recording nothing, until the check is relaxed', async () => {
      // submitted while an administrator had relaxed the check; the relaxation is withdrawn before approval
      expect((await relax(true)).statusCode).toBe(200);
      const submitted = await submit();
      expect(submitted.statusCode, submitted.body).toBe(201);
      const workflow = submitted.json<WorkflowDetail>();
      expect((await relax(false)).statusCode).toBe(200);
      expect((await decide('UpdateReviewers', workflow.reviewers[0]!.id, 'reviewer')).statusCode).toBe(200);

      const before = await rowCounts(penstock.database.db);
      const refused = await decide('UpdateApprovers', workflow.approvers[0]!.id, 'approver');
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ error: REFUSAL });
      // neither the decision, nor its history and e-mails, nor a published version
      expect(await rowCounts(penstock.database.db)).toEqual(before);
      const tree = await penstock.app.inject({
        method: 'GET',
        url: `/api/tree?id=${folders['Published/Drawings']}`,
        headers: { cookie: people.author.cookie },
      });
      expect(tree.json()).toEqual([]);

      // relaxed again by the administrator: the same approval publishes
      expect((await relax(true)).statusCode).toBe(200);
      const approved = await decide('UpdateApprovers', workflow.approvers[0]!.id, 'approver');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<WorkflowDetail>()).toMatchObject({ status: 'Approved', publishedRevision: 'C01' });
    });
  });
}
