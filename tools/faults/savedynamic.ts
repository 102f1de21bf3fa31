/** SIGKILL during a bulk savedynamic: one transaction, so every record or none; an acknowledged call whole. */
import crypto from 'node:crypto';
import { kept, outcomeOf, session, sleep, start, type Result, type Target } from './common.ts';

const RECORDS = 20_000;

export async function savedynamicFault(target: Target): Promise<Result> {
  const outcomes: string[] = [];
  let ok = true;
  for (let round = 0; round < 3; round++) {
    let server = await start(target);
    const { api, project } = await session(server.url);
    const fileName = `fault-${round}.ifc`;
    const data = Array.from({ length: RECORDS }, (_, i) => ({
      projectName: project.text,
      fileName,
      tag: `F${round}-${i}`,
      guId: crypto.randomUUID().replace(/-/g, '').slice(0, 22),
      category: 'Valve',
      locked: false,
      propValueList: [{ propName: 'Valve Orientation', propValue: 'Vertical' }],
    }));
    const form = new FormData();
    form.append('Data', JSON.stringify(data));
    const sent = outcomeOf(api('/api/savedynamic', { method: 'POST', body: form }));
    await sleep(150 + round * 250);
    await server.kill();
    const answer = await sent;
    server = await start(target);
    const after = await session(server.url);
    const key = new FormData();
    key.append('Data', JSON.stringify({ projectName: project.text, fileName }));
    const entries = await after.api<unknown[]>('/api/getdynamic', { method: 'POST', body: key });
    await server.kill();
    const whole = entries.length === 0 || entries.length === RECORDS;
    const acknowledgedKept = answer !== 'acknowledged' || entries.length === RECORDS;
    ok &&= whole && acknowledgedKept;
    outcomes.push(`${answer}, ${kept(entries.length, RECORDS)} kept`);
  }
  return {
    fault: `SIGKILL during a bulk savedynamic (${RECORDS.toLocaleString('en-GB')} records)`,
    database: target.database,
    rounds: 3,
    outcome: outcomes.join('; '),
    ok,
  };
}
