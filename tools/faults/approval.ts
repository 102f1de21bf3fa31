/**
 * SIGKILL during a workflow approval (UpdateApprovers: the decision, the workflow's status, its history and
 * the publication of the document into the target folder in one transaction, with the e-mails to send).
 * With SMTP settings pointing at a closed port, every e-mail stays in the outbox, so the test can see them.
 * After the restart the approval is applied in full (approver's line, status, both history lines, the
 * published version in the target folder, three e-mails queued) or not at all (none of these).
 */
import { freePort } from '../bench/penstockProcess.ts';
import {
  inspect,
  outcomeOf,
  session,
  sleep,
  start,
  timed,
  type Api,
  type Result,
  type Target,
} from './common.ts';

type Detail = {
  id: string;
  status: string;
  publishedVersionId: string | null;
  reviewers: Array<{ id: string; status: string }>;
  approvers: Array<{ id: string; status: string }>;
  history: Array<{ action: string }>;
};

const FRACTIONS = [0.05, 0.2, 0.4, 0.6, 0.8, 1];
const TARGET_FOLDER = 'Published/Drawings';

interface People {
  engineer: Api;
  tm: Api;
  sdm: Api;
}

const signIn = async (url: string): Promise<People> => ({
  engineer: await session(url, 'engineer@penstock.demo'),
  tm: await session(url, 'tm@penstock.demo'),
  sdm: await session(url, 'sdm@penstock.demo'),
});

const option = (api: Api) => `${api.user.id}-${api.user.email}-${api.user.name}`;

/** A document uploaded, submitted for review by tm and approval by sdm, and reviewed: waiting for sdm. */
async function awaitingApproval(people: People, documentName: string): Promise<Detail> {
  const { engineer, tm, sdm } = people;
  const folder = await engineer.folder('Shared/Process');
  const form = new FormData();
  form.append('file', new Blob([`${documentName}: pump schedule notes\n`]), documentName);
  const uploaded = await engineer.api<{ item: { id: string }; version: { id: string } }>(
    `/api/folders/${folder.id}/files`,
    { method: 'POST', body: form },
  );
  const target = await engineer.folder(TARGET_FOLDER);
  const submitted = await engineer.json<Detail>('POST', '/api/workflow', {
    formData: {
      projectId: engineer.project.id,
      documentId: uploaded.version.id,
      itemId: uploaded.item.id,
      createdByUserId: engineer.user.id,
      createdByEmail: engineer.user.email,
      comment: 'For approval',
      reviewers: [option(tm)],
      approvers: [option(sdm)],
      suitability: 'S2',
      targetSuitability: 'A1',
      documentName,
      uploadFolderId: target.id,
      uploadFolderName: TARGET_FOLDER,
      projectName: engineer.project.text,
    },
  });
  return tm.json<Detail>('PUT', '/api/workflow/UpdateReviewers', {
    formData: { id: submitted.reviewers[0]!.id, userId: tm.user.id, comment: 'Checked', status: 'Approved' },
  });
}

const approve = (sdm: Api, workflow: Detail) =>
  sdm.json<Detail>('PUT', '/api/workflow/UpdateApprovers', {
    formData: { id: workflow.approvers[0]!.id, userId: sdm.user.id, comment: 'Approved', status: 'Approved' },
  });

/** What of the approval is recorded: each part true or false. */
async function recorded(target: Target, people: People, workflowId: string, documentName: string) {
  const detail = await people.engineer.api<Detail>(`/api/workflow?id=${encodeURIComponent(workflowId)}`);
  const folder = await people.engineer.folder(TARGET_FOLDER);
  const listed = (await people.engineer.children(folder.id)).some((node) => node.text === documentName);
  const emails = await inspect(
    target,
    async (db) =>
      (
        await db
          .selectFrom('email_outbox')
          .select('subject')
          .where('subject', 'like', `%${documentName}%`)
          .execute()
      ).filter((row) => /^(Approval approved|Workflow approved)/.test(row.subject)).length,
  );
  const actions = detail.history.map((event) => event.action);
  return {
    decision: detail.approvers[0]!.status === 'Approved',
    status: detail.status === 'Approved',
    history: actions.includes('approval: approved'),
    published: actions.includes('published') && !!detail.publishedVersionId && listed,
    emails,
  };
}

export async function approvalFault(target: Target): Promise<Result> {
  const smtp = { PENSTOCK_SMTP_HOST: '127.0.0.1', PENSTOCK_SMTP_PORT: String(await freePort()) };
  let server = await start(target, smtp);
  let people = await signIn(server.url);
  // one approval not killed: how long it takes, and that a whole one is recognised as whole
  const first = await awaitingApproval(people, 'fault-approval-calibration.txt');
  const duration = await timed(() => approve(people.sdm, first));
  await sleep(500);
  const whole = await recorded(target, people, first.id, 'fault-approval-calibration.txt');
  const wholeOk = Object.values(whole).every((part) => part === true || part === 3);
  const outcomes: string[] = [
    `not killed: ${wholeOk ? 'applied in full' : `INCOMPLETE ${JSON.stringify(whole)}`}`,
  ];
  let ok = wholeOk;
  for (const [round, fraction] of FRACTIONS.entries()) {
    const documentName = `fault-approval-${round}.txt`;
    const workflow = await awaitingApproval(people, documentName);
    const delay = Math.round(duration * fraction);
    const sent = outcomeOf(approve(people.sdm, workflow));
    await sleep(delay);
    await server.kill();
    const answer = await sent;
    server = await start(target, smtp);
    people = await signIn(server.url);
    const parts = await recorded(target, people, workflow.id, documentName);
    const all = parts.decision && parts.status && parts.history && parts.published && parts.emails === 3;
    const none = !parts.decision && !parts.status && !parts.history && !parts.published && parts.emails === 0;
    ok &&= (all || none) && (answer !== 'acknowledged' || all);
    outcomes.push(
      `after ${delay} ms: ${answer}, ${all ? 'applied in full' : none ? 'not applied' : `HALF APPLIED ${JSON.stringify(parts)}`}`,
    );
  }
  await server.kill();
  return {
    fault: `SIGKILL during a workflow approval (decision, status, history, publication, e-mails; ${Math.round(duration)} ms unkilled)`,
    database: target.database,
    rounds: FRACTIONS.length,
    outcome: outcomes.join('; '),
    ok,
  };
}
