import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../env.ts';
import { BACKUP_HOLD_MAX_MS } from './backupHold.ts';
import {
  BlobMissingError,
  checkHash,
  openedOnRead,
  type BlobStore,
  type ByteRange,
  type StagedBlob,
  type StoredBlob,
} from './blobStore.ts';
import { clearStagingDir, stageToFile, stagingFileIn } from './staging.ts';

/**
 * Every S3 client Penstock builds. The SDK's default checksums ('WHEN_SUPPORTED') send a streamed body
 * aws-chunked; stores that do not know that encoding (s3rver, older MinIO and Ceph) store the chunk framing
 * as the content, silently. 'WHEN_REQUIRED' sends plain bodies; the content is checked by its size after
 * each upload instead, and by its SHA-256 name when read back by a backup's restore.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Parts of a multipart upload; at most QUEUE of them are in memory at once. */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;
/** Objects are named blobs/<sha-256>; the backup hold is an object beside them. */
const PREFIX = 'blobs/';
const HOLD_KEY = 'penstock/backup-in-progress';
/**
 * A copy onto itself that leaves the object's LastModified further than this behind the call (whole seconds,
 * and some clock difference) did not count as storing it again (s3rver keeps the old time): the content is
 * uploaded again instead.
 */
const TOUCH_TOLERANCE_MS = 1_500;
/**
 * On S3 a multipart object's LastModified is when its upload began: one that took longer than this is
 * touched again once complete, so it counts as stored when it was.
 */
const SLOW_UPLOAD_MS = 60_000;

