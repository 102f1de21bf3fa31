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

export interface StagedBlob {
  hash: string;
  size: number;
  /** move the staged file into the store (idempotent when the content is already there) */
  commit(): Promise<void>;
  /** remove the staged file */
  discard(): Promise<void>;
}

/**
 * File contents stored once by SHA-256 on local disk: blobs/ab/cdef... under the data folder.
 * Uploads stream to a staging file while hashing and counting, so nothing is held in memory and
 * nothing reaches the store (or the database) unless the whole file arrived within the limit.
 */
export class LocalBlobStore {
  private readonly blobDir: string;
  private readonly stagingDir: string;

  constructor(dataDir: string) {
    this.blobDir = path.join(dataDir, 'blobs');
    this.stagingDir = path.join(dataDir, 'staging');
    fs.mkdirSync(this.blobDir, { recursive: true });
    fs.mkdirSync(this.stagingDir, { recursive: true });
  }

  pathOf(hash: string): string {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('Invalid blob hash');
    return path.join(this.blobDir, hash.slice(0, 2), hash.slice(2));
  }

  async stage(source: Readable, limitBytes: number): Promise<StagedBlob> {
    const stagingFile = path.join(this.stagingDir, `${crypto.randomUUID()}.part`);
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
      await pipeline(source, meter, fs.createWriteStream(stagingFile, { flags: 'wx' }));
    } catch (error) {
      await fsp.rm(stagingFile, { force: true });
      throw error;
    }
    const hash = hasher.digest('hex');
    const target = this.pathOf(hash);
    return {
      hash,
      size,
      commit: async () => {
        await fsp.mkdir(path.dirname(target), { recursive: true });
        if (fs.existsSync(target)) await fsp.rm(stagingFile, { force: true });
        else await fsp.rename(stagingFile, target);
      },
      discard: () => fsp.rm(stagingFile, { force: true }),
    };
  }

  async putBuffer(content: Uint8Array): Promise<{ hash: string; size: number }> {
    const hash = crypto.createHash('sha256').update(content).digest('hex');
    const target = this.pathOf(hash);
    if (!fs.existsSync(target)) {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(this.stagingDir, `${crypto.randomUUID()}.part`);
      await fsp.writeFile(temp, content);
      await fsp.rename(temp, target);
    }
    return { hash, size: content.byteLength };
  }

  async putFile(file: string): Promise<{ hash: string; size: number }> {
    const staged = await this.stage(fs.createReadStream(file), Number.MAX_SAFE_INTEGER);
    await staged.commit();
    return { hash: staged.hash, size: staged.size };
  }

  createReadStream(hash: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(hash));
  }

  /** staging files are left behind only by a crash mid-upload; clear them on start */
  async clearStaging(): Promise<void> {
    for (const name of await fsp.readdir(this.stagingDir)) {
      await fsp.rm(path.join(this.stagingDir, name), { force: true });
    }
  }
}
