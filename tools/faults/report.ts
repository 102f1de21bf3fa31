/**
 * SIGKILL during a report save (createreport: the PDF is built in a worker, stored, then recorded as the
 * next version of the report's file in one transaction). After the restart the version is there with its
 * whole PDF (its bytes hash as recorded), or it is not there at all.
 */
import crypto from 'node:crypto';
import { outcomeOf, session, sleep, start, timed, type Result, type Target } from './common.ts';

type Version = { id: string; number: number; revision: string; sha256: string };
const FRACTIONS = [0.1, 0.35, 0.6, 0.85, 0.97];

export async function reportFault(target: Target): Promise<Result> {
  let server = await start(target);
  let api = await session(server.url);
  const body = { userId: api.user.id, projectid: api.project.id, report_id: 'project_data_report' };
  const create = () => api.json<{ itemId: string }>('POST', '/api/createreport', body);
  let itemId = '';
  const duration = await timed(async () => ({ itemId } = await create()));
  const versions = () => api.api<Version[]>(`/api/items/${itemId}/versions`);
  const outcomes: string[] = [];
  let ok = true;
  for (const fraction of FRACTIONS) {
    const before = await versions();
    const delay = Math.round(duration * fraction);
    const sent = outcomeOf(create());
    await sleep(delay);
    await server.kill();
    const answer = await sent;
    server = await start(target);
    api = await session(server.url);
    const after = await versions();
    const added = after.length - before.length;
    let whole = true;
    if (added === 1) {
      const newest = after.find((v) => !before.some((b) => b.id === v.id))!;
      const content = await api.bytes(`/api/versions/${newest.id}/content`);
      whole =
        content.status === 200 &&
        content.body.subarray(0, 5).toString() === '%PDF-' &&
        crypto.createHash('sha256').update(content.body).digest('hex') === newest.sha256;
    }
    const revisions = after.map((v) => v.revision);
    const distinct = new Set(revisions).size === revisions.length;
    const round =
      (added === 0 || (added === 1 && whole)) && distinct && (answer !== 'acknowledged' || added === 1);
    ok &&= round;
    outcomes.push(
      `after ${delay} ms: ${answer}, ${added === 0 ? 'not recorded' : added === 1 ? (whole ? 'recorded with its whole PDF' : 'recorded, PDF DAMAGED') : `${added} versions added`}`,
    );
  }
  await server.kill();
  return {
    fault: `SIGKILL during a report save (createreport, ${Math.round(duration)} ms unkilled)`,
    database: target.database,
    rounds: FRACTIONS.length,
    outcome: outcomes.join('; '),
    ok,
  };
}
