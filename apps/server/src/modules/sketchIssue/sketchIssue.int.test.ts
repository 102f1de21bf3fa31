import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { WATER_FRAMEWORK_STANDARD, sheetPoints, type SketchIssueAnswer } from '@penstock/shared';
import { createTestPenstock, rowCounts, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { jsonField, optionOf, type Person } from '../../test/access/accessFixture.ts';
import { SketchesRepo, SketchesService } from '../sketches/index.ts';
import { sketchIssueService } from './index.ts';
import { readDexpi } from '@penstock/dexpi';

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Page count, first page size in points and the text of the first page, read back with pdf.js. */
async function readPdf(bytes: Buffer) {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    verbosity: 0,
  }).promise;
  try {
    const page = await document.getPage(1);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    return { pages: document.numPages, width: x1 - x0, height: y1 - y0, text };
  } finally {
    await document.destroy();
  }
}

const base = { rotation: 0, scaleX: 1, scaleY: 1 };
/** A pump and a valve joined by a pipeline, and a note: the sketch to issue. */
const LISTS = {
  Images: [
    {
      ...base,
      id: 'pump',
      tool: 'image',
      x: 0,
      y: 100,
      width: 60,
      height: 60,
      src: '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg',
      pidItem: 'centrifugal-pump-1.svg',
      tag: 'P-101',
    },
    {
      ...base,
      id: 'valve',
      tool: 'image',
      x: 200,
      y: 115,
      width: 40,
      height: 30,
      src: '/symbols/valves/gate-valve.svg',
      pidItem: 'gate-valve.svg',
      tag: 'V-101',
    },
  ],
  Texts: [{ ...base, id: 'note', tool: 'text', x: 10, y: 20, text: 'Inlet pumping station', fontSize: 20 }],
  Pipelines: [
    { id: 'line', tool: 'pipeline', points: [60, 130, 200, 130], line: { lineNumber: '100-WW-101' } },
  ],
};

