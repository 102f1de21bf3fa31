import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';

/** multipart/form-data with one plain field named formData, as the spec's clients send it */
function formDataField(data: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="formData"\r\n\r\n${data}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// a 1x1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_URL = `data:image/png;base64,${PNG.toString('base64')}`;

for (const kind of await testDatabases()) {
  describe(`markups (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    let memberId: string;
    let viewerEmail: string;
    let member: string;
    let viewer: string;
    let outsider: string;
    let itemId: string;
    let versionId: string;

    const post = (call: string, data: unknown, cookie: string) => {
      const { payload, headers } = formDataField(typeof data === 'string' ? data : JSON.stringify(data));
      return penstock.app.inject({
        method: 'POST',
        url: `/api/markups/${call}`,
        payload,
        headers: { ...headers, cookie },
      });
    };
    const getMarkups = (data: unknown, cookie: string) =>
      penstock.app.inject({
        method: 'POST',
        url: '/api/markups/getMarkups',
        payload: `formData=${encodeURIComponent(JSON.stringify(data))}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      });
    const record = (extra: Record<string, unknown> = {}) => ({
      projectId,
      projectName: 'ignored',
      documentId: versionId,
      itemId,
      documentName: 'drawing.pdf',
      createdByUserId: 'forged',
      createdByName: 'Forger',
      createdFor: viewerEmail,
      actioned: false,
      title: 'Check the valve',
      markupData: [
        {
          markupTitle: 'Check the valve',
          markupData: JSON.stringify({ version: 1, shapes: [{ type: 'rect' }] }),
          markupstate: { viewport: { eye: [0, 0, 1] } },
          imagePreview: PNG_URL,
          documentName: 'drawing.pdf',
          documentVersion: 'V1',
          created: '21/11/2026',
          userName: 'Forger',
        },
      ],
      ...extra,
    });

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const a = await penstock.createUser({ name: 'Ada Lovelace' });
      const b = await penstock.createUser({ name: 'Grace Hopper' });
      const c = await penstock.createUser();
      memberId = a.id;
      viewerEmail = b.email;
      const project = await penstock.createProject('Markup Project', [
        { userId: a.id, role: 'member' },
        { userId: b.id, role: 'viewer' },
      ]);
      projectId = project.id;
      member = await penstock.signIn(a.email);
      viewer = await penstock.signIn(b.email);
      outsider = await penstock.signIn(c.email);
      const { payload, headers } = multipartFile('drawing.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
      const upload = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${project.folders.WIP}/files`,
        payload,
        headers: { ...headers, cookie: member },
      });
      itemId = upload.json().item.id;
      versionId = upload.json().version.id;
    });
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('saves, lists and updates a markup with the author from the session', async () => {
      const saved = await post('saveMarkup', record(), member);
      expect(saved.statusCode).toBe(200);
      const markup = saved.json();
      expect(markup).toMatchObject({
        projectId,
        projectName: 'Markup Project',
        documentId: versionId,
        itemId,
        createdByUserId: memberId,
        createdByName: 'Ada Lovelace',
        createdFor: viewerEmail,
        actioned: false,
        title: 'Check the valve',
      });
      expect(markup.id).toMatch(/^m\./);
      const item = markup.markupData[0];
      expect(item).toMatchObject({
        markupTitle: 'Check the valve',
        documentVersion: 'V1',
        userName: 'Ada Lovelace',
        created: '21/11/2026',
        createdFor: viewerEmail,
        actioned: false,
      });
      expect(JSON.parse(item.markupData)).toEqual({ version: 1, shapes: [{ type: 'rect' }] });
      expect(JSON.parse(item.markupstate)).toEqual({ viewport: { eye: [0, 0, 1] } });
      expect(item.imagePreview).toBe(`/api/markups/preview/${item.markupId}`);

      const image = await penstock.app.inject({
        method: 'GET',
        url: item.imagePreview,
        headers: { cookie: viewer },
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(PNG)).toBe(true);
      // an updated markup gets a new preview at the same address: revalidated, 304 while unchanged
      expect(image.headers['cache-control']).toBe('private, no-cache');
      const unchanged = await penstock.app.inject({
        method: 'GET',
        url: item.imagePreview,
        headers: { cookie: viewer, 'if-none-match': image.headers.etag as string },
      });
      expect(unchanged.statusCode).toBe(304);
      expect(
        (await penstock.app.inject({ method: 'GET', url: item.imagePreview, headers: { cookie: outsider } }))
          .statusCode,
      ).toBe(404);

      const list = await getMarkups({ projectId, documentId: versionId }, viewer);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([markup]);
      expect((await getMarkups({ projectId, documentId: itemId }, member)).json()).toHaveLength(1);

      // the viewer ticks Completed; the flag persists
      const ticked = await post('updateMarkup', { ...markup, actioned: true }, viewer);
      expect(ticked.statusCode, ticked.body).toBe(200);
      expect(ticked.json()).toMatchObject({ actioned: true, createdByUserId: memberId });
      const after = (await getMarkups({ projectId, documentId: versionId }, member)).json();
      expect(after[0].actioned).toBe(true);
      expect(after[0].markupData[0].actioned).toBe(true);
      expect(after[0].markupData[0].imagePreview).toBe(item.imagePreview);

      // a member edits the title and keeps the image by sending back its preview URL
      const renamed = await post(
        'updateMarkup',
        { id: markup.id, title: 'Renamed', markupData: after[0].markupData },
        member,
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().title).toBe('Renamed');
      expect(renamed.json().markupData[0].imagePreview).toBe(item.imagePreview);
      expect(renamed.json().markupData[0].userName).toBe('Ada Lovelace');
    });

    it('answers 400 with a message for bad input', async () => {
      const item = record().markupData[0]!;
      const cases: Array<[unknown, RegExp]> = [
        ['{not json', /formData is not valid JSON/],
        [record({ title: '' }), /title is required/],
        [record({ createdFor: 'stranger@example.com' }), /createdFor must be/],
        [record({ markupData: [{ ...item, created: '2026-11-21' }] }), /dd\/mm\/yyyy/],
        [record({ markupData: [{ ...item, documentVersion: '1' }] }), /'V' followed/],
        [record({ markupData: [{ ...item, markupData: '{broken' }] }), /markupData must be JSON/],
        [record({ markupData: [{ ...item, markupData: '{"shapes":[]}' }] }), /version field/],
        [
          record({ markupData: [{ ...item, imagePreview: 'data:image/gif;base64,R0lGOD' }] }),
          /image\/png or image\/jpeg/,
        ],
        [record({ markupData: [{ ...item, imagePreview: 'data:image/png;base64,/9j/4AAQ' }] }), /not a PNG/],
        [
          record({
            markupData: [
              {
                ...item,
                imagePreview: `data:image/png;base64,${Buffer.alloc(10 * 1024 * 1024 + 10).toString('base64')}`,
              },
            ],
          }),
          /at most 10 MB/,
        ],
        [record({ markupData: [] }), /at least one/],
      ];
      for (const [body, message] of cases) {
        const response = await post('saveMarkup', body, member);
        expect(response.statusCode, String(message)).toBe(400);
        expect(response.json().error).toMatch(message);
      }
      const noField = await penstock.app.inject({
        method: 'POST',
        url: '/api/markups/getMarkups',
        payload: 'other=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: member },
      });
      expect(noField.statusCode).toBe(400);
      expect(noField.json().error).toMatch(/formData/);
      expect((await post('updateMarkup', { id: 'm.bad' }, member)).statusCode).toBe(400);
    });

    it('keeps markups to members; viewers only tick Completed', async () => {
      expect((await getMarkups({ projectId, documentId: versionId }, outsider)).statusCode).toBe(404);
      expect((await post('saveMarkup', record(), outsider)).statusCode).toBe(404);
      const saved = await post('saveMarkup', record(), viewer);
      expect(saved.statusCode).toBe(403);
      const markup = (await post('saveMarkup', record(), member)).json();
      expect((await post('updateMarkup', { id: markup.id, actioned: true }, outsider)).statusCode).toBe(404);
      expect((await post('updateMarkup', { id: markup.id, title: 'Mine now' }, viewer)).statusCode).toBe(403);
      expect((await post('updateMarkup', { id: markup.id, actioned: true }, viewer)).statusCode).toBe(200);
    });
  });
}
