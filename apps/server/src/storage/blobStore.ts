import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { blobsHeldForBackup, holdBlobsForBackup } from './backupHold.ts';
import { clearStagingDir, stageToFile, stagingFileIn } from './staging.ts';

export { TooLargeError } from './staging.ts';

export interface StagedBlob {
  hash: string;
  size: number;
  /** store the staged bytes (idempotent, and counts as just stored when the content is already there) */
  commit(): Promise<void>;
  /** remove the staged file */
  discard(): Promise<void>;
}

/** Bytes `start` to `end` of a blob, both included (as in HTTP's Range and fs.createReadStream). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored blob as the orphan collector sees it: when it was last stored (or stored again). */
export interface StoredBlob {
  hash: string;
  size: number;
  mtimeMs: number;
}

/** Asked for a blob that is not stored (never stored, or removed as an orphan). */
export class BlobMissingError extends Error {
  readonly code = 'ENOENT';
  constructor(readonly hash: string) {
    super(`The stored file ${hash.slice(0, 12)}… is missing`);
  }
}

const HASH = /^[0-9a-f]{64}$/;
export function checkHash(hash: string): string {
  if (!HASH.test(hash)) throw new Error('Invalid blob hash');
  return hash;
}

/**
 * File contents stored once by SHA-256, in the local data folder (LocalBlobStore) or an S3-compatible object
 * store (S3BlobStore). Uploads stream to a staging file in the local data folder while hashing and counting,
 * so nothing is held in memory and nothing is stored (or named by a row) unless the whole file arrived within
 * the limit. A blob is stored before the row that names it is written; one left without a row (a crash in
 * between, a failed request, replaced content) is removed by the orphan collector (blobCollector.ts), which
 * spares a blob stored, or stored again, within its grace period.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** where the blobs are, for the start-up line and logs */
  readonly description: string;
  /** the local folder for staged uploads and downloaded copies (cleared at start) */
  readonly stagingDir: string;
  stage(source: Readable, limitBytes: number): Promise<StagedBlob>;
  putBuffer(content: Uint8Array): Promise<{ hash: string; size: number }>;
  putFile(file: string): Promise<{ hash: string; size: number }>;
  /**
   * Stores a local file whose SHA-256 and size the caller has just read (a finished resumable upload),
   * without reading it again where the store allows: a hard link into place on the local store (no copy, and
   * the file stays where it is until the caller removes it), an upload on S3. Content already stored counts
   * as stored again.
   */
  storeHashedFile(file: string, blob: { hash: string; size: number }): Promise<void>;
  exists(hash: string): Promise<boolean>;
  /** The blob's bytes (or a range of them) as a stream, and the whole blob's size; BlobMissingError if none. */
  read(hash: string, range?: ByteRange): Promise<{ stream: Readable; size: number }>;
  /** As read(), opened when first read (a stream destroyed unread costs nothing); a missing blob errors it. */
  createReadStream(hash: string, range?: ByteRange): Readable;
  /**
   * Runs `work` with the blob as a local file (conversion workers and pdf.js need one): the stored file
   * itself on the local store, a downloaded copy in the staging folder on S3, removed when `work` ends.
   * `work` must only read the file.
   */
  withLocalFile<T>(hash: string, work: (file: string) => Promise<T>): Promise<T>;
  /** Every stored blob with its size and when it was last stored. */
  list(): AsyncGenerator<StoredBlob>;
  /**
   * Removes a stored blob unless it was stored (or stored again) at or after `cutoffMs`: its size when
   * removed, else null.
   */
  removeIfUnusedSince(hash: string, cutoffMs: number): Promise<number | null>;
  /** Holds the blobs for a backup (the collector removes nothing meanwhile); the answer releases them. */
  holdForBackup(): Promise<() => Promise<void>>;
  /** Whether a backup holds the blobs. */
  heldForBackup(now?: number): Promise<boolean>;
  clearStaging(): Promise<void>;
  /** Frees connections (the S3 client's sockets). */
  close(): void;
}