for (const kind of await testDatabases()) {
  describe(`issuing a sketch as a drawing (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    let folders: Record<string, string>;
    const people = {} as Record<'engineer' | 'checker' | 'manager' | 'viewer' | 'outsider', Person>;

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: keyof typeof people, payload?: object) =>
      penstock.app.inject({ method, url, payload, headers: { cookie: people[who].cookie } });
    const save = (
      name: string,
      baseUpdatedAt: string,
      texts: unknown[],
      who: keyof typeof people = 'engineer',
    ) =>
      call('POST', '/api/savepidsketch', who, {
        Project: projectId,
        DrawingName: `${name} - 07/12/2026, 10:00:00`,
        BaseUpdatedAt: baseUpdatedAt,
        ...LISTS,
        Texts: texts,
      });
    const sketchUrl = (id: string) => `/api/projects/${projectId}/sketches/${id}`;
    const issueBody = (overrides: object = {}) => ({
      folderId: folders['Shared/Process'],
      drawingNumber: 'PS-PID-0001',
      title: 'Inlet pumping station P&ID',
      sheet: 'A3',
      drawnBy: 'Ewa Łukasik',
      checkedBy: 'Sam Checker',
      ...overrides,
    });
    const filesIn = async (folder: string) =>
      (await call('GET', `/api/tree?id=${folders[folder]}`, 'engineer')).json<
        Array<{ id: string; text: string }>
      >();

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      for (const who of ['engineer', 'checker', 'manager', 'viewer', 'outsider'] as const) {
        const user = await penstock.createUser({ name: `Issue ${who}` });
        people[who] = { ...user, name: `Issue ${who}`, cookie: await penstock.signIn(user.email) };
      }
      const project = await penstock.createProject('Inlet works', [
        { userId: people.engineer.id, role: 'member' },
        { userId: people.checker.id, role: 'member' },
        { userId: people.manager.id, role: 'manager' },
        { userId: people.viewer.id, role: 'viewer' },
      ]);
      projectId = project.id;
      folders = project.folders;
    });
    afterAll(async () => {
      await penstock?.jobs.idle();
      await penstock?.destroy();
    });

    it('issues the sketch as an A3 sheet PDF and the native sketch, with revision and suitability', async () => {
      const saved = (await save('Issue me', '', LISTS.Texts)).json<{ id: string; updatedAt: string }>();
      const preview = await call(
        'GET',
        `${sketchUrl(saved.id)}/issue?folderId=${folders['Shared/Process']}&drawingNumber=PS-PID-0001`,
        'engineer',
      );
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({
        folderPath: 'Shared/Process',
        revision: 'P01',
        suitability: 'S2',
        fileNames: ['PS-PID-0001.pdf', 'PS-PID-0001.xml', 'PS-PID-0001.json'],
      });
      const issued = await call('POST', `${sketchUrl(saved.id)}/issue`, 'engineer', {
        ...issueBody({ revision: 'P01', suitability: 'S2', baseUpdatedAt: saved.updatedAt }),
      });
      expect(issued.statusCode, issued.body).toBe(201);
      const answer = issued.json<SketchIssueAnswer>();
      expect(answer).toMatchObject({ folderPath: 'Shared/Process', revision: 'P01', suitability: 'S2' });
      expect(answer.files.map((file) => file.fileName)).toEqual([
        'PS-PID-0001.pdf',
        'PS-PID-0001.xml',
        'PS-PID-0001.json',
      ]);
      expect((await filesIn('Shared/Process')).map((node) => node.text).sort()).toEqual([
        'PS-PID-0001.json',
        'PS-PID-0001.pdf',
        'PS-PID-0001.xml',
      ]);

      const pdfResponse = await call('GET', `/api/versions/${answer.files[0]!.versionId}/content`, 'viewer');
      expect(pdfResponse.statusCode).toBe(200);
      expect(pdfResponse.headers['content-type']).toMatch(/application\/pdf/);
      const pdf = await readPdf(pdfResponse.rawPayload);
      const a3 = sheetPoints('A3');
      expect(pdf.pages).toBe(1);
      expect(pdf.width).toBeCloseTo(a3.width, 0);
      expect(pdf.height).toBeCloseTo(a3.height, 0);
      expect(pdf.width).toBeCloseTo(1190.55, 0);
      for (const text of [
        'Inlet works',
        'PS-PID-0001',
        'Inlet pumping station P&ID',
        'P01',
        'S2',
        'Ewa Łukasik',
        'Sam Checker',
        new Date().toISOString().slice(0, 10),
        'Inlet pumping station', // the sketch's own text, drawn as vectors with the sheet
        'P-101',
      ])
        expect(pdf.text).toContain(text);
      // vectors, not a picture of the drawing
      expect(pdfResponse.rawPayload.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);

      // the DEXPI file the design house's plant tool reads: the same items, tagged
      const dexpi = await call('GET', `/api/versions/${answer.files[1]!.versionId}/content`, 'engineer');
      const dexpiRead = readDexpi(dexpi.body);
      expect(dexpiRead.lists.Images.map((image) => image.tag).sort()).toEqual(['P-101', 'V-101']);

      const json = await call('GET', `/api/versions/${answer.files[2]!.versionId}/content`, 'engineer');
      expect(json.json()).toMatchObject({ id: saved.id, Images: [{ tag: 'P-101' }, { tag: 'V-101' }] });

      // the sketch's history says which version was issued as what
      const history = await call('GET', `${sketchUrl(saved.id)}/versions`, 'viewer');
      expect(history.json()).toMatchObject([
        {
          number: 1,
          issues: [{ drawingNumber: 'PS-PID-0001', revision: 'P01', suitability: 'S2', sheet: 'A3' }],
        },
      ]);

      const versions = await call('GET', `/api/items/${answer.files[0]!.itemId}/versions`, 'engineer');
      expect(versions.json()).toMatchObject([{ revision: 'P01', suitability: 'S2' }]);

      // the issued sheet goes through the review workflow like any file
      const { payload, headers } = jsonField({
        projectId,
        documentId: answer.files[0]!.versionId,
        itemId: answer.files[0]!.itemId,
        createdByUserId: people.engineer.id,
        comment: 'For approval',
        reviewers: [optionOf(people.checker)],
        approvers: [optionOf(people.manager)],
        suitability: 'S2',
        targetSuitability: 'A1',
        documentName: 'PS-PID-0001.pdf',
        uploadFolderId: folders['Published/Drawings'],
        projectName: 'Inlet works',
      });
      const workflow = await penstock.app.inject({
        method: 'POST',
        url: '/api/workflow',
        payload,
        headers: { ...headers, cookie: people.engineer.cookie },
      });
      expect(workflow.statusCode, workflow.body).toBe(201);

      // under review, the drawing cannot be issued again over it: 409, nothing written
      const before = await rowCounts(penstock.database.db);
      const held = await call('POST', `${sketchUrl(saved.id)}/issue`, 'engineer', issueBody());
      expect(held.statusCode).toBe(409);
      expect(await rowCounts(penstock.database.db)).toEqual(before);
    });

    it('prints A1 and A0 sheets at their ISO sizes, the next revision in the revision box', async () => {
      const saved = (await save('Sizes', '', LISTS.Texts)).json<{ id: string }>();
      for (const [sheet, revision] of [
        ['A1', 'P01.01'],
        ['A0', 'P01.02'],
      ] as const) {
        const issued = await call('POST', `${sketchUrl(saved.id)}/issue`, 'engineer', {
          ...issueBody({
            sheet,
            folderId: folders['WIP/Process'],
            drawingNumber: 'PS-PID-0002',
            drawnBy: `${sheet} Drafter`,
            description: `For the ${sheet} set`,
          }),
        });
        expect(issued.statusCode, issued.body).toBe(201);
        const answer = issued.json<SketchIssueAnswer>();
        expect(answer).toMatchObject({ revision, suitability: 'S0' });
        const bytes = (await call('GET', `/api/versions/${answer.files[0]!.versionId}/content`, 'engineer'))
          .rawPayload;
        const pdf = await readPdf(bytes);
        expect(pdf.width).toBeCloseTo(sheetPoints(sheet).width, 0);
        expect(pdf.height).toBeCloseTo(sheetPoints(sheet).height, 0);
        expect(pdf.text).toContain(revision);
        // the revision box: the earlier issue's row as it was printed then
        if (sheet === 'A0')
          for (const text of ['P01.01', 'A1 Drafter', 'For the A1 set']) expect(pdf.text).toContain(text);
      }
      // each issue recorded with the sketch version it printed and the PDF version it made
      const issues = await penstock.database.db
        .selectFrom('pid_sketch_issues')
        .selectAll()
        .where('drawing_number', '=', 'PS-PID-0002')
        .orderBy('issued_at')
        .execute();
      expect(
        issues.map((issue) => [issue.sheet, issue.revision, issue.drawn_by, issue.sketch_version]),
      ).toEqual([
        ['A1', 'P01.01', 'A1 Drafter', 1],
        ['A0', 'P01.02', 'A0 Drafter', 1],
      ]);
      expect(issues[0]!.sketch_id).toBe(saved.id);
    });

    it('refuses bad input with 400, strangers and viewers with 403, stale codes with 409, writing nothing', async () => {
      const saved = (await save('Refusals', '', LISTS.Texts)).json<{ id: string; updatedAt: string }>();
      const url = `${sketchUrl(saved.id)}/issue`;
      const body = (overrides: object = {}) => issueBody({ drawingNumber: 'PS-PID-0009', ...overrides });
      const before = await rowCounts(penstock.database.db);
      for (const bad of [
        body({ sheet: 'A4' }),
        body({ drawingNumber: '' }),
        body({ drawingNumber: '../escape' }),
        body({ title: '' }),
        body({ drawnBy: '' }),
        body({ folderId: 'nope' }),
        body({ extra: 1 }),
      ]) {
        const response = await call('POST', url, 'engineer', bad);
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
        expect(typeof response.json().error).toBe('string');
      }
      expect((await call('POST', url, 'viewer', body())).statusCode).toBe(403);
      expect((await call('POST', url, 'outsider', body())).statusCode).toBe(404);
      expect((await penstock.app.inject({ method: 'POST', url, payload: body() })).statusCode).toBe(401);
      // Published is changed by hand only by managers
      expect(
        (await call('POST', url, 'engineer', body({ folderId: folders['Published/Drawings'] }))).statusCode,
      ).toBe(403);
      // a folder of another project, a sketch that is not there
      const other = await penstock.createProject('Elsewhere', [
        { userId: people.engineer.id, role: 'member' },
      ]);
      expect(
        (await call('POST', url, 'engineer', body({ folderId: other.folders['WIP/Civil'] }))).statusCode,
      ).toBe(404);
      expect(
        (
          await call(
            'POST',
            `${sketchUrl('s.00000000-0000-4000-8000-000000000000')}/issue`,
            'engineer',
            body(),
          )
        ).statusCode,
      ).toBe(404);
      // codes the folder does not give, a sketch saved since it was opened
      const wrongRevision = await call('POST', url, 'engineer', body({ revision: 'P07' }));
      expect(wrongRevision.statusCode).toBe(409);
      expect(wrongRevision.json().error).toMatch(/next revision in this folder is P01/);
      expect((await call('POST', url, 'engineer', body({ suitability: 'A1' }))).statusCode).toBe(409);
      expect(
        (await call('POST', url, 'engineer', body({ baseUpdatedAt: '2020-01-01T00:00:00.000Z' }))).statusCode,
      ).toBe(409);
      const counts = await rowCounts(penstock.database.db);
      delete counts.projects;
      delete counts.folders;
      delete counts.project_members;
      const expected = { ...before };
      delete expected.projects;
      delete expected.folders;
      delete expected.project_members;
      expect(counts).toEqual(expected);
    });

    it("checks the drawing number against the project's naming standard, as an upload is checked", async () => {
      const standard = await call('PUT', `/api/projects/${projectId}/info-standard`, 'manager', {
        standard: WATER_FRAMEWORK_STANDARD,
      });
      expect(standard.statusCode, standard.body).toBe(200);
      const saved = (await save('Named', '', LISTS.Texts)).json<{ id: string }>();
      const url = `${sketchUrl(saved.id)}/issue`;
      const preview = await call(
        'GET',
        `${url}?folderId=${folders['Shared/Civil']}&drawingNumber=not-a-container-name`,
        'engineer',
      );
      expect(preview.json().nameProblem).toMatch(/does not follow the project's naming standard/);
      const before = await rowCounts(penstock.database.db);
      const refused = await call(
        'POST',
        url,
        'engineer',
        issueBody({ folderId: folders['Shared/Civil'], drawingNumber: 'not-a-container-name' }),
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatch(/naming standard/);
      expect(await rowCounts(penstock.database.db)).toEqual(before);
      // work in progress: stored, with the standard's warning
      const warned = await call(
        'POST',
        url,
        'engineer',
        issueBody({ folderId: folders['WIP/Mechanical'], drawingNumber: 'not-a-container-name' }),
      );
      expect(warned.statusCode, warned.body).toBe(201);
      expect(warned.json().nameWarning).toMatch(/naming standard/);
    });

    it('writes nothing when a step fails part-way: the second file, the first file in the same transaction', async () => {
      const saved = (await save('Half', '', LISTS.Texts)).json<{ id: string }>();
      const sketches = new SketchesService(new SketchesRepo(penstock.database.db), penstock.access);
      let recorded = 0;
      const failingFiles = new Proxy(penstock.files, {
        get(target, property, receiver) {
          if (property === 'recordFile')
            return (...args: Parameters<typeof target.recordFile>) => {
              recorded += 1;
              if (recorded === 2) throw new Error('The disk filled up');
              return target.recordFile(...args);
            };
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const service = sketchIssueService(
        penstock.database.db,
        {
          documentsRepo: penstock.documentsRepo,
          files: failingFiles,
          blobs: penstock.blobs,
          projects: { projectName: async () => 'Inlet works' } as never,
          sketches,
          access: penstock.access,
        },
        { webDistDir: '/nowhere' },
      );
      const user = {
        id: people.engineer.id,
        name: 'Issue engineer',
        email: people.engineer.email,
        picture: null,
        roles: [],
      };
      await expect(
        service.issue(user, projectId, saved.id, {
          ...issueBody({ folderId: folders['WIP/Civil'], drawingNumber: 'PS-PID-0003' }),
          checkedBy: '',
          description: '',
        } as never),
      ).rejects.toThrow('The disk filled up');
      expect(recorded).toBe(2);
      expect((await filesIn('WIP/Civil')).map((node) => node.text)).toEqual([]);
    });
  });
}
