import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '@penstock/shared';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { parseStoredViewpoints } from './bcf.stored.ts';
import type { BcfViewpoint } from './bcf.types.ts';

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/bcf', name));
const ifcFixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/ifc', name));

/**
 * The buildingSMART test cases, counted from their files (see bcf.archive.test.ts for what each holds):
 * topics (topic folders with a markup.bcf), comments (Comment elements: none in any of the four),
 * viewpoints (ViewPoint / Viewpoints entries with a .bcfv file) and the models their selections are in (or,
 * for a viewpoint that selects nothing, its other components).
 */
const FIXTURES: Array<{
  file: string;
  guid: string;
  topics: number;
  comments: number;
  viewpoints: number;
  models: string[];
}> = [
  {
    file: 'bcf21_Component_Selection.bcf',
    guid: '5ed97d64-f1be-487e-9f80-5ad19576f51a',
    topics: 1,
    comments: 0,
    viewpoints: 1,
    models: ['Estructura.ifc'],
  },
  {
    file: 'bcf30_component_selection.bcf',
    guid: '647bca1c-cac3-4f16-84a8-912e081edd57',
    topics: 1,
    comments: 0,
    viewpoints: 1,
    models: ['Architectural.ifc', 'MEP.ifc'],
  },
  {
    file: 'bcf30_minimum_information.bcf',
    guid: 'b0ddb128-a997-44c1-8ad8-59492daa5f6b',
    topics: 1,
    comments: 0,
    viewpoints: 0,
    models: [],
  },
  {
    file: 'bcf30_perspective_camera.bcf',
    guid: '01777b21-ba39-4c2b-ad1d-a9320f81214a',
    topics: 1,
    comments: 0,
    viewpoints: 1,
    // it selects nothing, but hides two walls: the issue is linked to their model (issue 33)
    models: ['Architectural.ifc'],
  },
];

/** A zip whose headers say `name` unzips to 100 bytes while its data inflates to far more. */
function lyingAbout(zip: Buffer, name: string): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 46; i++) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50 && out.toString('utf8', i + 30, i + 30 + out.readUInt16LE(i + 26)) === name)
      out.writeUInt32LE(100, i + 22);
    if (signature === 0x02014b50 && out.toString('utf8', i + 46, i + 46 + out.readUInt16LE(i + 28)) === name)
      out.writeUInt32LE(100, i + 24);
  }
  return out;
}

