import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WATER_FRAMEWORK_STANDARD,
  type BulkUploadReport,
  type Deliverable,
  type ProjectInfoStandard,
  type ProjectRegister,
} from '@penstock/shared';
import {
  createTestPenstock,
  multipartFile,
  rowCounts,
  testDatabases,
  type TestPenstock,
} from '../../test/harness.ts';
import { jsonField } from '../../test/access/accessFixture.ts';
import { multipartBody } from '../supplier/supplier.testing.ts';

/** Container names, the register, bulk upload with a register and the delivery plan (issue 35 §1, §2). */
const PDF = fs.readFileSync('/work/shared/fixtures/pdf/issue21570.pdf');
const PDF_2 = fs.readFileSync('/work/shared/fixtures/pdf/Test-plusminus.pdf');

async function sheet(header: string[], rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Register');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

type Who = 'member' | 'manager' | 'viewer' | 'admin' | 'outsider';

for (const kind of await testDatabases()) {
  describe(`container names and the register (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    let folders: Record<string, string>;
    const people = {} as Record<Who, { id: string; email: string; cookie: string }>;

    const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who: Who, payload?: unknown) =>
      penstock.app.inject({
        method,
        url,
        headers: { cookie: people[who].cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const upload = (folder: string, name: string, content: Buffer = PDF, who: Who = 'member') => {
      const { payload, headers } = multipartFile(name, content);
      return penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${folders[folder]}/files`,
        payload,
        headers: { ...headers, cookie: people[who].cookie },
      });
    };
    const move = (stored: { item: { id: string }; version: { id: string } }, folder: string) => {
      const { payload, headers } = jsonField({
        projectId,
        documentId: stored.version.id,
        itemId: stored.item.id,
        uploadFolderId: folders[folder],
      });
      return penstock.app.inject({
        method: 'POST',
        url: '/api/workflow/move',
        payload,
        headers: { ...headers, cookie: people.member.cookie },
      });
    };
    const bulk = (folder: string, register: Buffer, files: Array<[string, Buffer]>, query = '') => {
      const { payload, headers } = multipartBody({}, [
        { field: 'register', name: 'register.xlsx', content: register },
        ...files.map(([name, content]) => ({ field: 'file', name, content })),
      ]);
      return penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${folders[folder]}/bulk-upload${query}`,
        payload,
        headers: { ...headers, cookie: people.member.cookie },
      });
    };
    const register = async (query = '') =>
      (await call('GET', `/api/projects/${projectId}/register${query}`, 'viewer')).json<ProjectRegister>();

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      for (const who of ['member', 'manager', 'viewer', 'admin', 'outsider'] as const) {
        const user = await penstock.createUser({
          name: `Names ${who}`,
          ...(who === 'admin' ? { roles: ['administrator' as const] } : {}),
        });
        people[who] = { ...user, cookie: await penstock.signIn(user.email) };
      }
      const project = await penstock.createProject('Names works', [
        { userId: people.member.id, role: 'member' },
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

    it('checks no names until a manager saves the standard; members read it, only managers write it', async () => {
      // a file from before the standard stays where it is, reported by the register later
      expect((await upload('Shared/Civil', 'old drawing.pdf')).statusCode).toBe(201);
      const initial = (
        await call('GET', `/api/projects/${projectId}/info-standard`, 'viewer')
      ).json<ProjectInfoStandard>();
      expect(initial.configured).toBe(false);
      expect(initial.standard.fields.map((f) => f.label)).toEqual([
        'Project',
        'Originator',
        'Volume/System',
        'Level/Location',
        'Type',
        'Role',
        'Number',
      ]);
      expect((await call('GET', `/api/projects/${projectId}/info-standard`, 'outsider')).statusCode).toBe(
        404,
      );
      const standard = {
        ...WATER_FRAMEWORK_STANDARD,
        fields: WATER_FRAMEWORK_STANDARD.fields.map((field) =>
          field.key === 'project' ? { ...field, codes: [{ code: 'NW', description: 'Names works' }] } : field,
        ),
      };
      const refused = await call('PUT', `/api/projects/${projectId}/info-standard`, 'member', { standard });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: "Only project managers can change the project's information standard",
      });
      const bad = await call('PUT', `/api/projects/${projectId}/info-standard`, 'manager', {
        standard: { fields: [] },
      });
      expect(bad.statusCode).toBe(400);
      const saved = await call('PUT', `/api/projects/${projectId}/info-standard`, 'manager', { standard });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<ProjectInfoStandard>().configured).toBe(true);
    });

    it('warns in WIP and refuses into Shared or Published, naming the field and its codes', async () => {
      const good = await upload('WIP/Civil', 'NW-ACM-ZZ-00-DR-C-0001.pdf');
      expect(good.statusCode).toBe(201);
      expect(good.json().nameWarning).toBeUndefined();
      const loose = await upload('WIP/Civil', 'NW-ACM-ZZ-00-DR-Q-0002.pdf', PDF_2);
      expect(loose.statusCode).toBe(201);
      expect(loose.json().nameWarning).toBe(
        "'NW-ACM-ZZ-00-DR-Q-0002.pdf' does not follow the project's naming standard: Role 'Q' is not in the code list: use one of A, C, E, M, P, S, W, X, K",
      );
      const before = await rowCounts(penstock.database.db);
      const moved = await move(loose.json(), 'Shared/Civil');
      expect(moved.statusCode).toBe(422);
      expect(moved.json().error).toBe(
        "'NW-ACM-ZZ-00-DR-Q-0002.pdf' does not follow the project's naming standard: Role 'Q' is not in the code list: use one of A, C, E, M, P, S, W, X, K. Rename it before it goes into Shared.",
      );
      const direct = await upload('Shared/Civil', 'XX-ACM-ZZ-00-DR-C-0003.pdf');
      expect(direct.statusCode).toBe(422);
      expect(direct.json().error).toContain("Project 'XX' is not in the code list: use one of NW");
      expect(await rowCounts(penstock.database.db)).toEqual(before);
      expect((await move(good.json(), 'Shared/Civil')).statusCode).toBe(200);
    });

    it('lets an administrator relax the check for the project: then a warning only', async () => {
      const url = `/api/projects/${projectId}/info-standard/relaxed`;
      expect((await call('PUT', url, 'manager', { relaxed: true })).statusCode).toBe(403);
      expect((await call('PUT', url, 'admin', { relaxed: true })).json<ProjectInfoStandard>().relaxed).toBe(
        true,
      );
      const relaxed = await upload('Shared/Civil', 'loose name.pdf', PDF_2);
      expect(relaxed.statusCode).toBe(201);
      expect(relaxed.json().nameWarning).toContain('The name has 1 field');
      expect((await call('PUT', url, 'admin', { relaxed: false })).statusCode).toBe(200);
    });

    it('lists the register with parsed fields, titles, filters and an XLSX', async () => {
      const all = await register();
      const good = all.rows.find((row) => row.name === 'NW-ACM-ZZ-00-DR-C-0001.pdf')!;
      expect(good).toMatchObject({ state: 'Shared', suitability: 'S0', conforms: true });
      expect(good.fields.role).toBe('C');
      expect(all.rows.find((row) => row.name === 'old drawing.pdf')!.conforms).toBe(false);
      expect(
        (await call('PUT', `/api/items/${good.itemId}/metadata`, 'viewer', { title: 'x' })).statusCode,
      ).toBe(403);
      const titled = await call('PUT', `/api/items/${good.itemId}/metadata`, 'member', {
        title: 'Inlet works general arrangement',
        description: 'Plan',
      });
      expect(titled.statusCode, titled.body).toBe(200);
      const filtered = await register('?conforms=yes&q=inlet');
      expect(filtered.rows.map((row) => row.name)).toEqual(['NW-ACM-ZZ-00-DR-C-0001.pdf']);
      expect((await register('?state=WIP')).rows.every((row) => row.state === 'WIP')).toBe(true);
      // one folder's files: the project browser's list view
      const civil = await register(`?folderId=${folders['Shared/Civil']}`);
      expect(civil.rows.map((row) => row.name).sort()).toEqual([
        'NW-ACM-ZZ-00-DR-C-0001.pdf',
        'loose name.pdf',
        'old drawing.pdf',
      ]);
      expect(civil.rows.find((row) => row.name === 'NW-ACM-ZZ-00-DR-C-0001.pdf')!.title).toBe(
        'Inlet works general arrangement',
      );
      const foreign = await call('GET', `/api/projects/${projectId}/register?folderId=f.elsewhere`, 'viewer');
      expect([foreign.statusCode, foreign.json()]).toEqual([
        400,
        { error: 'folderId: not a folder of this project' },
      ]);

      const xlsx = await call('GET', `/api/projects/${projectId}/register.xlsx`, 'viewer');
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const ws = book.getWorksheet('Register')!;
      expect(ws.getRow(1).getCell(1).value).toBe('File name');
      const names = ws.getColumn(1).values.slice(2);
      expect(names).toContain('NW-ACM-ZZ-00-DR-C-0001.pdf');
      expect((await call('GET', `/api/projects/${projectId}/register`, 'outsider')).statusCode).toBe(404);
    });

    it('bulk-uploads with a register: row-by-row report, nothing stored on a bad row, all stored otherwise', async () => {
      const header = ['File name', 'Title', 'Type'];
      const files: Array<[string, Buffer]> = [
        ['NW-ACM-PT-00-DR-P-0101.pdf', PDF],
        ['NW-ACM-PT-00-SP-P-0102.pdf', PDF_2],
      ];
      const before = await rowCounts(penstock.database.db);
      const badSheet = await sheet(header, [
        ['NW-ACM-PT-00-DR-P-0101.pdf', 'Primary tanks GA', 'DR'],
        ['NW-ACM-PT-00-SP-P-0102.pdf', 'Tank specification', 'DR'],
      ]);
      const bad = await bulk('Shared/Process', badSheet, files);
      expect(bad.statusCode).toBe(422);
      const report = bad.json<BulkUploadReport & { error: string }>();
      expect(report.stored).toBe(false);
      expect(report.rows.map((row) => row.ok)).toEqual([true, false]);
      expect(report.rows[1]!.problems).toEqual(["Type is 'DR' in the register but 'SP' in the name"]);
      expect(await rowCounts(penstock.database.db)).toEqual(before);

      const goodSheet = await sheet(header, [
        ['NW-ACM-PT-00-DR-P-0101.pdf', 'Primary tanks GA', 'DR'],
        ['NW-ACM-PT-00-SP-P-0102.pdf', 'Tank specification', 'SP'],
      ]);
      const checked = await bulk('Shared/Process', goodSheet, files, '?check=1');
      expect(checked.statusCode).toBe(200);
      expect(checked.json<BulkUploadReport>().stored).toBe(false);
      expect(await rowCounts(penstock.database.db)).toEqual(before);

      // into WIP a name that breaks the standard passes, with the upload's warning
      const loose = await bulk(
        'WIP/Civil',
        await sheet(header, [['loose wip.pdf', 'Sketch', '']]),
        [['loose wip.pdf', PDF]],
        '?check=1',
      );
      expect(loose.statusCode, loose.body).toBe(200);
      expect(loose.json<BulkUploadReport>().rows).toEqual([
        {
          row: 2,
          fileName: 'loose wip.pdf',
          ok: true,
          problems: [],
          warnings: [
            expect.stringContaining("'loose wip.pdf' does not follow the project's naming standard"),
          ],
        },
      ]);

      const stored = await bulk('Shared/Process', goodSheet, files);
      expect(stored.statusCode, stored.body).toBe(201);
      const rows = (await register('?q=NW-ACM-PT')).rows;
      expect(rows.map((row) => [row.name, row.title]).sort()).toEqual([
        ['NW-ACM-PT-00-DR-P-0101.pdf', 'Primary tanks GA'],
        ['NW-ACM-PT-00-SP-P-0102.pdf', 'Tank specification'],
      ]);

      const missing = await bulk(
        'Shared/Process',
        await sheet(header, [['NW-ACM-PT-00-DR-P-0103.pdf', 'x', '']]),
        [['bad name.pdf', PDF]],
      );
      expect(missing.statusCode).toBe(422);
      expect(missing.json<BulkUploadReport>().rows.flatMap((row) => row.problems)).toEqual([
        "No file named 'NW-ACM-PT-00-DR-P-0103.pdf' was sent",
        "'bad name.pdf' has no row in the register",
      ]);
      const { payload, headers } = multipartBody({}, [
        { field: 'register', name: 'r.xlsx', content: goodSheet },
      ]);
      const viewer = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${folders['WIP/Civil']}/bulk-upload`,
        payload,
        headers: { ...headers, cookie: people.viewer.cookie },
      });
      expect(viewer.statusCode).toBe(403);
    });

    it('plans deliverables, matches them to containers and lists a person’s own in the hub', async () => {
      const url = `/api/projects/${projectId}/deliverables`;
      const planned = {
        name: 'NW-ACM-PT-00-DR-P-0101.pdf',
        title: 'Primary tanks GA',
        responsible: people.member.email,
        plannedSuitability: 'S2',
        dueDate: '2099-01-01',
      };
      expect((await call('POST', url, 'member', planned)).statusCode).toBe(403);
      expect((await call('POST', url, 'manager', { ...planned, dueDate: 'soon' })).statusCode).toBe(400);
      const added = await call('POST', url, 'manager', planned);
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json<Deliverable>()).toMatchObject({
        status: 'delivered',
        responsibleUserId: people.member.id,
      });
      await call('POST', url, 'manager', {
        ...planned,
        name: 'NW-ACM-PT-00-DR-P-0999.pdf',
        dueDate: '2020-01-01',
      });

      const before = await rowCounts(penstock.database.db);
      const header = ['Name', 'Title', 'Responsible', 'Planned suitability', 'Due date'];
      const importSheet = (content: Buffer) => {
        const { payload, headers } = multipartFile('plan.xlsx', content);
        return penstock.app.inject({
          method: 'POST',
          url: `${url}/import`,
          payload,
          headers: { ...headers, cookie: people.manager.cookie },
        });
      };
      const bad = await importSheet(
        await sheet(header, [
          ['NW-ACM-PT-00-SP-P-0102.pdf', 'Spec', people.member.email, 'S2', '2099-02-01'],
          ['NW-ACM-PT-00-CA-P-0103.pdf', 'Calc', 'ACM', 'Z9', '2099-02-01'],
        ]),
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.json().rows[1].problems[0]).toContain('plannedSuitability');
      expect(await rowCounts(penstock.database.db)).toEqual(before);
      const good = await importSheet(
        await sheet(header, [['NW-ACM-PT-00-CA-P-0103.pdf', 'Calc', 'ACM', 'S3', '2099-02-01']]),
      );
      expect(good.statusCode, good.body).toBe(201);

      const list = (await call('GET', url, 'viewer')).json<Deliverable[]>();
      expect(list.map((d) => [d.name, d.status])).toEqual([
        ['NW-ACM-PT-00-DR-P-0999.pdf', 'late'],
        ['NW-ACM-PT-00-DR-P-0101.pdf', 'delivered'],
        ['NW-ACM-PT-00-CA-P-0103.pdf', 'not started'],
      ]);
      const mine = (await call('GET', '/api/hub/deliverables', 'member')).json<Deliverable[]>();
      expect(mine.map((d) => d.name).sort()).toEqual([
        'NW-ACM-PT-00-DR-P-0101.pdf',
        'NW-ACM-PT-00-DR-P-0999.pdf',
      ]);
      expect((await call('GET', '/api/hub/deliverables', 'viewer')).json()).toEqual([]);
      expect((await call('DELETE', `/api/deliverables/${list[0]!.id}`, 'member')).statusCode).toBe(403);
      expect((await call('DELETE', `/api/deliverables/${list[0]!.id}`, 'manager')).statusCode).toBe(200);
    });
  });
}