/** A blob's whole content in memory (for the few callers that need it all: a model's item table, a BCF snapshot). */
export async function readBlob(blobs: BlobStore, hash: string): Promise<Buffer> {
  const { stream } = await blobs.read(hash);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream that opens its source on the first read: a response that ends unread (304) fetches nothing. */
export function openedOnRead(open: () => Promise<Readable>): Readable {
  let source: Readable | undefined;
  let opening = false;
  const out = new Readable({
    read() {
      if (source) return void source.resume();
      if (opening) return;
      opening = true;
      open().then(
        (opened) => {
          if (out.destroyed) return void opened.destroy();
          source = opened;
          opened.on('data', (chunk: Buffer) => {
            if (!out.push(chunk)) opened.pause();
          });
          opened.once('end', () => out.push(null));
          opened.once('error', (error) => out.destroy(error));
        },
        (error: unknown) => out.destroy(error as Error),
      );
    },
    destroy(error, callback) {
      source?.destroy();
      callback(error);
    },
  });
  return out;
}

/**
 * Blobs on local disk: blobs/ab/cdef... under the data folder (the default; one server per data folder).
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local';
  readonly description: string;
  readonly stagingDir: string;
  private readonly blobDir: string;

  constructor(readonly dataDir: string) {
    this.blobDir = path.join(dataDir, 'blobs');
    this.stagingDir = path.join(dataDir, 'staging');
    this.description = `${this.blobDir}`;
    fs.mkdirSync(this.blobDir, { recursive: true });
    fs.mkdirSync(this.stagingDir, { recursive: true });
  }

  /** The blob's own file (local store only: other code asks withLocalFile or read). */
  pathOf(hash: string): string {
    checkHash(hash);
    return path.join(this.blobDir, hash.slice(0, 2), hash.slice(2));
  }

  async stage(source: Readable, limitBytes: number): Promise<StagedBlob> {
    const { file: stagingFile, hash, size } = await stageToFile(this.stagingDir, source, limitBytes);
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
      const temp = stagingFileIn(this.stagingDir);
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

  async storeHashedFile(file: string, blob: { hash: string; size: number }): Promise<void> {
    const target = this.pathOf(blob.hash);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    if (this.reuse(target)) return;
    try {
      await fsp.link(file, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // stored meanwhile by another upload of the same content
      if (code === 'EEXIST') return void this.reuse(target);
      // another file system: copied through the staging folder, so the blob appears whole or not at all
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      const temp = stagingFileIn(this.stagingDir);
      await fsp.copyFile(file, temp);
      await fsp.rename(temp, target);
    }
    // a hard link keeps the upload's last write time: now is when it was stored
    const at = new Date();
    await fsp.utimes(target, at, at);
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
  async *list(): AsyncGenerator<StoredBlob> {
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

  async exists(hash: string): Promise<boolean> {
    return fs.existsSync(this.pathOf(hash));
  }

  /**
   * The check and the removal happen synchronously, with nothing of this process between them (see reuse).
   */
  async removeIfUnusedSince(hash: string, cutoffMs: number): Promise<number | null> {
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

  async read(hash: string, range?: ByteRange): Promise<{ stream: Readable; size: number }> {
    const file = this.pathOf(hash);
    let size: number;
    try {
      size = (await fsp.stat(file)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobMissingError(hash);
      throw error;
    }
    return { stream: fs.createReadStream(file, range), size };
  }

  createReadStream(hash: string, range?: ByteRange): Readable {
    return fs.createReadStream(this.pathOf(hash), range);
  }

  async withLocalFile<T>(hash: string, work: (file: string) => Promise<T>): Promise<T> {
    const file = this.pathOf(hash);
    if (!fs.existsSync(file)) throw new BlobMissingError(hash);
    return work(file);
  }

  holdForBackup(): Promise<() => Promise<void>> {
    return holdBlobsForBackup(this.dataDir);
  }

  async heldForBackup(now = Date.now()): Promise<boolean> {
    return blobsHeldForBackup(this.dataDir, now);
  }

  /** staging files are left behind only by a crash mid-upload; clear them on start */
  clearStaging(): Promise<void> {
    return clearStagingDir(this.stagingDir);
  }

  close(): void {}
}
