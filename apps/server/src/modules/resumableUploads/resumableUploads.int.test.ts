import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATER_FRAMEWORK_STANDARD } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { readBlob } from '../../storage/blobStore.ts';

/**
 * The tus 1.0 endpoint (issue 35 §4) through the real server: created with one access check, PATCHed in
 * parts, its offset asked with HEAD, the server restarted in the middle (a new app on the same data folder
 * and database), resumed and stored byte for byte through the upload path; every call of another user is
 * refused; a cancel removes the partial upload; expired ones are removed.
 */
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');
const metadata = (folderId: string, fileName: string) =>
  `folderId ${b64(folderId)},filename ${b64(fileName)}`;

for (const kind of await testDatabases()) {
  describe(`resumable uploads, tus 1.0 (${kind})`, () => {
    let penstock: TestPenstock;
    let owner: string;
    let colleague: string;
    let viewer: string;
    let folders: Record<string, string>;
    let projectId: string;

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const [a, b, c] = [
        await penstock.createUser({ name: 'Owner' }),
        await penstock.createUser({ name: 'Colleague' }),
        await penstock.createUser({ name: 'Viewer' }),
      ];
      const manager = await penstock.createUser({ name: 'Manager' });
      ({ id: projectId, folders } = await penstock.createProject('Tus works', [
        { userId: a.id, role: 'member' },
        { userId: b.id, role: 'member' },
        { userId: c.id, role: 'viewer' },
        { userId: manager.id, role: 'manager' },
      ]));
      owner = await penstock.signIn(a.email);
      colleague = await penstock.signIn(b.email);
      viewer = await penstock.signIn(c.email);
      const managerCookie = await penstock.signIn(manager.email);
      const saved = await penstock.app.inject({
        method: 'PUT',
        url: `/api/projects/${projectId}/info-standard`,
        payload: { standard: WATER_FRAMEWORK_STANDARD },
        headers: { cookie: managerCookie },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });
    afterAll(() => penstock?.destroy());

    const create = (cookie: string, folderId: string, fileName: string, size: number) =>
      penstock.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          ...TUS,
          cookie,
          'upload-length': String(size),
          'upload-metadata': metadata(folderId, fileName),
        },
      });
    const patch = (cookie: string, location: string, offset: number, bytes: Buffer) =>
      penstock.app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...TUS,
          cookie,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes,
      });
    const head = (cookie: string, location: string) =>
      penstock.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, cookie } });
    const uploadsDir = () => path.join(penstock.dataDir, 'uploads');

    it('creates, takes parts, survives a restart, resumes and stores the file byte for byte', async () => {
      const content = crypto.randomBytes(3 * 1024 * 1024 + 17);
      const part = 1024 * 1024;
      const created = await create(owner, folders['WIP/Process']!, 'large-model.bin', content.length);
      expect(created.statusCode, created.body).toBe(201);
      const location = created.headers.location as string;
      expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);

      const first = await patch(owner, location, 0, content.subarray(0, part));
      expect(first.statusCode, first.body).toBe(204);
      expect(first.headers['upload-offset']).toBe(String(part));
      expect((await head(owner, location)).headers['upload-offset']).toBe(String(part));

      // another member of the project, a viewer: neither reads nor adds to the owner's upload
      for (const cookie of [colleague, viewer]) {
        expect([403, 404]).toContain((await head(cookie, location)).statusCode);
        const refused = await patch(cookie, location, part, content.subarray(part, 2 * part));
        expect([403, 404]).toContain(refused.statusCode);
        expect(refused.json().error).toBeTruthy();
        const status = await penstock.app.inject({ method: 'GET', url: location, headers: { cookie } });
        expect([403, 404]).toContain(status.statusCode);
        const cancel = await penstock.app.inject({
          method: 'DELETE',
          url: location,
          headers: { ...TUS, cookie },
        });
        expect([403, 404]).toContain(cancel.statusCode);
      }
      // a wrong offset changes nothing
      expect((await patch(owner, location, 5, content.subarray(5, 10))).statusCode).toBe(409);

      penstock = await penstock.restart();
      const resumed = await head(owner, location);
      expect(resumed.statusCode).toBe(200);
      expect(resumed.headers['upload-offset']).toBe(String(part));
      expect(resumed.headers['upload-length']).toBe(String(content.length));
      const second = await patch(owner, location, part, content.subarray(part, 2 * part));
      expect(second.statusCode, second.body).toBe(204);
      const last = await patch(owner, location, 2 * part, content.subarray(2 * part));
      expect(last.statusCode, last.body).toBe(200);
      const status = last.json();
      expect(status).toMatchObject({ state: 'stored', size: content.length, fileName: 'large-model.bin' });

      // stored as any upload: a version with its codes, the blob named by its SHA-256
      const hash = crypto.createHash('sha256').update(content).digest('hex');
      const version = (await penstock.documentsRepo.findVersion(status.versionId))!;
      expect(version.blob_hash).toBe(hash);
      expect(version.revision).toBe('P01.01');
      expect((await readBlob(penstock.blobs, hash)).equals(content)).toBe(true);
      const downloaded = await penstock.app.inject({
        method: 'GET',
        url: `/api/items/${status.itemId}/content`,
        headers: { cookie: owner },
      });
      expect(downloaded.rawPayload.equals(content)).toBe(true);
      expect(fs.readdirSync(uploadsDir())).toEqual([]);
      // asked again, the same answer; no more bytes
      const again = await penstock.app.inject({ method: 'GET', url: location, headers: { cookie: owner } });
      expect(again.json()).toMatchObject({ state: 'stored', versionId: status.versionId });
      expect((await patch(owner, location, content.length, Buffer.alloc(0))).statusCode).toBe(409);
      // a client that never got the last answer is told it is complete (not 404, which would send it again)
      const afterwards = await head(owner, location);
      expect(afterwards.statusCode).toBe(200);
      expect(afterwards.headers['upload-offset']).toBe(String(content.length));
      expect([403, 404]).toContain((await head(colleague, location)).statusCode);
    }, 60_000);

    it('checks the folder before the first byte: viewers, the record, the naming standard', async () => {
      expect((await create(viewer, folders['WIP/Civil']!, 'a.bin', 10)).statusCode).toBe(403);
      expect((await create(owner, folders['Published/Drawings']!, 'a.bin', 10)).statusCode).toBe(403);
      const named = await create(owner, folders['Shared/Civil']!, 'not-a-container-name.pdf', 10);
      expect(named.statusCode).toBe(422);
      expect(named.json().error).toMatch(/name/i);
      const tooLarge = await create(owner, folders['WIP/Civil']!, 'a.bin', 5 * 1024 * 1024 * 1024);
      expect(tooLarge.statusCode).toBe(413);
      const noMetadata = await penstock.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...TUS, cookie: owner, 'upload-length': '10' },
      });
      expect(noMetadata.statusCode).toBe(400);
      expect(noMetadata.json().error).toMatch(/Upload-Metadata/);
      expect(fs.readdirSync(uploadsDir())).toEqual([]);
    });

    it('cancels: DELETE removes the partial upload, which is then gone', async () => {
      const created = await create(owner, folders['WIP/Civil']!, 'cancelled.bin', 1000);
      const location = created.headers.location as string;
      expect((await patch(owner, location, 0, Buffer.alloc(400, 1))).statusCode).toBe(204);
      const cancel = await penstock.app.inject({
        method: 'DELETE',
        url: location,
        headers: { ...TUS, cookie: owner },
      });
      expect(cancel.statusCode, cancel.body).toBe(204);
      expect((await head(owner, location)).statusCode).toBe(404);
      expect(fs.readdirSync(uploadsDir())).toEqual([]);
    });

    it('removes expired partial uploads in the periodic pass', async () => {
      const created = await create(owner, folders['WIP/Civil']!, 'abandoned.bin', 1000);
      const location = created.headers.location as string;
      expect((await patch(owner, location, 0, Buffer.alloc(100, 2))).statusCode).toBe(204);
      expect(await penstock.resumableUploads.removeExpired()).toBe(0);
      expect(fs.readdirSync(uploadsDir()).length).toBe(2);
      const later = new Date(Date.now() + 73 * 60 * 60_000);
      expect(await penstock.resumableUploads.removeExpired(later)).toBeGreaterThanOrEqual(1);
      expect(fs.readdirSync(uploadsDir())).toEqual([]);
      expect((await head(owner, location)).statusCode).toBe(404);
    });
  });
}

