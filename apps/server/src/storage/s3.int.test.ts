import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { backup, restore } from '../backup/backup.ts';
import {
  createPostgresDatabase,
  createTestPenstock,
  multipartFile,
  testDatabases,
  type TestPenstock,
} from '../test/harness.ts';
import { startCuttingProxy, startTestS3 } from '../test/s3Server.ts';
import { BlobCollector } from './blobCollector.ts';
import { createS3Client, S3BlobStore } from './s3BlobStore.ts';

const fixturePdf = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/pdf/tracemonkey.pdf');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const HOUR = 60 * 60_000;

/** The whole app with its files in an S3-compatible store (issue 17, item 1): s3rver, started by the test. */
describe.each(await testDatabases())('Penstock on S3 object storage (%s)', (kind) => {
  let penstock: TestPenstock;
  let cookie: string;
  let adminCookie: string;
  let folderId: string;
  let drawingItem: string;
  let email: string;
  const upload = async (name: string, content: Buffer) => {
    const { payload, headers } = multipartFile(name, content);
    const response = await penstock.app.inject({
      method: 'POST',
      url: `/api/folders/${folderId}/files`,
      payload,
      headers: { ...headers, cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ item: { id: string }; version: { id: string } }>();
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    penstock.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
  const objects = async () => {
    const hashes = new Set<string>();
    for await (const blob of penstock.blobs.list()) hashes.add(blob.hash);
    return hashes;
  };
  const staging = () => fs.readdirSync(path.join(penstock.dataDir, 'staging'));

  beforeAll(async () => {
    penstock = await createTestPenstock(kind, {}, { objectStore: 's3' });
    const manager = await penstock.createUser({ roles: ['administrator'] });
    email = manager.email;
    cookie = await penstock.signIn(manager.email);
    adminCookie = cookie;
    const project = await penstock.createProject('On S3', [{ userId: manager.id, role: 'manager' }]);
    folderId = project.folders.WIP!;
  });
  afterAll(async () => {
    await penstock?.destroy();
  });

  it('stores an upload in the bucket, not the data folder, and reads it back', async () => {
    expect(penstock.blobs.kind).toBe('s3');
    const content = fs.readFileSync(fixturePdf);
    const { item, version } = await upload('drawing.pdf', content);
    drawingItem = item.id;
    expect((await objects()).has(sha256(content))).toBe(true);
    expect(fs.existsSync(path.join(penstock.dataDir, 'blobs'))).toBe(false);
    const back = await get(`/api/items/${item.id}/content`);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-length']).toBe(String(content.length));
    expect(back.rawPayload.equals(content)).toBe(true);
    // the PDF's pages are counted by pdf.js from a copy downloaded for it
    const info = await get(`/api/models/${version.id}`);
    expect(info.statusCode).toBe(200);
    expect(info.json<{ viewables: unknown[] }>().viewables).toHaveLength(14);
    expect(staging()).toEqual([]);
  });

  it('converts an IFC from the bucket and serves its fragments (304 when unchanged) and item table', async () => {
    const ifc = Buffer.from(generatePlantIfc({ elements: 60, seed: 17 }));
    const { version } = await upload('plant.ifc', ifc);
    await penstock.jobs.idle();
    const info = await get(`/api/models/${version.id}`);
    expect(info.json<{ conversion: { state: string; error: string | null } }>().conversion).toMatchObject({
      state: 'done',
      error: null,
    });
    const fragments = await get(`/api/models/${version.id}/fragments`);
    expect(fragments.statusCode).toBe(200);
    const fragHash = sha256(fragments.rawPayload);
    expect(fragments.headers.etag).toBe(`"${fragHash}"`);
    expect((await objects()).has(fragHash)).toBe(true);
    const again = await get(`/api/models/${version.id}/fragments`, { 'if-none-match': `"${fragHash}"` });
    expect(again.statusCode).toBe(304);
    const items = await get(`/api/models/${version.id}/items`);
    expect(items.statusCode).toBe(200);
    expect(items.rawPayload.length).toBeGreaterThan(0);
    expect(items.rawPayload.length % 4).toBe(0);
    const objectsIndex = await get(`/api/models/${version.id}/objects`);
    expect(objectsIndex.statusCode).toBe(200);
    expect(staging()).toEqual([]);
  });

  it('stores and serves a markup preview', async () => {
    const { item, version } = await upload('sheet.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
    const data = JSON.stringify({
      projectId: (await penstock.documentsRepo.findItem(item.id))!.project_id,
      documentId: version.id,
      itemId: item.id,
      documentName: 'sheet.pdf',
      createdFor: email,
      actioned: false,
      title: 'On S3',
      markupData: [
        {
          markupTitle: 'On S3',
          markupData: JSON.stringify({ version: 1, shapes: [] }),
          markupstate: {},
          imagePreview: `data:image/png;base64,${PNG.toString('base64')}`,
          documentName: 'sheet.pdf',
          documentVersion: 'V1',
          created: '24/11/2026',
          userName: 'x',
        },
      ],
    });
    const saved = await penstock.app.inject({
      method: 'POST',
      url: '/api/markups/saveMarkup',
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="formData"\r\n\r\n${data}\r\n--${boundary}--\r\n`,
      ),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const preview = saved.json<{ markupData: Array<{ imagePreview: string }> }>().markupData[0]!.imagePreview;
    const image = await get(preview);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await get(preview, { 'if-none-match': `"${sha256(PNG)}"` })).statusCode).toBe(304);
  });

  it('serves training material whole and by byte range', async () => {
    const created = await penstock.app.inject({
      method: 'POST',
      url: '/api/training/admin/courses',
      payload: { trainingTitle: 'S3 Safety', format: 'PDF', time: '5 mins', tag: 's3safety', roleData: {} },
      headers: { cookie: adminCookie },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pdf = fs.readFileSync(fixturePdf);
    const material = multipartFile('safety.pdf', pdf, 'material');
    const stored = await penstock.app.inject({
      method: 'PUT',
      url: `/api/training/admin/courses/${created.json<{ id: string }>().id}/material`,
      payload: material.payload,
      headers: { ...material.headers, cookie: adminCookie },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const whole = await get('/api/training/material/s3safety');
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const part = await get('/api/training/material/s3safety', { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${pdf.length}`);
    expect(part.rawPayload.equals(pdf.subarray(1000, 2000))).toBe(true);
    const tail = await get('/api/training/material/s3safety', { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 10))).toBe(true);
  });

  it('the orphan collector removes unnamed objects past the grace period, keeps named ones and waits for a backup', async () => {
    const named = sha256(fs.readFileSync(fixturePdf));
    const orphan = (await penstock.blobs.putBuffer(crypto.randomBytes(1000))).hash;
    const now = new BlobCollector(penstock.database.db, penstock.blobs, { graceMinutes: 60 });
    expect((await now.collect()).removed).toEqual([]);
    expect(await penstock.blobs.exists(orphan)).toBe(true);

    const later = new BlobCollector(penstock.database.db, penstock.blobs, {
      graceMinutes: 60,
      now: () => Date.now() + 2 * HOUR,
    });
    const release = await penstock.blobs.holdForBackup();
    expect(await later.collect()).toMatchObject({ postponed: true, removed: [] });
    await release();
    const report = await later.collect();
    expect(report.removed).toEqual([{ hash: orphan, size: 1000 }]);
    expect(await penstock.blobs.exists(orphan)).toBe(false);
    expect(await penstock.blobs.exists(named)).toBe(true);
    expect((await get(`/api/items/${drawingItem}/content`)).statusCode).toBe(200);
  });

  it('backs up the bucket with the database, and restores into another bucket', async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-s3-backup-'));
    const target = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    const client = createS3Client(penstock.s3!.settings);
    try {
      const stored = await (async () => {
        const all = new Map<string, number>();
        for await (const blob of penstock.blobs.list()) all.set(blob.hash, blob.size);
        return all;
      })();
      const manifest = await backup(
        { dataDir: penstock.dataDir, databaseUrl: penstock.databaseUrl, s3: penstock.s3!.settings },
        path.join(work, 'backup'),
      );
      expect(new Map(manifest.blobs.map((blob) => [blob.hash, blob.size]))).toEqual(stored);
      expect(manifest.blobStore).toMatch(/^s3:\/\//);
      expect(await penstock.blobs.heldForBackup()).toBe(false);

      const bucket = `restored-${crypto.randomBytes(3).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      const settings = { ...penstock.s3!.settings, bucket };
      await restore(
        { dataDir: path.join(work, 'restored'), databaseUrl: target?.url, s3: settings },
        path.join(work, 'backup'),
      );
      const restored = new S3BlobStore(settings, path.join(work, 'staging'));
      try {
        for (const blob of manifest.blobs) {
          const { stream } = await restored.read(blob.hash);
          const hash = crypto.createHash('sha256');
          for await (const chunk of stream) hash.update(chunk as Buffer);
          expect(hash.digest('hex')).toBe(blob.hash);
        }
      } finally {
        restored.close();
      }
    } finally {
      client.destroy();
      await target?.drop();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('an upload the object store cuts off (SQLite)', () => {
  it('answers with an error and leaves no row, no object and no staged file', async () => {
    const s3 = await startTestS3();
    const proxy = await startCuttingProxy(s3.endpoint, (request) =>
      /[?&]partNumber=2(&|$)/.test(request.url ?? ''),
    );
    const penstock = await createTestPenstock('sqlite', { ...s3.env, PENSTOCK_S3_ENDPOINT: proxy.endpoint });
    try {
      const user = await penstock.createUser();
      const cookie = await penstock.signIn(user.email);
      const project = await penstock.createProject('Cut off', [{ userId: user.id, role: 'manager' }]);
      const content = crypto.randomBytes(17 * 1024 * 1024);
      const { payload, headers } = multipartFile('big.bin', content);
      const response = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${project.folders.WIP}/files`,
        payload,
        headers: { ...headers, cookie },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      expect(response.json<{ error: string }>().error).toBeTruthy();
      expect(proxy.cuts()).toBeGreaterThan(0);
      expect(await penstock.database.db.selectFrom('versions').select('id').execute()).toEqual([]);
      expect(await penstock.database.db.selectFrom('blobs').select('hash').execute()).toEqual([]);
      expect(await penstock.blobs.exists(sha256(content))).toBe(false);
      expect(fs.readdirSync(path.join(penstock.dataDir, 'staging'))).toEqual([]);
    } finally {
      await penstock.destroy();
      await proxy.close();
      await s3.close();
    }
  });
});
