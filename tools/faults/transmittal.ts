/**
 * SIGKILL during a transmittal issue (issue 35 §3, §5): the number, the cover sheet PDF stored as a document
 * version, the documents, the recipients and their e-mails are written in one transaction. With SMTP settings
 * pointing at a closed port every e-mail stays in the outbox, where the test counts them. After the restart
 * the transmittal is there in full (its row, one document, two recipients, its cover sheet version listed in
 * Published/Transmittals, two e-mails) or not at all; and every cover sheet version belongs to a transmittal.
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

const FRACTIONS = [0.05, 0.2, 0.4, 0.6, 0.8, 1];

async function uploadDocument(engineer: Api): Promise<string> {
  const folder = await engineer.folder('Shared/Process');
  const form = new FormData();
  form.append('file', new Blob(['transmitted notes\n']), 'fault-transmittal-document.txt');
  const uploaded = await engineer.api<{ version: { id: string } }>(`/api/folders/${folder.id}/files`, {
    method: 'POST',
    body: form,
  });
  return uploaded.version.id;
}

const issue = (engineer: Api, versionId: string, tag: string) =>
  engineer.json('POST', `/api/projects/${engineer.project.id}/transmittals`, {
    versionIds: [versionId],
    purpose: 'For comment',
    dueDate: '2099-01-31',
    message: `Fault round ${tag}`,
    outside: [{ email: `fault-${tag}-a@outside.example` }, { email: `fault-${tag}-b@outside.example` }],
  });

/** What of the round's transmittal is recorded, and whether any cover sheet version has no transmittal. */
function recorded(target: Target, tag: string) {
  return inspect(target, async (db) => {
    const rows = await db
      .selectFrom('transmittals')
      .select(['id', 'cover_version_id'])
      .where('message', '=', `Fault round ${tag}`)
      .execute();
    const ids = rows.map((row) => row.id);
    const count = async (table: 'transmittal_documents' | 'transmittal_recipients') =>
      ids.length
        ? Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('transmittal_id', 'in', ids)
                .executeTakeFirst()
            )?.n ?? 0,
          )
        : 0;
    const emails = (
      await db
        .selectFrom('email_outbox')
        .select('to_address')
        .where('to_address', 'like', `fault-${tag}-%`)
        .execute()
    ).length;
    const covers = Number(
      (
        await db
          .selectFrom('versions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('file_name', 'like', '%-TRN-% Cover sheet.pdf')
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const transmittals = Number(
      (
        await db
          .selectFrom('transmittals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
    return {
      transmittal: rows.length,
      documents: await count('transmittal_documents'),
      recipients: await count('transmittal_recipients'),
      emails,
      coversWithoutTransmittal: covers - transmittals,
    };
  });
}

export async function transmittalFault(target: Target): Promise<Result> {
  const smtp = { PENSTOCK_SMTP_HOST: '127.0.0.1', PENSTOCK_SMTP_PORT: String(await freePort()) };
  let server = await start(target, smtp);
  let engineer = await session(server.url);
  const versionId = await uploadDocument(engineer);
  const duration = await timed(() => issue(engineer, versionId, 'calibration'));
  const whole = await recorded(target, 'calibration');
  const isWhole = (p: typeof whole) =>
    p.transmittal === 1 && p.documents === 1 && p.recipients === 2 && p.emails === 2;
  const isNone = (p: typeof whole) =>
    p.transmittal === 0 && p.documents === 0 && p.recipients === 0 && p.emails === 0;
  let ok = isWhole(whole) && whole.coversWithoutTransmittal === 0;
  const outcomes = [`not killed: ${ok ? 'applied in full' : `INCOMPLETE ${JSON.stringify(whole)}`}`];
  for (const [round, fraction] of FRACTIONS.entries()) {
    const tag = `r${round}`;
    const delay = Math.round(duration * fraction);
    const sent = outcomeOf(issue(engineer, versionId, tag));
    await sleep(delay);
    await server.kill();
    const answer = await sent;
    const parts = await recorded(target, tag);
    const all = isWhole(parts);
    const none = isNone(parts);
    ok &&= (all || none) && parts.coversWithoutTransmittal === 0 && (answer !== 'acknowledged' || all);
    outcomes.push(
      `after ${delay} ms: ${answer}, ${all ? 'applied in full' : none ? 'not applied' : `HALF APPLIED ${JSON.stringify(parts)}`}`,
    );
    server = await start(target, smtp);
    engineer = await session(server.url);
  }
  await server.kill();
  return {
    fault: `SIGKILL during a transmittal issue (number, cover sheet version, documents, recipients, e-mails; ${Math.round(duration)} ms unkilled)`,
    database: target.database,
    rounds: FRACTIONS.length,
    outcome: outcomes.join('; '),
    ok,
  };
}
