import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class TooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The file is larger than the upload limit of ${Math.round(limitBytes / 1024 / 1024)} MB.`);
  }
}

/** A new file name in the staging folder (never an existing one). */
export const stagingFileIn = (stagingDir: string, suffix = '.part'): string =>
  path.join(stagingDir, `${crypto.randomUUID()}${suffix}`);

/**
 * Streams `source` into a new staging file while hashing (SHA-256) and counting it; over `limitBytes` it
 * stops with TooLargeError. Nothing of a failed or cut-off stream is left behind.
 */
export async function stageToFile(
  stagingDir: string,
  source: Readable,
  limitBytes: number,
): Promise<{ file: string; hash: string; size: number }> {
  const file = stagingFileIn(stagingDir);
  const hasher = crypto.createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limitBytes) return callback(new TooLargeError(limitBytes));
      hasher.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, fs.createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await fsp.rm(file, { force: true });
    throw error;
  }
  return { file, hash: hasher.digest('hex'), size };
}

/** Removes what the staging folder holds: only a crash mid-upload (or mid-download) leaves anything there. */
export async function clearStagingDir(stagingDir: string): Promise<void> {
  for (const name of await fsp.readdir(stagingDir)) {
    await fsp.rm(path.join(stagingDir, name), { force: true, recursive: true });
  }
}
