import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { HubWorkflow, WorkflowDetail } from '@penstock/shared';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';

/** A real SMTP server on loopback that keeps what it receives. */
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
          // quoted-printable soft line breaks joined, so texts can be looked for whole
          raw: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, received, port: (server.server.address() as AddressInfo).port };
}

const DAY_MS = 24 * 60 * 60_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** Issue 31, item 1: withdrawing, replacing a reviewer or approver, due dates and overdue reminders. */
describe.each(await testDatabases())('workflow changes after submission on %s', (kind) => {
  let penstock: TestPenstock;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let projectId: string;
  let folders: Record<string, string>;
  const people: Record<string, { id: string; email: string; cookie: string }> = {};
  let counter = 0;

  const inject = (method: 'GET' | 'POST', url: string, who: string, payload?: unknown) =>
    penstock.app.inject({
      method,
      url,
      headers: { cookie: people[who]!.cookie },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const option = (who: string) => `${people[who]!.id}-${people[who]!.email}-${who}`;
  /** Mail the SMTP server received for `who` whose subject starts with `subject`. */
  const mailTo = (who: string, subject: string) =>
    smtp.received.filter((m) => m.to.includes(people[who]!.email) && m.raw.includes(`Subject: ${subject}`));
  const flush = () => penstock.notifier.flushDue();

  /** A new document in Shared/Process, submitted by the engineer to tm (review) and sdm (approval). */
  const submitNew = async (extra: Record<string, unknown> = {}) => {
    const name = `PID-31${String(counter++).padStart(2, '0')}.pdf`;
    const { payload, headers } = multipartFile(name, Buffer.from(`%PDF-1.4 ${name}\n`));
    const uploaded = await penstock.app.inject({
      method: 'POST',
      url: `/api/folders/${folders['Shared/Process']}/files`,
      payload,
      headers: { ...headers, cookie: people.engineer!.cookie },
    });
    expect(uploaded.statusCode).toBe(201);
    const { item, version } = uploaded.json() as { item: { id: string }; version: { id: string } };
    const response = await inject('POST', '/api/workflow', 'engineer', {
      formData: JSON.stringify({
        projectId,
        documentId: version.id,
        itemId: item.id,
        createdByUserId: people.engineer!.id,
        comment: 'Please check',
        reviewers: [option('tm')],
        approvers: [option('sdm')],
        targetSuitability: 'A1',
        documentName: name,
        uploadFolderId: folders['Published/Drawings'],
        ...extra,
      }),
    });
    return { response, name, itemId: item.id };
  };
  const submitted = async (extra: Record<string, unknown> = {}) => {
    const { response, name, itemId } = await submitNew(extra);
    expect(response.statusCode, response.body).toBe(201);
    return { workflow: response.json() as WorkflowDetail, name, itemId };
  };
  const decide = (workflow: WorkflowDetail, who: string, lineId: string, role = 'UpdateReviewers') =>
    penstock.app.inject({
      method: 'PUT',
      url: `/api/workflow/${role}`,
      payload: { formData: JSON.stringify({ id: lineId, userId: people[who]!.id, status: 'Approved' }) },
      headers: { cookie: people[who]!.cookie },
    });
  const hub = async (list: string, who: string) =>
    (await inject('GET', `/api/workflow/${list}?id=${people[who]!.id}`, who)).json() as HubWorkflow[];

  beforeAll(async () => {
    smtp = await startSmtp();
    penstock = await createTestPenstock(kind, {
      PENSTOCK_SMTP_HOST: '127.0.0.1',
      PENSTOCK_SMTP_PORT: String(smtp.port),
      PENSTOCK_PUBLIC_URL: 'http://penstock.test',
    });
    for (const who of ['engineer', 'tm', 'sdm', 'cover', 'other', 'viewer', 'outsider']) {
      const user = await penstock.createUser({ name: who, email: `${who}@changes.test` });
      people[who] = { ...user, cookie: '' };
    }
    const project = await penstock.createProject('Changes Project', [
      { userId: people.engineer!.id, role: 'member' },
      { userId: people.tm!.id, role: 'manager' },
      { userId: people.sdm!.id, role: 'member' },
      { userId: people.cover!.id, role: 'member' },
      { userId: people.other!.id, role: 'member' },
      { userId: people.viewer!.id, role: 'viewer' },
    ]);
    projectId = project.id;
    folders = project.folders;
    for (const who of Object.keys(people)) people[who]!.cookie = await penstock.signIn(people[who]!.email);
  });
  afterAll(async () => {
    await penstock.destroy();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  describe('withdraw', () => {
    it('the submitter withdraws with a reason: status, history, hub count and e-mails follow', async () => {
      const { workflow, name, itemId } = await submitted();
      expect((await inject('GET', '/api/hub/counts', 'tm')).json()).toMatchObject({ pendingReview: 1 });
      const response = await inject('POST', `/api/workflow/${workflow.id}/withdraw`, 'engineer', {
        reason: 'Wrong revision attached',
      });
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json() as WorkflowDetail;
      expect(detail.status).toBe('Withdrawn');
      expect(detail.history.at(-1)).toMatchObject({
        action: 'withdrawn',
        comment: 'Wrong revision attached',
        userName: 'engineer',
      });
      // the reviewer has nothing waiting any more: the header's count drops
      expect((await inject('GET', '/api/hub/counts', 'tm')).json()).toMatchObject({ pendingReview: 0 });
      expect((await hub('created', 'engineer')).find((w) => w.id === workflow.id)?.status).toBe('Withdrawn');
      await flush();
      for (const who of ['tm', 'sdm']) {
        const [mail] = mailTo(who, 'Workflow withdrawn');
        expect(mail?.raw).toContain(name);
        expect(mail?.raw).toContain('Wrong revision attached');
      }
      // the submitter withdrew it themselves: no e-mail to them about it
      expect(mailTo('engineer', 'Workflow withdrawn')).toEqual([]);
      // a decision now is refused, and the document can be submitted again
      expect((await decide(workflow, 'tm', workflow.reviewers[0]!.id)).statusCode).toBe(409);
      const again = await inject(
        'GET',
        `/api/workflow/document?projectId=${projectId}&itemId=${itemId}`,
        'tm',
      );
      expect(again.json()).toEqual({ workflow: null });
    });

    it('a project manager withdraws someone else’s workflow, and the submitter is told', async () => {
      const { workflow, name } = await submitted();
      const response = await inject('POST', `/api/workflow/${workflow.id}/withdraw`, 'tm', {
        reason: 'Reviewer on leave',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 'Withdrawn' });
      await flush();
      expect(mailTo('engineer', 'Workflow withdrawn').some((m) => m.raw.includes(name))).toBe(true);
    });

    it('refuses others, bad input and closed workflows, and changes nothing', async () => {
      const { workflow } = await submitted();
      const url = `/api/workflow/${workflow.id}/withdraw`;
      const other = await inject('POST', url, 'other', { reason: 'Not mine' });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({
        error: 'Only the submitter or a project manager can withdraw this workflow',
      });
      expect((await inject('POST', url, 'sdm', { reason: 'x' })).statusCode).toBe(403);
      expect((await inject('POST', url, 'viewer', { reason: 'x' })).statusCode).toBe(403);
      expect((await inject('POST', url, 'outsider', { reason: 'x' })).statusCode).toBe(404);
      expect(
        (await inject('POST', '/api/workflow/w.missing/withdraw', 'engineer', { reason: 'x' })).statusCode,
      ).toBe(404);
      for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(2001) }]) {
        const bad = await inject('POST', url, 'engineer', body);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error).toMatch(/reason/);
      }
      const unchanged = (await inject('GET', `/api/workflow?id=${workflow.id}`, 'engineer')).json();
      expect(unchanged.status).toBe('In review');

      expect((await inject('POST', url, 'engineer', { reason: 'Done' })).statusCode).toBe(200);
      const twice = await inject('POST', url, 'engineer', { reason: 'Again' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ error: 'This workflow has already been withdrawn' });
    });
  });

  describe('reassign', () => {
    it('a manager replaces a reviewer who has not answered; the new person is told and answers', async () => {
      const { workflow, name } = await submitted();
      const url = `/api/workflow/${workflow.id}/reassign`;
      const response = await inject('POST', url, 'tm', {
        from: workflow.reviewers[0]!.id,
        to: option('cover'),
      });
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json() as WorkflowDetail;
      expect(detail.reviewers).toEqual([
        expect.objectContaining({
          id: workflow.reviewers[0]!.id,
          userId: people.cover!.id,
          status: 'Pending',
        }),
      ]);
      expect(detail.history.at(-1)).toMatchObject({ action: 'reviewer replaced', comment: 'tm → cover' });
      expect((await hub('pendingReview', 'cover')).map((w) => w.id)).toContain(workflow.id);
      expect((await hub('pendingReview', 'tm')).map((w) => w.id)).not.toContain(workflow.id);
      await flush();
      expect(mailTo('cover', 'Review requested').some((m) => m.raw.includes(name))).toBe(true);
      // the one replaced can no longer answer; the new reviewer can
      expect((await decide(workflow, 'tm', workflow.reviewers[0]!.id)).statusCode).toBe(403);
      expect((await decide(workflow, 'cover', workflow.reviewers[0]!.id)).statusCode).toBe(200);
      // an approver who has not answered yet is replaced by their user id
      const approver = await inject('POST', url, 'tm', { from: people.sdm!.id, to: people.other!.id });
      expect(approver.statusCode, approver.body).toBe(200);
      expect((approver.json() as WorkflowDetail).approvers[0]).toMatchObject({ userId: people.other!.id });
      await flush();
      expect(mailTo('other', 'Approval requested').some((m) => m.raw.includes(name))).toBe(true);
    });

    it('only a manager, only someone who has not answered, only a member, only while open', async () => {
      const { workflow } = await submitted();
      const url = `/api/workflow/${workflow.id}/reassign`;
      const line = workflow.reviewers[0]!.id;
      const refused = await inject('POST', url, 'engineer', { from: line, to: option('cover') });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'Only a project manager can replace reviewers and approvers' });
      expect((await inject('POST', url, 'outsider', { from: line, to: option('cover') })).statusCode).toBe(
        404,
      );
      const bad: Array<[Record<string, unknown>, RegExp]> = [
        [{ from: line }, /to is required/],
        [{ to: option('cover') }, /from is required/],
        [{ from: line, to: option('outsider') }, /not a member of this project/],
        [{ from: 'r.nobody', to: option('cover') }, /not a reviewer or approver/],
      ];
      for (const [body, message] of bad) {
        const response = await inject('POST', url, 'tm', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().error).toMatch(message);
      }
      // tm answers: tm can no longer be replaced
      expect((await decide(workflow, 'tm', line)).statusCode).toBe(200);
      const answered = await inject('POST', url, 'tm', { from: line, to: option('cover') });
      expect(answered.statusCode).toBe(409);
      expect(answered.json().error).toMatch(/has already answered/);
      // once closed, nothing can be replaced
      expect(
        (await inject('POST', `/api/workflow/${workflow.id}/withdraw`, 'tm', { reason: 'stop' })).statusCode,
      ).toBe(200);
      const closed = await inject('POST', url, 'tm', {
        from: workflow.approvers[0]!.id,
        to: option('cover'),
      });
      expect(closed.statusCode).toBe(409);
    });
  });

  describe('due dates and reminders', () => {
    it('refuses a due date in the past or not a date', async () => {
      for (const dueDate of [day(-2), '2026-02-30', 'tomorrow']) {
        const { response } = await submitNew({ dueDate });
        expect(response.statusCode, dueDate).toBe(400);
        expect(response.json().error).toMatch(/due date/);
      }
    });

    it('stores the due date, flags overdue work in the hub and reminds once a day through the outbox', async () => {
      const { workflow, name } = await submitted({ dueDate: day(3) });
      expect(workflow).toMatchObject({ dueDate: day(3), overdue: false });
      const { workflow: notDue } = await submitted({ dueDate: day(1) });
      expect((await hub('pendingReview', 'tm')).find((w) => w.id === workflow.id)).toMatchObject({
        dueDate: day(3),
        overdue: false,
      });
      // the due day passes
      await sql`update workflows set due_date = ${day(-1)} where id = ${workflow.id}`.execute(
        penstock.database.db,
      );
      const pending = await hub('pendingReview', 'tm');
      expect(pending.find((w) => w.id === workflow.id)).toMatchObject({ overdue: true });
      expect(pending.find((w) => w.id === notDue.id)).toMatchObject({ overdue: false });
      expect((await hub('created', 'engineer')).find((w) => w.id === workflow.id)?.overdue).toBe(true);

      const reminders = penstock.workflowReminders;
      expect(await reminders.remindOverdue()).toBe(1);
      // again the same day (or after a restart: the record is in the database): nothing more
      expect(await reminders.remindOverdue()).toBe(0);
      expect(await reminders.remindOverdue(new Date(Date.now() + 60_000))).toBe(0);
      await flush();
      const sent = mailTo('tm', 'Overdue review').filter((m) => m.raw.includes(name));
      expect(sent).toHaveLength(1);
      expect(sent[0]!.raw).toContain(`was due on ${day(-1)}`);
      // the approver cannot answer yet, so is not reminded
      expect(mailTo('sdm', 'Overdue')).toEqual([]);
      // the next day, one more
      expect(await reminders.remindOverdue(new Date(Date.now() + DAY_MS))).toBe(1);

      // once the review is in, the approver is the one waited for
      expect((await decide(workflow, 'tm', workflow.reviewers[0]!.id)).statusCode).toBe(200);
      expect(await reminders.remindOverdue()).toBe(1);
      await flush();
      expect(mailTo('sdm', 'Overdue approval').filter((m) => m.raw.includes(name))).toHaveLength(1);
      // a closed workflow is not overdue and not reminded about
      expect(
        (await inject('POST', `/api/workflow/${workflow.id}/withdraw`, 'engineer', { reason: 'x' }))
          .statusCode,
      ).toBe(200);
      expect((await hub('created', 'engineer')).find((w) => w.id === workflow.id)?.overdue).toBe(false);
      // (sdm has no reminder recorded for tomorrow yet: only the closed state keeps it from being sent)
      expect(await reminders.remindOverdue(new Date(Date.now() + DAY_MS))).toBe(0);
    });
  });

  describe('the open workflow of a document', () => {
    it('answers the asking member’s pending review id wherever the document was opened', async () => {
      const { workflow, itemId } = await submitted();
      const url = `/api/workflow/document?projectId=${projectId}&itemId=${itemId}`;
      const forTm = await inject('GET', url, 'tm');
      expect(forTm.statusCode).toBe(200);
      expect(forTm.json().workflow).toMatchObject({ id: workflow.id, reviewId: workflow.reviewers[0]!.id });
      expect(forTm.json().workflow.approvalId).toBeUndefined();
      expect((await inject('GET', url, 'other')).json().workflow.reviewId).toBeUndefined();
      expect((await inject('GET', url, 'outsider')).statusCode).toBe(404);
      const missing = await inject('GET', `/api/workflow/document?projectId=${projectId}`, 'tm');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toMatch(/itemId/);
    });
  });
});
