import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowDetail } from '@penstock/shared';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';

/** A port nothing listens on: every send fails and the e-mails stay in the outbox. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * A decision and its e-mails are one write (issue 16, item 4: a kill between the two left an approval
 * applied with its e-mails lost): when the outbox cannot be written, nothing of the decision is.
 */
describe.each(await testDatabases())('workflow e-mails are written with the decision on %s', (kind) => {
  let penstock: TestPenstock;
  const people: Record<string, { id: string; email: string; cookie: string }> = {};
  let folders: Record<string, string>;
  let projectId: string;

  const send = (method: 'POST' | 'PUT', url: string, formData: unknown, who: string) =>
    penstock.app.inject({ method, url, payload: { formData }, headers: { cookie: people[who]!.cookie } });
  const option = (who: string) => `${people[who]!.id}-${people[who]!.email}-${who}`;
  const outbox = async (like: string) =>
    (
      await penstock.database.db
        .selectFrom('email_outbox')
        .select('subject')
        .where('subject', 'like', `%${like}%`)
        .execute()
    ).map((row) => row.subject);
  const blockOutbox = async () => {
    const db = penstock.database.db;
    if (kind === 'sqlite')
      await sql`create trigger outbox_down before insert on email_outbox begin select raise(abort, 'outbox down'); end`.execute(
        db,
      );
    else {
      await sql`create function outbox_down() returns trigger language plpgsql as $$ begin raise exception 'outbox down'; end $$`.execute(
        db,
      );
      await sql`create trigger outbox_down before insert on email_outbox for each row execute function outbox_down()`.execute(
        db,
      );
    }
  };
  const unblockOutbox = async () => {
    const db = penstock.database.db;
    if (kind === 'sqlite') await sql`drop trigger outbox_down`.execute(db);
    else {
      await sql`drop trigger outbox_down on email_outbox`.execute(db);
      await sql`drop function outbox_down()`.execute(db);
    }
  };

  /** A document submitted by the engineer, reviewed by tm: waiting for sdm's approval. */
  const awaitingApproval = async (name: string): Promise<WorkflowDetail> => {
    const { payload, headers } = multipartFile(name, Buffer.from(`${name}\n`));
    const uploaded = await penstock.app.inject({
      method: 'POST',
      url: `/api/folders/${folders['Shared/Process']}/files`,
      payload,
      headers: { ...headers, cookie: people.engineer!.cookie },
    });
    expect(uploaded.statusCode).toBe(201);
    const { item, version } = uploaded.json() as { item: { id: string }; version: { id: string } };
    const submitted = await send(
      'POST',
      '/api/workflow',
      {
        projectId,
        documentId: version.id,
        itemId: item.id,
        createdByUserId: people.engineer!.id,
        comment: '',
        reviewers: [option('tm')],
        approvers: [option('sdm')],
        targetSuitability: 'A1',
        documentName: name,
        uploadFolderId: folders['Published/Drawings'],
      },
      'engineer',
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    const workflow = submitted.json() as WorkflowDetail;
    // the reviewer's request is in the outbox as soon as the submission is answered
    expect(await outbox(name)).toEqual([expect.stringMatching(/^Review requested/)]);
    const reviewed = await send(
      'PUT',
      '/api/workflow/UpdateReviewers',
      { id: workflow.reviewers[0]!.id, userId: people.tm!.id, comment: '', status: 'Approved' },
      'tm',
    );
    expect(reviewed.statusCode).toBe(200);
    return workflow;
  };
  const approve = (workflow: WorkflowDetail) =>
    send(
      'PUT',
      '/api/workflow/UpdateApprovers',
      { id: workflow.approvers[0]!.id, userId: people.sdm!.id, comment: 'Fine', status: 'Approved' },
      'sdm',
    );

  beforeAll(async () => {
    penstock = await createTestPenstock(kind, {
      PENSTOCK_SMTP_HOST: '127.0.0.1',
      PENSTOCK_SMTP_PORT: String(await closedPort()),
    });
    for (const who of ['engineer', 'tm', 'sdm']) {
      const user = await penstock.createUser({ name: who, email: `${who}@outbox.test` });
      people[who] = { ...user, cookie: '' };
    }
    const project = await penstock.createProject('Outbox works', [
      { userId: people.engineer!.id, role: 'member' },
      { userId: people.tm!.id, role: 'manager' },
      { userId: people.sdm!.id, role: 'member' },
    ]);
    projectId = project.id;
    folders = project.folders;
    for (const who of Object.keys(people)) people[who]!.cookie = await penstock.signIn(people[who]!.email);
  });
  afterAll(() => penstock.destroy());

  it('an approval whose e-mails cannot be stored is not applied at all', async () => {
    const workflow = await awaitingApproval('PID-0300.pdf');
    await blockOutbox();
    try {
      expect((await approve(workflow)).statusCode).toBe(500);
    } finally {
      await unblockOutbox();
    }
    const detail = (
      await penstock.app.inject({
        method: 'GET',
        url: `/api/workflow?id=${workflow.id}`,
        headers: { cookie: people.engineer!.cookie },
      })
    ).json() as WorkflowDetail;
    expect(detail).toMatchObject({ status: 'Awaiting approval', publishedVersionId: null });
    expect(detail.approvers[0]!.status).toBe('Pending');
    expect(detail.history.map((event) => event.action)).toEqual(['submitted', 'review: approved']);
    const published = await penstock.database.db
      .selectFrom('items')
      .select('id')
      .where('folder_id', '=', folders['Published/Drawings']!)
      .where('name', '=', 'PID-0300.pdf')
      .execute();
    expect(published).toEqual([]);

    // and once the outbox takes them, the approval and its e-mails are written together
    const approved = await approve(workflow);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'Approved' });
    expect((await outbox('PID-0300.pdf')).sort()).toEqual([
      expect.stringMatching(/^Approval approved/),
      expect.stringMatching(/^Approval requested/),
      expect.stringMatching(/^Review approved/),
      expect.stringMatching(/^Review requested/),
      expect.stringMatching(/^Workflow approved/),
      expect.stringMatching(/^Workflow approved/),
    ]);
  });

  it('a submission whose e-mails cannot be stored is not recorded', async () => {
    const { payload, headers } = multipartFile('PID-0301.pdf', Buffer.from('PID-0301\n'));
    const uploaded = (
      await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${folders['Shared/Process']}/files`,
        payload,
        headers: { ...headers, cookie: people.engineer!.cookie },
      })
    ).json() as { item: { id: string }; version: { id: string } };
    const submission = {
      projectId,
      documentId: uploaded.version.id,
      itemId: uploaded.item.id,
      createdByUserId: people.engineer!.id,
      comment: '',
      reviewers: [option('tm')],
      approvers: [option('sdm')],
      targetSuitability: 'A1',
      documentName: 'PID-0301.pdf',
      uploadFolderId: folders['Published/Drawings'],
    };
    await blockOutbox();
    try {
      const refused = await send('POST', '/api/workflow', submission, 'engineer');
      expect(refused.statusCode, refused.body).toBe(500);
    } finally {
      await unblockOutbox();
    }
    const created = await penstock.app.inject({
      method: 'GET',
      url: `/api/workflow/created?id=${people.engineer!.id}`,
      headers: { cookie: people.engineer!.cookie },
    });
    expect(created.json().map((w: WorkflowDetail) => w.documentName)).not.toContain('PID-0301.pdf');
    expect((await send('POST', '/api/workflow', submission, 'engineer')).statusCode).toBe(201);
  });
});
