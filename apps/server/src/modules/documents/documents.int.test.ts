import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';

const fixture = (name: string) =>
  path.resolve(import.meta.dirname, '../../../../../../shared/fixtures', name);

describe.each(await testDatabases())('document store on %s', (kind) => {
  let penstock: TestPenstock;
  let member: string;
  let viewer: string;
  let outsider: string;
  let project: { id: string; folders: Record<string, string> };

  beforeAll(async () => {
    penstock = await createTestPenstock(kind, { PENSTOCK_MAX_UPLOAD_MB: '1' });
    const m = await penstock.createUser({ name: 'Member' });
    const v = await penstock.createUser({ name: 'Viewer' });
    const o = await penstock.createUser({ name: 'Outsider' });
    project = await penstock.createProject('Riverside WTW', [
      { userId: m.id, role: 'member' },
      { userId: v.id, role: 'viewer' },
    ]);
    await penstock.createProject('Someone else’s project', [{ userId: o.id, role: 'member' }]);
    member = await penstock.signIn(m.email);
    viewer = await penstock.signIn(v.email);
    outsider = await penstock.signIn(o.email);
  });
  afterAll(() => penstock.destroy());

  const get = (url: string, cookie?: string) =>
    penstock.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const upload = (folderId: string, fileName: string, content: Buffer, cookie: string) => {
    const { payload, headers } = multipartFile(fileName, content);
    return penstock.app.inject({
      method: 'POST',
      url: `/api/folders/${folderId}/files`,
      payload,
      headers: { ...headers, cookie },
    });
  };

  it('lists only the projects the user is a member of', async () => {
    const response = await get('/api/tree?id=%23', member);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: project.id,
        projectid: project.id,
        text: 'Riverside WTW',
        type: 'project',
        hrefbim360: `/projectLog?projectId=${encodeURIComponent(project.id)}`,
        role: 'member',
      },
    ]);
    expect(project.id).toMatch(/^b\.[0-9a-f-]{36}$/);
    // each user sees their own role in the project
    const asViewer = await get('/api/tree?id=%23', viewer);
    expect(asViewer.json()).toEqual([expect.objectContaining({ id: project.id, role: 'viewer' })]);
  });

  it('lists a project’s ISO 19650 folders and a folder’s children for a member', async () => {
    const top = await get(`/api/tree?id=${project.id}`, member);
    expect(top.statusCode).toBe(200);
    expect(top.json().map((n: { text: string }) => n.text)).toEqual([
      'WIP',
      'Shared',
      'Published',
      'Archived',
    ]);
    expect(top.json()[0]).toMatchObject({ type: 'folder', children: true });
    const wip = await get(`/api/tree?id=${project.folders.WIP}`, member);
    expect(wip.json().map((n: { text: string }) => n.text)).toEqual([
      'Civil',
      'Mechanical',
      'Electrical',
      'Process',
    ]);
    const archived = await get(`/api/tree?id=${project.folders['Shared/Civil']}`, member);
    expect(archived.json()).toEqual([]);
  });

  it('refuses a non-member with the same 404 as an unknown id, learning nothing', async () => {
    const project404 = await get(`/api/tree?id=${project.id}`, outsider);
    const folder404 = await get(`/api/tree?id=${project.folders.WIP}`, outsider);
    const unknown = await get(`/api/tree?id=b.${crypto.randomUUID()}`, outsider);
    for (const response of [project404, folder404, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('answers a bad id or a missing id with 400, and no session with 401', async () => {
    const bad = await get('/api/tree?id=../../etc/passwd', member);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Invalid tree id/);
    const missing = await get('/api/tree', member);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/id/);
    expect((await get('/api/tree?id=%23')).statusCode).toBe(401);
  });

  it('stores an upload and downloads it byte for byte with its type and a safe name', async () => {
    const bytes = fs.readFileSync(fixture('pdf/issue21570.pdf'));
    const response = await upload(
      project.folders['Shared/Process']!,
      'P&ID; sheet 1 – Rev A.pdf',
      bytes,
      member,
    );
    expect(response.statusCode).toBe(201);
    const { item, version } = response.json();
    expect(item).toMatchObject({
      type: 'item',
      fileType: 'pdf',
      fileName: 'P&ID; sheet 1 – Rev A.pdf',
      versionNumber: 1,
      size: bytes.length,
    });
    expect(version.sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));

    const download = await get(item.hrefbim360, member);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="P&ID_ sheet 1 _ Rev A.pdf"; filename*=UTF-8''P%26ID%3B%20sheet%201%20%E2%80%93%20Rev%20A.pdf`,
    );
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
    expect((await get(item.hrefbim360, outsider)).statusCode).toBe(404);

    const listed = await get(`/api/tree?id=${project.folders['Shared/Process']}`, member);
    expect(listed.json()).toEqual([expect.objectContaining({ id: item.id, versionId: version.id })]);
  });

  it('a second upload with the same name is the next version; content is stored once', async () => {
    const ifc = fs.readFileSync(fixture('ifc/MEP.ifc'));
    const first = (await upload(project.folders['WIP/Mechanical']!, 'MEP.ifc', ifc, member)).json();
    const again = (
      await upload(
        project.folders['WIP/Mechanical']!,
        'MEP.ifc',
        Buffer.concat([ifc, Buffer.from('\n')]),
        member,
      )
    ).json();
    expect(again.item.id).toBe(first.item.id);
    expect(again.version.number).toBe(2);
    const versions = (await get(`/api/items/${first.item.id}/versions`, member)).json();
    expect(versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    const old = await get(`/api/versions/${first.version.id}/content?download=1`, member);
    expect(old.headers['content-disposition']).toMatch(/^attachment;/);
    expect(Buffer.compare(old.rawPayload, ifc)).toBe(0);
    // the same bytes again add a version but no second copy on disk
    await upload(project.folders['WIP/Mechanical']!, 'MEP copy.ifc', ifc, member);
    const blobFiles = fs
      .readdirSync(path.join(penstock.dataDir, 'blobs'), { recursive: true })
      .filter((f) => String(f).length > 3);
    expect(blobFiles).toHaveLength(3);
  });

  it('refuses an upload over the limit with 413 and stores nothing', async () => {
    const before = (await get(`/api/tree?id=${project.folders['Shared/Civil']}`, member)).json();
    const big = crypto.randomBytes(1024 * 1024 + 10);
    const response = await upload(project.folders['Shared/Civil']!, 'too-big.bin', big, member);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The file is larger than the upload limit of 1 MB.' });
    expect((await get(`/api/tree?id=${project.folders['Shared/Civil']}`, member)).json()).toEqual(before);
    expect(fs.readdirSync(path.join(penstock.dataDir, 'staging'))).toEqual([]);
    const hash = crypto.createHash('sha256').update(big).digest('hex');
    expect(fs.existsSync(path.join(penstock.dataDir, 'blobs', hash.slice(0, 2), hash.slice(2)))).toBe(false);
  });

  it('refuses uploads from viewers (403) and non-members (404), and bad requests (400)', async () => {
    const bytes = Buffer.from('hello');
    expect((await upload(project.folders.WIP!, 'a.txt', bytes, viewer)).statusCode).toBe(403);
    expect((await upload(project.folders.WIP!, 'a.txt', bytes, outsider)).statusCode).toBe(404);
    const notMultipart = await penstock.app.inject({
      method: 'POST',
      url: `/api/folders/${project.folders.WIP}/files`,
      headers: { cookie: member },
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect((await upload('f.not-a-folder', 'a.txt', bytes, member)).statusCode).toBe(400);
  });

  it('serves HTML uploads as attachments so they never run on our origin', async () => {
    const response = await upload(
      project.folders.WIP!,
      'page.html',
      Buffer.from('<script>alert(1)</script>'),
      member,
    );
    const download = await get(response.json().item.hrefbim360, member);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['content-security-policy']).toMatch(/sandbox/);
  });
});
