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
 * A blob is stored before the row that names it is written; one left without a row (a crash in
 * between, a failed request, replaced content) is removed by the orphan collector (blobCollector.ts).
 */
export class LocalBlobStore {
  private readonly blobDir: string;
  private readonly stagingDir: string;

  constructor(readonly dataDir: string) {
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
        if (this.reuse(target)) await fsp.rm(stagingFile, { force: true });
        else await fsp.rename(stagingFile, target);
      },
      discard: () => fsp.rm(stagingFile, { force: true }),
    };
  }

  async putBuffer(content: Uint8Array): Promise<{ hash: string; size: number }> {
    const hash = crypto.createHash('sha256').update(content).digest('hex');
    const target = this.pathOf(hash);
    if (!this.reuse(target)) {
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

  /**
   * Whether the content is already stored; if so its modification time is set to now, as if just stored.
   * The orphan collector (blobCollector.ts) removes only files unused for its grace period, so content an
   * upload in flight stores again is never collected before the upload records its row. Synchronous on
   * purpose, like removeIfUnusedSince: in one process neither can run between the other's check and write.
   */
  private reuse(target: string): boolean {
    const at = new Date();
    try {
      fs.utimesSync(target, at, at);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /** Every stored blob: its hash, size and when it was last stored (mtime); other files are skipped. */
  async *list(): AsyncGenerator<{ hash: string; size: number; mtimeMs: number }> {
    for (const prefix of (await fsp.readdir(this.blobDir)).sort()) {
      if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
      const dir = path.join(this.blobDir, prefix);
      let names: string[];
      try {
        names = await fsp.readdir(dir);
      } catch {
        continue;
      }
      for (const name of names.sort()) {
        if (!/^[0-9a-f]{62}$/.test(name)) continue;
        try {
          const stat = await fsp.stat(path.join(dir, name));
          if (stat.isFile()) yield { hash: prefix + name, size: stat.size, mtimeMs: stat.mtimeMs };
        } catch {
          // removed meanwhile
        }
      }
    }
  }

  exists(hash: string): boolean {
    return fs.existsSync(this.pathOf(hash));
  }

  /**
   * Removes a stored blob unless it was stored (or stored again) at or after `cutoffMs`; its size when
   * removed, else null. Synchronous: the check and the removal happen with nothing of this process between
   * them (see reuse).
   */
  removeIfUnusedSince(hash: string, cutoffMs: number): number | null {
    const file = this.pathOf(hash);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    if (stat.mtimeMs >= cutoffMs) return null;
    fs.unlinkSync(file);
    return stat.size;
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
