import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * A backup copies the database first and the blob files after (backup/backup.ts). While it runs, a blob its
 * database copy names may lose its last row in the live database (a markup preview replaced, a model
 * converted again); the orphan collector must not remove it before the backup has copied it. The backup
 * holds the blobs with this file in the data folder, and the collector postpones its pass while it is there.
 */
const HOLD_FILE = 'backup-in-progress';
/** A hold older than this was left by a backup that died: ignored. */
export const BACKUP_HOLD_MAX_MS = 12 * 60 * 60_000;

/** Holds the data folder's blobs for a backup; the answer releases them. */
export async function holdBlobsForBackup(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, HOLD_FILE);
  await fsp.mkdir(dataDir, { recursive: true });
  await fsp.writeFile(file, `${JSON.stringify({ pid: process.pid, at: new Date().toISOString() })}\n`);
  return () => fsp.rm(file, { force: true });
}

/** Whether a backup (started within BACKUP_HOLD_MAX_MS) holds the data folder's blobs. */
export function blobsHeldForBackup(dataDir: string, now = Date.now()): boolean {
  try {
    return fs.statSync(path.join(dataDir, HOLD_FILE)).mtimeMs > now - BACKUP_HOLD_MAX_MS;
  } catch {
    return false;
  }
}
