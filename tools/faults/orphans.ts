/**
 * Orphan blobs: a kill between storing a file and recording the row that names it leaves a file nothing
 * refers to. After every scenario above has killed the server on this installation, the orphans are
 * counted, two more are planted as such a kill leaves them (one stored two hours ago, one just now), and the
 * server is restarted: its start-up collection removes the old one and keeps the fresh one (an upload in
 * flight); a restart with no grace period then leaves none. Every file must still match its hash, and every
 * file a row names must still be there.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { LocalBlobStore } from '../../apps/server/src/storage/blobStore.ts';
import { orphanCount, sleep, start, type Result, type Target } from './common.ts';

async function until(check: () => Promise<boolean>, ms = 30_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(200);
  }
  return false;
}

/** Files whose content does not hash to their name. */
async function damaged(blobs: LocalBlobStore): Promise<number> {
  let count = 0;
  for await (const blob of blobs.list()) {
    const hash = crypto.createHash('sha256');
    await pipeline(blobs.createReadStream(blob.hash), hash);
    if (hash.digest('hex') !== blob.hash) count++;
  }
  return count;
}

export async function orphanFault(target: Target): Promise<Result> {
  const blobs = new LocalBlobStore(target.dataDir);
  // a migrated, seeded installation even when this runs alone
  await (await start(target)).kill();
  const left = await orphanCount(target);
  const old = (await blobs.putBuffer(crypto.randomBytes(4096))).hash;
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
  fs.utimesSync(blobs.pathOf(old), twoHoursAgo, twoHoursAgo);
  const fresh = (await blobs.putBuffer(crypto.randomBytes(4096))).hash;

  // the default grace period (60 minutes): the old orphan goes, the fresh one stays
  let server = await start(target);
  const oldRemoved = await until(async () => !(await blobs.exists(old)));
  await sleep(500);
  const freshKept = await blobs.exists(fresh);
  await server.kill();

  // no grace: every orphan goes
  server = await start(target, { PENSTOCK_BLOB_GRACE_MINUTES: '0' });
  const cleared = await until(async () => (await orphanCount(target)).orphans === 0);
  await server.kill();
  const after = await orphanCount(target);
  const bad = await damaged(blobs);
  return {
    fault: 'Orphan files after the kills above (the start-up collection)',
    database: target.database,
    rounds: 2,
    outcome:
      `${left.orphans} left by the kills, 2 planted (stored 2 h ago and just now); restart: the old one ` +
      `${oldRemoved ? 'removed' : 'NOT removed'}, the fresh one ${freshKept ? 'kept' : 'REMOVED'}; restart with ` +
      `no grace: ${after.orphans} orphans left; files a row names but missing: ${after.missing}; files not ` +
      `matching their hash: ${bad}`,
    ok:
      oldRemoved &&
      freshKept &&
      cleared &&
      after.orphans === 0 &&
      after.missing === 0 &&
      left.missing === 0 &&
      bad === 0,
  };
}
