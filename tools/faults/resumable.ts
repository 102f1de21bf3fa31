/**
 * SIGKILL during a resumable upload's final assembly (issue 35 §4, §5): every byte of a tus upload is in,
 * and its last PATCH hashes the file, stores the blob and records the version with the upload's mark in one
 * transaction. Killed at points spread over that PATCH, then started again: the version is there whole (its
 * blob's bytes hash to its name) or not at all, never twice; after the restart the owner's status call
 * completes an upload left complete and unrecorded, and its bytes leave the uploads folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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

const SIZE = 96 * 1024 * 1024;
/** the last PATCH carries this much: its time is the assembly's */
const LAST = 64 * 1024;
const FRACTIONS = [0.1, 0.3, 0.5, 0.7, 0.9, 1.1];
const b64 = (text: string) => Buffer.from(text).toString('base64');
const TUS = { 'tus-resumable': '1.0.0' };

/** Creates an upload and sends all but its last LAST bytes; the last PATCH is the caller's. */
async function almostUploaded(
  api: Api,
  folderId: string,
  name: string,
  content: Buffer<ArrayBuffer>,
): Promise<string> {
  const created = await fetch(`${api.url}/api/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      cookie: api.cookie,
      'upload-length': String(content.length),
      'upload-metadata': `folderId ${b64(folderId)},filename ${b64(name)}`,
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  const location = created.headers.get('location')!;
  const sent = await patch(api, location, 0, content.subarray(0, content.length - LAST));
  if (sent.status !== 204) throw new Error(`patch: ${sent.status} ${await sent.text()}`);
  return location;
}

const patch = (api: Api, location: string, offset: number, bytes: Buffer<ArrayBuffer>) =>
  fetch(`${api.url}${location}`, {
    method: 'PATCH',
    headers: {
      ...TUS,
      cookie: api.cookie,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });

async function lastPatch(api: Api, location: string, content: Buffer<ArrayBuffer>): Promise<void> {
  const answer = await patch(api, location, content.length - LAST, content.subarray(content.length - LAST));
  if (answer.status !== 200) throw new Error(`last patch: ${answer.status} ${await answer.text()}`);
}

/** The versions of the round's file, each with whether its blob is whole (its bytes hash to its name). */
function versionsOf(target: Target, name: string) {
  return inspect(target, async (db, blobs) => {
    const rows = await db
      .selectFrom('versions')
      .select(['blob_hash', 'size'])
      .where('file_name', '=', name)
      .execute();
    const whole: boolean[] = [];
    for (const row of rows) {
      const file = blobs.pathOf(row.blob_hash);
      const hash = fs.existsSync(file)
        ? crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
        : 'missing';
      whole.push(hash === row.blob_hash && Number(row.size) === SIZE);
    }
    return whole;
  });
}

export async function resumableFault(target: Target): Promise<Result> {
  let server = await start(target);
  let engineer = await session(server.url);
  const folder = await engineer.folder('WIP/Process');
  const content = crypto.randomBytes(SIZE);
  /** a round's own content (its blob is new, so it is stored, not found stored) */
  const contentOf = (round: number) => {
    content.writeUInt32BE(round + 1, 0);
    return content;
  };
  const calibration = await almostUploaded(
    engineer,
    folder.id,
    'fault-resumable-calibration.bin',
    contentOf(99),
  );
  const duration = await timed(() => lastPatch(engineer, calibration, content));
  let ok = (await versionsOf(target, 'fault-resumable-calibration.bin')).join() === 'true';
  const outcomes = [`not killed: ${ok ? 'stored whole' : 'NOT STORED'}`];
  for (const [round, fraction] of FRACTIONS.entries()) {
    const name = `fault-resumable-r${round}.bin`;
    const bytes = contentOf(round);
    const location = await almostUploaded(engineer, folder.id, name, bytes);
    const delay = Math.round(duration * fraction);
    const sent = outcomeOf(lastPatch(engineer, location, bytes));
    await sleep(delay);
    await server.kill();
    const answer = await sent;
    const atKill = await versionsOf(target, name);
    server = await start(target);
    engineer = await session(server.url);
    // the owner asks what became of it: a complete, unrecorded upload is stored now
    const status = await fetch(`${server.url}${location}`, { headers: { cookie: engineer.cookie } });
    const state = status.ok ? ((await status.json()) as { state: string }).state : `HTTP ${status.status}`;
    const after = await versionsOf(target, name);
    const left = fs.existsSync(path.join(target.dataDir, 'uploads', path.basename(location)));
    const whole = (list: boolean[]) => list.every(Boolean);
    const roundOk =
      atKill.length <= 1 &&
      whole(atKill) &&
      (answer !== 'acknowledged' || atKill.length === 1) &&
      ((state === 'stored' && after.length === 1 && whole(after)) ||
        (state !== 'stored' && after.length === 0)) &&
      !left;
    ok &&= roundOk;
    outcomes.push(
      `after ${delay} ms: ${answer}, ${atKill.length ? 'stored' : 'not stored'} at the kill, ${state} after the restart${roundOk ? '' : ` (WRONG: versions ${JSON.stringify(after)}, bytes left ${left})`}`,
    );
  }
  await server.kill();
  return {
    fault: `SIGKILL during a resumable upload's final assembly (${SIZE / 1024 / 1024} MB: hash, blob, version and mark; ${Math.round(duration)} ms unkilled)`,
    database: target.database,
    rounds: FRACTIONS.length,
    outcome: outcomes.join('; '),
    ok,
  };
}
