import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCuttingProxy, startTestS3, type TestS3 } from '../test/s3Server.ts';
import { BlobMissingError, LocalBlobStore, TooLargeError, type BlobStore } from './blobStore.ts';
import { S3BlobStore } from './s3BlobStore.ts';

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
/** A stream of `bytes` that fails after `failAfter` of them (a client that went away mid-upload). */
function cutOff(bytes: Buffer, failAfter: number): Readable {
  return Readable.from(
    (async function* () {
      yield bytes.subarray(0, failAfter);
      await sleep(5);
      throw new Error('the client went away');
    })(),
  );
}

interface Implementation {
  name: 'local' | 's3';
  open(): Promise<{ store: BlobStore; dataDir: string; close(): Promise<void> }>;
}

let s3: TestS3 | undefined;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});

const implementations: Implementation[] = [
  {
    name: 'local',
    async open() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-blobs-'));
      const store = new LocalBlobStore(dataDir);
      return { store, dataDir, close: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    async open() {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-blobs-'));
      const store = new S3BlobStore(s3!.settings, path.join(dataDir, 'staging'));
      await store.check();
      return {
        store,
        dataDir,
        close: async () => {
          store.close();
          fs.rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
];

/** The blob store's contract (issue 17, item 1), the same for the local folder and an S3 store (s3rver). */
describe.each(implementations)('blob store contract: $name', (implementation) => {
  let store: BlobStore;
  let dataDir: string;
  let close: () => Promise<void>;
  const staging = () => fs.readdirSync(store.stagingDir);
  const listed = async () => {
    const all = new Map<string, { size: number; mtimeMs: number }>();
    for await (const blob of store.list()) all.set(blob.hash, blob);
    return all;
  };

  beforeAll(async () => {
    ({ store, dataDir, close } = await implementation.open());
  });
  afterAll(async () => {
    await close();
  });

  it('putBuffer stores content under its SHA-256; read gives it back whole, with its size', async () => {
    const content = crypto.randomBytes(10_000);
    const stored = await store.putBuffer(content);
    expect(stored).toEqual({ hash: sha256(content), size: content.length });
    expect(await store.exists(stored.hash)).toBe(true);
    const { stream, size } = await store.read(stored.hash);
    expect(size).toBe(content.length);
    expect((await bytesOf(stream)).equals(content)).toBe(true);
    expect(staging()).toEqual([]);
  });

  it('reads a byte range (both ends included), and the whole size with it', async () => {
    const content = Buffer.from('0123456789abcdefghij'.repeat(100));
    const { hash } = await store.putBuffer(content);
    const { stream, size } = await store.read(hash, { start: 10, end: 29 });
    expect(size).toBe(content.length);
    expect((await bytesOf(stream)).toString()).toBe(content.subarray(10, 30).toString());
    const tail = await bytesOf(
      store.createReadStream(hash, { start: content.length - 5, end: content.length - 1 }),
    );
    expect(tail.toString()).toBe('fghij');
  });

  it('stage + commit stores a streamed upload (multipart above 8 MB) and leaves no staging file', async () => {
    const content = crypto.randomBytes(20 * 1024 * 1024 + 123);
    const chunks = Array.from({ length: 21 }, (_, i) =>
      content.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
    );
    const staged = await store.stage(Readable.from(chunks), 100 * 1024 * 1024);
    expect(staged).toMatchObject({ hash: sha256(content), size: content.length });
    expect(await store.exists(staged.hash)).toBe(false);
    await staged.commit();
    await staged.commit(); // idempotent
    expect(await store.exists(staged.hash)).toBe(true);
    expect(staging()).toEqual([]);
    // the stored bytes are the content itself (no aws-chunked framing)
    const back = await bytesOf(store.createReadStream(staged.hash));
    expect(back.length).toBe(content.length);
    expect(sha256(back)).toBe(staged.hash);
    expect((await listed()).get(staged.hash)?.size).toBe(content.length);
  });

  it('storeHashedFile stores a finished upload named by its hash, leaving the file where it was', async () => {
    const content = crypto.randomBytes(300_000);
    const file = path.join(dataDir, 'finished-upload');
    fs.writeFileSync(file, content);
    const blob = { hash: sha256(content), size: content.length };
    await store.storeHashedFile(file, blob);
    expect(fs.readFileSync(file).equals(content)).toBe(true);
    fs.rmSync(file);
    expect(await bytesOf((await store.read(blob.hash)).stream)).toEqual(content);
    // stored again (the same content uploaded twice): still there, counted as just stored
    fs.writeFileSync(file, content);
    const before = (await listed()).get(blob.hash)!.mtimeMs;
    await sleep(implementation.name === 's3' ? 1100 : 20);
    await store.storeHashedFile(file, blob);
    expect((await listed()).get(blob.hash)!.mtimeMs).toBeGreaterThanOrEqual(before);
    expect(await bytesOf((await store.read(blob.hash)).stream)).toEqual(content);
    expect(staging()).toEqual([]);
  }, 30_000);

  it('stage + discard stores nothing; an upload over the limit or cut off stores nothing either', async () => {
    const content = crypto.randomBytes(5000);
    const staged = await store.stage(Readable.from([content]), 1024 * 1024);
    await staged.discard();
    expect(await store.exists(sha256(content))).toBe(false);
    expect(staging()).toEqual([]);

    await expect(store.stage(Readable.from([content]), 4000)).rejects.toBeInstanceOf(TooLargeError);
    await expect(store.stage(cutOff(content, 3000), 1024 * 1024)).rejects.toThrow('the client went away');
    expect(await store.exists(sha256(content))).toBe(false);
    expect(staging()).toEqual([]);
  });

  it('a missing blob: exists is false, read throws BlobMissingError, a read stream errors', async () => {
    const missing = sha256(Buffer.from(`never stored ${crypto.randomUUID()}`));
    expect(await store.exists(missing)).toBe(false);
    await expect(store.read(missing)).rejects.toBeInstanceOf(BlobMissingError);
    await expect(bytesOf(store.createReadStream(missing))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.withLocalFile(missing, async () => 'never')).rejects.toThrow();
    expect(staging()).toEqual([]);
    expect(() => store.createReadStream('../../etc/passwd')).toThrow('Invalid blob hash');
  });

  it('a read stream destroyed unread (a 304 answer) is no error', async () => {
    const { hash } = await store.putBuffer(crypto.randomBytes(100));
    const stream = store.createReadStream(hash);
    const closed = new Promise((resolve, reject) => {
      stream.once('close', resolve);
      stream.once('error', reject);
    });
    stream.destroy();
    await closed;
  });

  it('withLocalFile gives the content as a file while the work runs (a copy on S3, removed after)', async () => {
    const content = crypto.randomBytes(70_000);
    const { hash } = await store.putBuffer(content);
    let seen = '';
    const answer = await store.withLocalFile(hash, async (file) => {
      seen = file;
      expect(fs.readFileSync(file).equals(content)).toBe(true);
      return 42;
    });
    expect(answer).toBe(42);
    if (implementation.name === 's3') {
      expect(seen.startsWith(store.stagingDir)).toBe(true);
      expect(fs.existsSync(seen)).toBe(false);
    } else {
      expect(seen.startsWith(path.join(dataDir, 'blobs'))).toBe(true);
    }
    await expect(
      store.withLocalFile(hash, async () => {
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(staging()).toEqual([]);
  });

  it('list gives every blob with its size and when it was stored; removeIfUnusedSince keeps recent ones', async () => {
    const before = Date.now();
    const { hash, size } = await store.putBuffer(crypto.randomBytes(321));
    const entry = (await listed()).get(hash);
    expect(entry?.size).toBe(size);
    // S3 times have whole seconds
    expect(entry!.mtimeMs).toBeGreaterThanOrEqual(before - 1000);
    expect(entry!.mtimeMs).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await store.removeIfUnusedSince(hash, before - 2000)).toBeNull();
    expect(await store.exists(hash)).toBe(true);
    expect(await store.removeIfUnusedSince(hash, Date.now() + 2000)).toBe(size);
    expect(await store.exists(hash)).toBe(false);
    expect((await listed()).has(hash)).toBe(false);
    expect(await store.removeIfUnusedSince(hash, Date.now() + 2000)).toBeNull();
  });

  it('content stored again counts as just stored (putBuffer and stage + commit)', async () => {
    const again = crypto.randomBytes(2000);
    const byStage = crypto.randomBytes(3000);
    const left = crypto.randomBytes(1000);
    for (const content of [again, byStage, left]) await store.putBuffer(content);
    // S3 keeps LastModified in whole seconds, and a copy onto itself may be up to 1.5 s behind
    const s3Times = implementation.name === 's3';
    await sleep(s3Times ? 3100 : 50);
    const storedAgainAt = Date.now();
    await store.putBuffer(again);
    await (await store.stage(Readable.from([byStage]), 1024 * 1024)).commit();
    const cutoff = storedAgainAt - (s3Times ? 1500 : 20);
    expect(await store.removeIfUnusedSince(sha256(again), cutoff)).toBeNull();
    expect(await store.removeIfUnusedSince(sha256(byStage), cutoff)).toBeNull();
    expect(await store.removeIfUnusedSince(sha256(left), cutoff)).toBe(left.length);
    expect(await store.exists(sha256(again))).toBe(true);
    expect(await store.exists(sha256(byStage))).toBe(true);
    expect((await bytesOf(store.createReadStream(sha256(again)))).equals(again)).toBe(true);
  });

  it('a backup hold is seen until released', async () => {
    expect(await store.heldForBackup()).toBe(false);
    const release = await store.holdForBackup();
    expect(await store.heldForBackup()).toBe(true);
    // a hold older than 12 hours was left by a backup that died
    expect(await store.heldForBackup(Date.now() + 13 * 60 * 60_000)).toBe(false);
    await release();
    expect(await store.heldForBackup()).toBe(false);
  });

  it('clearStaging removes what a crash left in the staging folder', async () => {
    fs.writeFileSync(path.join(store.stagingDir, 'left-by-a-crash.part'), 'x');
    await store.clearStaging();
    expect(staging()).toEqual([]);
  });
});

/** What only the S3 store does: an upload the object store cuts off leaves no object. */
describe('S3 blob store: failed uploads', () => {
  it('a multipart upload cut off at its second part, or a single upload cut off, leaves no object', async () => {
    const proxy = await startCuttingProxy(
      s3!.endpoint,
      (request) =>
        (request.method === 'PUT' && /[?&]partNumber=2(&|$)/.test(request.url ?? '')) ||
        request.headers['x-test-cut'] === '1' ||
        (request.method === 'PUT' && request.headers['content-length'] === '4321'),
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-blobs-'));
    const store = new S3BlobStore(
      { ...s3!.settings, endpoint: proxy.endpoint },
      path.join(dataDir, 'staging'),
    );
    try {
      const big = crypto.randomBytes(17 * 1024 * 1024);
      const staged = await store.stage(Readable.from([big]), 100 * 1024 * 1024);
      await expect(staged.commit()).rejects.toThrow();
      expect(proxy.cuts()).toBeGreaterThan(0);
      expect(await store.exists(staged.hash)).toBe(false);
      expect(fs.readdirSync(store.stagingDir)).toEqual([]);

      const small = crypto.randomBytes(4321);
      await expect(store.putBuffer(small)).rejects.toThrow();
      expect(await store.exists(sha256(small))).toBe(false);
      for await (const blob of store.list()) expect([staged.hash, sha256(small)]).not.toContain(blob.hash);
    } finally {
      store.close();
      await proxy.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a bucket that does not answer stops the start with the reason', async () => {
    const store = new S3BlobStore(
      { ...s3!.settings, bucket: 'no-such-bucket' },
      fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-blobs-')),
    );
    await expect(store.check()).rejects.toThrow(/no-such-bucket.*cannot be reached \(HTTP 404\)/);
    store.close();
  });
});