for (const kind of await testDatabases()) {
  describe(`BCF 2.x and 3.0 interchange (${kind})`, () => {
    let penstock: TestPenstock;
    let member: string;
    let viewer: string;
    let memberId: string;
    let viewerId: string;
    let models: { id: string };
    const versionOf: Record<string, string> = {};

    const importBcf = (projectId: string, content: Buffer) => {
      const { payload, headers } = multipartFile('issues.bcf', content);
      return penstock.app.inject({
        method: 'POST',
        url: `/api/issues/bcf?projectid=${projectId}`,
        payload,
        headers: { ...headers, cookie: member },
      });
    };
    const exportBcf = (projectId: string, query = '', cookie = member) =>
      penstock.app.inject({
        method: 'GET',
        url: `/api/issues/bcf?projectid=${projectId}${query}`,
        headers: { cookie },
      });
    const issuesOf = async (projectId: string): Promise<Issue[]> =>
      (
        await penstock.app.inject({
          method: 'GET',
          url: `/api/issues?projectid=${projectId}`,
          headers: { cookie: member },
        })
      ).json();
    const storedOf = async (projectId: string): Promise<Record<string, BcfViewpoint[]>> =>
      Object.fromEntries(
        (
          await penstock.database.db
            .selectFrom('issues')
            .select(['guid', 'bcf_viewpoints'])
            .where('project_id', '=', projectId)
            .execute()
        ).map((row) => [row.guid, parseStoredViewpoints(row.bcf_viewpoints)]),
      );
    const freshProject = async (name: string) =>
      (await penstock.createProject(name, [{ userId: memberId, role: 'member' }])).id;
    /** topics, comments and viewpoints of a project, by topic Guid; 2.1 cameras carry no aspect ratio */
    const contentOf = async (projectId: string, withAspectRatio = true) => {
      const stored = await storedOf(projectId);
      return Object.fromEntries(
        (await issuesOf(projectId)).map((issue) => [
          issue.guid,
          {
            title: issue.title,
            type: issue.type,
            status: issue.status,
            description: issue.description,
            dueDate: issue.dueDate,
            comments: issue.comments.map((c) => [c.createdAt, c.author, c.body]),
            viewpoints: (stored[issue.guid] ?? []).map((v) => ({
              ...v,
              camera: v.camera && (withAspectRatio ? v.camera : { ...v.camera, aspectRatio: 1 }),
            })),
          },
        ]),
      );
    };

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const a = await penstock.createUser({ name: 'Ada Lovelace' });
      const b = await penstock.createUser({ name: 'Grace Hopper' });
      memberId = a.id;
      viewerId = b.id;
      member = await penstock.signIn(a.email);
      viewer = await penstock.signIn(b.email);
      const project = await penstock.createProject('BCF Fixtures', [
        { userId: a.id, role: 'member' },
        { userId: viewerId, role: 'viewer' },
      ]);
      models = project;
      for (const name of ['Estructura.ifc', 'Architectural.ifc', 'MEP.ifc']) {
        const { payload, headers } = multipartFile(name, ifcFixture(name));
        const response = await penstock.app.inject({
          method: 'POST',
          url: `/api/folders/${project.folders.WIP}/files`,
          payload,
          headers: { ...headers, cookie: member },
        });
        expect(response.statusCode, response.body).toBe(201);
        versionOf[name] = response.json<{ version: { id: string } }>().version.id;
      }
      await penstock.jobs.idle();
    });
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('imports each buildingSMART test case with its topic, comment and viewpoint counts', async () => {
      for (const f of FIXTURES) {
        const response = await importBcf(models.id, fixture(f.file));
        expect(response.statusCode, `${f.file}: ${response.body}`).toBe(200);
        expect(response.json()).toMatchObject({ created: f.topics, updated: 0, unchanged: 0, skipped: [] });
        const [issue] = response.json<{ issues: Issue[] }>().issues;
        expect(issue!.guid).toBe(f.guid);
        expect(issue!.comments).toHaveLength(f.comments);
        expect((await storedOf(models.id))[f.guid]).toHaveLength(f.viewpoints);
        // selections (else the other components) resolve in the project's converted models, as links
        expect(issue!.linkedDocuments.map((l) => l.documentId).sort()).toEqual(
          f.models.map((m) => versionOf[m]).sort(),
        );
      }
      const issues = await issuesOf(models.id);
      expect(issues).toHaveLength(FIXTURES.reduce((n, f) => n + f.topics, 0));
      // the 2.1 case: its three columns of Estructura.ifc are the viewer state's selection
      const estructura = issues.find((i) => i.guid === FIXTURES[0]!.guid)!;
      expect(estructura).toMatchObject({
        title: 'Component Selection',
        createdAt: '2015-10-16T12:13:15.000Z',
      });
      const state = estructura.linkedDocuments[0]!.details.viewerState as { selection: number[] };
      expect(state.selection).toHaveLength(3);
    });

    it('exports as BCF 3.0 and 2.1, and each export re-imports into a fresh project unchanged', async () => {
      const original = await contentOf(models.id);
      expect(Object.keys(original)).toHaveLength(4);
      for (const version of ['3.0', '2.1'] as const) {
        const exported = await exportBcf(models.id, version === '2.1' ? '&version=2.1' : '', viewer);
        expect(exported.statusCode).toBe(200);
        expect(exported.headers['content-disposition']).toBe(
          version === '3.0'
            ? 'attachment; filename="BCF Fixtures.bcf"'
            : 'attachment; filename="BCF Fixtures (BCF 2.1).bcf"',
        );
        const zip = await JSZip.loadAsync(exported.rawPayload);
        expect(await zip.file('bcf.version')!.async('string')).toContain(`VersionId="${version}"`);
        const markup = await zip.file(`${FIXTURES[1]!.guid}/markup.bcf`)!.async('string');
        if (version === '2.1') {
          expect(markup).toMatch(/<\/Topic>\n {2}<Viewpoints Guid="7b2c1bf5-5854-433d-8136-981c957ed910">/);
          expect(markup).toContain('<Index>0</Index>');
          expect(zip.file('extensions.xml')).toBeNull();
          const viewpoint = await zip.file(/\.bcfv$/)[0]!.async('string');
          expect(viewpoint).not.toContain('AspectRatio');
        } else {
          expect(markup).toContain('<ViewPoint Guid="7b2c1bf5-5854-433d-8136-981c957ed910">');
        }
        const fresh = await freshProject(`Copy ${version}`);
        const imported = await importBcf(fresh, exported.rawPayload);
        expect(imported.statusCode, imported.body).toBe(200);
        expect(imported.json()).toMatchObject({ created: 4, updated: 0, unchanged: 0, skipped: [] });
        if (version === '3.0') expect(await contentOf(fresh)).toEqual(original);
        else expect(await contentOf(fresh, false)).toEqual(await contentOf(models.id, false));
      }
    });

    it('keeps comments that only point at a viewpoint, shown as "(viewpoint)", and writes them back', async () => {
      const zip = await JSZip.loadAsync(fixture('bcf30_component_selection.bcf'));
      const name = `${FIXTURES[1]!.guid}/markup.bcf`;
      const comment = (guid: string, date: string, text: string) =>
        `<Comment Guid="${guid}"><Date>${date}</Date><Author>mep@example.com</Author>${text}<Viewpoint Guid="7b2c1bf5-5854-433d-8136-981c957ed910"/></Comment>`;
      zip.file(
        name,
        (await zip.file(name)!.async('string')).replace(
          '<Comments/>',
          `<Comments>${comment('aa000000-0000-4000-8000-000000000001', '2021-02-17T10:20:00Z', '<Comment>Duct too low</Comment>')}${comment('aa000000-0000-4000-8000-000000000002', '2021-02-17T10:21:00Z', '')}</Comments>`,
        ),
      );
      const project = await freshProject('Viewpoint comments');
      const imported = await importBcf(project, await zip.generateAsync({ type: 'nodebuffer' }));
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().issues[0].comments.map((c: { body: string }) => c.body)).toEqual([
        'Duct too low',
        '(viewpoint)',
      ]);
      for (const version of ['3.0', '2.1']) {
        const exported = await JSZip.loadAsync((await exportBcf(project, `&version=${version}`)).rawPayload);
        const markup = await exported.file(name)!.async('string');
        expect(markup).toContain('<Comment Guid="aa000000-0000-4000-8000-000000000002">');
        expect(markup).not.toContain('(viewpoint)');
        expect(markup.match(/<Viewpoint Guid="7b2c1bf5-5854-433d-8136-981c957ed910"\/>/g)).toHaveLength(2);
        if (version === '2.1') expect(markup).toContain('<Comment/>');
        const copy = await freshProject(`Viewpoint comments ${version}`);
        const again = await importBcf(copy, await exported.generateAsync({ type: 'nodebuffer' }));
        expect((await contentOf(copy, false))[FIXTURES[1]!.guid]!.comments).toEqual(
          (await contentOf(project, false))[FIXTURES[1]!.guid]!.comments,
        );
        expect(again.json()).toMatchObject({ created: 1 });
        // and back into the project it came from: known by Guid, nothing added
        const home = await importBcf(project, await exported.generateAsync({ type: 'nodebuffer' }));
        expect(home.json()).toMatchObject({ unchanged: 1, skipped: [] });
        expect(home.json().issues[0].comments).toHaveLength(2);
      }
    });

    it('re-importing an older export changes nothing and names the topics changed in Penstock since', async () => {
      const old30 = (await exportBcf(models.id)).rawPayload;
      const old21 = (await exportBcf(models.id, '&version=2.1')).rawPayload;
      const edited = FIXTURES[1]!;
      const commented = FIXTURES[2]!;
      const byGuid = async (guid: string) => (await issuesOf(models.id)).find((i) => i.guid === guid)!;
      const patch = await penstock.app.inject({
        method: 'PATCH',
        url: `/api/issues/${(await byGuid(edited.guid)).id}`,
        headers: { cookie: member },
        payload: { title: 'Three walls selected', status: 'closed' },
      });
      expect(patch.statusCode).toBe(200);
      await penstock.app.inject({
        method: 'POST',
        url: `/api/issues/${(await byGuid(commented.guid)).id}/comments`,
        headers: { cookie: viewer },
        payload: { body: 'Checked on site' },
      });
      const before = await issuesOf(models.id);
      for (const old of [old30, old21]) {
        const response = await importBcf(models.id, old);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
        expect(response.json().skipped).toEqual([
          {
            guid: edited.guid,
            title: 'Three walls selected',
            reason: expect.stringMatching(
              /^Changed in Penstock on \d{4}-.*Z, after the topic’s ModifiedDate 2021-02-17T10:14:27\.317Z$/,
            ),
          },
          expect.objectContaining({ guid: commented.guid, title: 'Minimum information' }),
        ]);
        expect(await issuesOf(models.id)).toEqual(before);
      }

      // a topic changed after Penstock's change updates the issue; a skipped one still gains new comments
      const zip = await JSZip.loadAsync(old30);
      const editedMarkup = `${edited.guid}/markup.bcf`;
      zip.file(
        editedMarkup,
        (await zip.file(editedMarkup)!.async('string'))
          .replace(/<ModifiedDate>[^<]*</, '<ModifiedDate>2099-01-01T00:00:00Z<')
          .replace(/<Title>[^<]*</, '<Title>Renamed in the other tool<'),
      );
      const commentedMarkup = `${commented.guid}/markup.bcf`;
      zip.file(
        commentedMarkup,
        (await zip.file(commentedMarkup)!.async('string')).replace(
          '</Topic>',
          '<Comments><Comment Guid="bb000000-0000-4000-8000-000000000001"><Date>2021-03-01T00:00:00Z</Date><Author>a@example.com</Author><Comment>From the other tool</Comment></Comment></Comments></Topic>',
        ),
      );
      const newer = await importBcf(models.id, await zip.generateAsync({ type: 'nodebuffer' }));
      expect(newer.json()).toMatchObject({
        updated: 1,
        unchanged: 2,
        skipped: [expect.objectContaining({ guid: commented.guid })],
      });
      expect(await byGuid(edited.guid)).toMatchObject({
        title: 'Renamed in the other tool',
        status: 'open',
        updatedAt: '2099-01-01T00:00:00.000Z',
      });
      // comments are listed by date: the file's (2021) before Penstock's own
      expect((await byGuid(commented.guid)).comments.map((c) => c.body)).toEqual([
        'From the other tool',
        'Checked on site',
      ]);
    });

    it('refuses a zip bomb with the reason, and writes nothing', async () => {
      const before = await issuesOf(models.id);
      const withEntry = async (name: string, body: Buffer) => {
        const zip = await JSZip.loadAsync(fixture('bcf30_minimum_information.bcf'));
        zip.file(name, body);
        return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      };
      const big = `${FIXTURES[2]!.guid}/viewpoint-big.bcfv`;
      const many = await JSZip.loadAsync(fixture('bcf30_minimum_information.bcf'));
      for (let i = 0; i < 10_000; i++) many.file(`x/${i}.txt`, '');
      const cases: Array<[Buffer, string | RegExp]> = [
        [
          await withEntry(big, Buffer.alloc(25 * 1024 * 1024, 32)),
          `The BCF file was refused: ${big} is larger than 20 MB when unzipped`,
        ],
        [
          lyingAbout(await withEntry(big, Buffer.alloc(25 * 1024 * 1024, 32)), big),
          /^The BCF file was refused: .*viewpoint-big\.bcfv/,
        ],
        [
          await many.generateAsync({ type: 'nodebuffer' }),
          /^The BCF file was refused: The archive has 1000\d entries; at most 10000 are read$/,
        ],
      ];
      for (const [content, message] of cases) {
        expect(content.length).toBeLessThan(2 * 1024 * 1024);
        const response = await importBcf(models.id, content);
        expect(response.statusCode, String(message)).toBe(400);
        expect(response.json().error).toMatch(message);
      }
      expect(await issuesOf(models.id)).toEqual(before);
    });

    it('answers an unknown export version with 400 and a JSON error', async () => {
      for (const query of ['&version=2.0', '&version=3', '&version=', '&version=2.1&version=3.0']) {
        const response = await exportBcf(models.id, query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toEqual({ error: 'version: version must be 3.0 or 2.1' });
      }
      expect((await exportBcf(models.id, '&version=3.0')).statusCode).toBe(200);
      const outsider = await penstock.signIn((await penstock.createUser()).email);
      expect((await exportBcf(models.id, '&version=2.1', outsider)).statusCode).toBe(404);
    });
  });
}