describe('resumable uploads with the files in S3 (s3rver)', () => {
  let penstock: TestPenstock;
  afterAll(() => penstock?.destroy());

  it('keeps the partial upload in the data folder and hands the finished file to the bucket', async () => {
    penstock = await createTestPenstock('sqlite', {}, { objectStore: 's3' });
    const user = await penstock.createUser();
    const { folders } = await penstock.createProject('Tus on S3', [{ userId: user.id, role: 'member' }]);
    const cookie = await penstock.signIn(user.email);
    const content = crypto.randomBytes(9 * 1024 * 1024 + 5);
    const created = await penstock.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        ...TUS,
        cookie,
        'upload-length': String(content.length),
        'upload-metadata': metadata(folders['WIP/Civil']!, 'on-s3.bin'),
      },
    });
    const location = created.headers.location as string;
    const send = (offset: number, end: number) =>
      penstock.app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...TUS,
          cookie,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        payload: content.subarray(offset, end),
      });
    expect((await send(0, 4 * 1024 * 1024)).statusCode).toBe(204);
    expect(fs.readdirSync(path.join(penstock.dataDir, 'uploads')).length).toBe(2);
    const last = await send(4 * 1024 * 1024, content.length);
    expect(last.statusCode, last.body).toBe(200);
    const hash = crypto.createHash('sha256').update(content).digest('hex');
    expect(penstock.blobs.kind).toBe('s3');
    expect((await readBlob(penstock.blobs, hash)).equals(content)).toBe(true);
    expect(fs.readdirSync(path.join(penstock.dataDir, 'uploads'))).toEqual([]);
    expect(fs.existsSync(path.join(penstock.dataDir, 'blobs', hash.slice(0, 2)))).toBe(false);
  }, 60_000);
});