const notFound = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs in an S3-compatible object store (AWS S3, MinIO, Ceph; s3rver in the tests), one object per blob at
 * blobs/<sha-256>. Uploads are staged in the local staging folder while hashing (as on the local store), then
 * streamed from there with lib-storage's Upload (multipart above 8 MB, parts aborted on failure), so a failed
 * or cut-off upload leaves no object; each one is checked by its size. Content already stored is copied onto
 * itself, so its LastModified moves and the orphan collector counts it as just stored (or uploaded again
 * where the store does not move it). Several servers share the bucket; each keeps its own staging folder.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  readonly description: string;
  readonly stagingDir: string;
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings, stagingDir: string) {
    this.client = createS3Client(settings);
    this.bucket = settings.bucket;
    this.stagingDir = stagingDir;
    this.description = `s3://${settings.bucket}/${PREFIX} at ${settings.endpoint ?? `AWS ${settings.region}`}`;
    fs.mkdirSync(stagingDir, { recursive: true });
  }

  /** Fails with a clear message unless the bucket answers (at start: a wrong setting stops the server). */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const reason = status ? `HTTP ${status}` : error instanceof Error ? error.message : String(error);
      throw new Error(`The object store's bucket ${this.description} cannot be reached (${reason})`, {
        cause: error,
      });
    }
  }

  private key(hash: string): string {
    return PREFIX + checkHash(hash);
  }

  async stage(source: Readable, limitBytes: number): Promise<StagedBlob> {
    const { file, hash, size } = await stageToFile(this.stagingDir, source, limitBytes);
    let committed: Promise<void> | undefined;
    return {
      hash,
      size,
      commit: () =>
        (committed ??= (async () => {
          try {
            await this.store(hash, size, () => fs.createReadStream(file));
          } finally {
            await fsp.rm(file, { force: true });
          }
        })()),
      discard: () => fsp.rm(file, { force: true }),
    };
  }

  async putBuffer(content: Uint8Array): Promise<{ hash: string; size: number }> {
    const hash = crypto.createHash('sha256').update(content).digest('hex');
    await this.store(hash, content.byteLength, () =>
      Buffer.from(content.buffer, content.byteOffset, content.byteLength),
    );
    return { hash, size: content.byteLength };
  }

  async putFile(file: string): Promise<{ hash: string; size: number }> {
    const staged = await this.stage(fs.createReadStream(file), Number.MAX_SAFE_INTEGER);
    await staged.commit();
    return { hash: staged.hash, size: staged.size };
  }

  async storeHashedFile(file: string, blob: { hash: string; size: number }): Promise<void> {
    checkHash(blob.hash);
    await this.store(blob.hash, blob.size, () => fs.createReadStream(file));
  }

  /** Stores the content under its hash unless it is there already, in which case it is stored again. */
  private async store(hash: string, size: number, body: () => Readable | Buffer): Promise<void> {
    if (await this.touch(hash)) return;
    const started = Date.now();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(hash), Body: body() },
      partSize: PART_BYTES,
      queueSize: QUEUE,
      leavePartsOnError: false,
    });
    await upload.done();
    const stored = await this.head(hash);
    if (stored?.size !== size) {
      // never leave wrong content under a content address
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }));
      throw new Error(
        `The object store kept ${stored?.size ?? 'no'} bytes of a ${size}-byte file: check its settings`,
      );
    }
    if (Date.now() - started > SLOW_UPLOAD_MS) await this.touch(hash);
  }

  /**
   * Copies an existing object onto itself (new metadata, so the store accepts it) so that its LastModified
   * is now; whether it existed and its time moved. A store that refuses (objects over 5 GB need a multipart
   * copy) or keeps the old time gets the content uploaded again by the caller.
   */
  private async touch(hash: string): Promise<boolean> {
    const started = Date.now();
    const key = this.key(hash);
    try {
      const copied = await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: key,
          CopySource: `${this.bucket}/${key}`,
          MetadataDirective: 'REPLACE',
          Metadata: { 'stored-at': new Date(started).toISOString() },
        }),
      );
      const at = copied.CopyObjectResult?.LastModified?.getTime();
      return at !== undefined && at >= started - TOUCH_TOLERANCE_MS;
    } catch {
      return false;
    }
  }

  private async head(hash: string): Promise<{ size: number; mtimeMs: number } | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }),
      );
      return { size: Number(head.ContentLength ?? 0), mtimeMs: head.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async exists(hash: string): Promise<boolean> {
    return (await this.head(hash)) !== null;
  }

  async read(hash: string, range?: ByteRange): Promise<{ stream: Readable; size: number }> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(hash),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
      return {
        stream: answer.Body as Readable,
        size: total !== undefined ? Number(total) : Number(answer.ContentLength ?? 0),
      };
    } catch (error) {
      if (notFound(error)) throw new BlobMissingError(hash);
      throw error;
    }
  }

  createReadStream(hash: string, range?: ByteRange): Readable {
    checkHash(hash);
    return openedOnRead(async () => (await this.read(hash, range)).stream);
  }

  async withLocalFile<T>(hash: string, work: (file: string) => Promise<T>): Promise<T> {
    const file = stagingFileIn(this.stagingDir, '.download');
    try {
      const { stream } = await this.read(hash);
      await pipeline(stream, fs.createWriteStream(file, { flags: 'wx' }));
      return await work(file);
    } finally {
      await fsp.rm(file, { force: true });
    }
  }

  async *list(): AsyncGenerator<StoredBlob> {
    for await (const page of paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: PREFIX },
    )) {
      for (const object of page.Contents ?? []) {
        const hash = object.Key?.slice(PREFIX.length) ?? '';
        if (!/^[0-9a-f]{64}$/.test(hash)) continue;
        yield { hash, size: Number(object.Size ?? 0), mtimeMs: object.LastModified?.getTime() ?? 0 };
      }
    }
  }

  /**
   * Looks at the object's LastModified again just before removing it (the listing may be minutes old). S3
   * has no conditional delete on time, so content stored again in the few milliseconds between the look and
   * the removal could still be removed: docs/reliability.md says when that can happen.
   */
  async removeIfUnusedSince(hash: string, cutoffMs: number): Promise<number | null> {
    const stored = await this.head(hash);
    if (!stored || stored.mtimeMs >= cutoffMs) return null;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(hash) }));
    return stored.size;
  }

  /** The hold is an object in the bucket, so the collectors of every server sharing it see it. */
  async holdForBackup(): Promise<() => Promise<void>> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: HOLD_KEY,
        Body: `${JSON.stringify({ pid: process.pid, at: new Date().toISOString() })}\n`,
      }),
    );
    return async () => {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: HOLD_KEY }));
    };
  }

  async heldForBackup(now = Date.now()): Promise<boolean> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: HOLD_KEY }));
      return (head.LastModified?.getTime() ?? 0) > now - BACKUP_HOLD_MAX_MS;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  }

  clearStaging(): Promise<void> {
    return clearStagingDir(this.stagingDir);
  }

  close(): void {
    this.client.destroy();
  }
}
