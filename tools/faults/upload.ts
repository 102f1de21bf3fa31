/**
 * SIGKILL during a 60 MB upload: the file streams to a staging file and is recorded only once stored; after
 * the restart it is listed whole (its bytes as sent) or not at all, and start-up clears the staging folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { outcomeOf, session, sleep, start, type Result, type Target } from './common.ts';

export async function uploadFault(target: Target): Promise<Result> {
  const outcomes: string[] = [];
  let ok = true;
  for (const [round, delay] of [200, 450].entries()) {
    const result = await uploadOnce(target, delay, `fault-upload-${round}.bin`);
    outcomes.push(`after ${delay} ms: ${result.outcome}`);
    ok &&= result.ok;
  }
  return {
    fault: 'SIGKILL during a 60 MB upload',
    database: target.database,
    rounds: 2,
    outcome: outcomes.join('; '),
    ok,
  };
}

async function uploadOnce(
  target: Target,
  delay: number,
  fileName: string,
): Promise<{ outcome: string; ok: boolean }> {
  let server = await start(target);
  const { api, wip } = await session(server.url);
  const content = crypto.randomBytes(60 * 1024 * 1024);
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const sent = outcomeOf(api(`/api/folders/${wip.id}/files`, { method: 'POST', body: form }));
  await sleep(delay);
  await server.kill();
  const answer = await sent;
  const staging = path.join(target.dataDir, 'staging');
  const stagingLeft = fs.existsSync(staging) ? fs.readdirSync(staging).length : 0;
  server = await start(target);
  const after = await session(server.url);
  const listed = (await after.children(wip.id)).find((n) => n.text === fileName);
  let whole = true;
  if (listed) whole = (await after.bytes(`/api/items/${listed.id}/content`)).body.equals(content);
  const stagingAfter = fs.readdirSync(staging).length;
  await server.kill();
  return {
    outcome: `${answer}, ${listed ? (whole ? 'listed whole' : 'listed DAMAGED') : 'not listed'}, staging files ${stagingLeft} at the kill and ${stagingAfter} after the restart`,
    ok: whole && stagingAfter === 0 && (answer !== 'acknowledged' || !!listed),
  };
}
