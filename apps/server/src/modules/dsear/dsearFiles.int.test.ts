import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DsearAttachment, DsearEntry } from '@penstock/shared';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';

/** Issue 31: a zone type more than once, the register's export with filters, an entry's attachments. */
const PROJECT = 'Riverside Test Works';
const OTHER = 'Hillside Reservoir';
// a real drawing: one FreeCAD TechDraw page, from pdf.js's test files (the shared fixtures beside the repo)
const DRAWING = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/pdf/issue21570.pdf'),
);

for (const kind of await testDatabases()) {
  describe(`DSEAR register files (${kind})`, () => {
    let penstock: TestPenstock;
    const cookies: Record<string, string> = {};
    const emails: Record<string, string> = {};
    let riverside: DsearEntry;
    let hillside: DsearEntry;

    const save = async (who: string, data: Record<string, unknown>) =>
      penstock.app.inject({
        method: 'POST',
        url: '/api/dsear/saveOrCreate',
        payload: `formData=${encodeURIComponent(JSON.stringify(data))}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies[who]! },
      });
    const get = (url: string, who: string | null) =>
      penstock.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who]! } : {} });
    const attach = (dsearId: string, who: string, fileName = 'HAC drawing.pdf', content = DRAWING) => {
      const { payload, headers } = multipartFile(fileName, content);
      return penstock.app.inject({
        method: 'POST',
        url: `/api/dsear/${dsearId}/attachments`,
        payload,
        headers: { ...headers, cookie: cookies[who]! },
      });
    };
    const workbookOf = async (body: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body as unknown as ArrayBuffer);
      return workbook;
    };
    const projectsOf = (sheet: ExcelJS.Worksheet) =>
      sheet
        .getSheetValues()
        .slice(2)
        .map((row) => (row as unknown[])[1]);

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const make = async (key: string, name: string, roles: Parameters<TestPenstock['createUser']>[0]) => {
        const user = await penstock.createUser({ name, ...roles });
        emails[key] = user.email;
        cookies[key] = await penstock.signIn(user.email);
        return user.id;
      };
      const member = await make('member', 'Erin Walsh', {});
      const viewer = await make('viewer', 'Sam Carter', {});
      await make('outsider', 'Olive Outsider', {});
      await make('sdm', 'Sara Patel', { roles: ['senior_design_manager'] });
      await make('admin', 'Ada Admin', { roles: ['administrator'] });
      await penstock.createProject(PROJECT, [
        { userId: member, role: 'member' },
        { userId: viewer, role: 'viewer' },
      ]);
      await penstock.createProject(OTHER, [{ userId: member, role: 'manager' }]);
      const answers = { dsearIden: 'YES', dsearImp: 'YES', dsearSpec: 'YES', dsearApp: 'YES' };
      // two storm tank areas and two PSTs, each with its own rating: a zone type more than once
      const created = await save('member', {
        projectName: PROJECT,
        tm: 'Tom Hughes',
        sdms: [{ email: emails.sdm }],
        flidsRisk: 'Orange',
        dsearZone: [
          { zone: 'Storm Tanks', rating: 'Zone 1', other: '' },
          { zone: 'Storm Tanks', rating: 'Zone 2', other: 'Second tank' },
          { zone: 'PST', rating: 'Zone 2', other: '' },
        ],
        ...answers,
      });
      expect(created.statusCode, created.body).toBe(200);
      riverside = created.json();
      const other = await save('member', {
        projectName: OTHER,
        tm: 'Nia Brook',
        flidsRisk: 'Yellow',
        dsearZone: [{ zone: 'TPS', rating: 'Zone 2', other: '' }],
      });
      expect(other.statusCode, other.body).toBe(200);
      hillside = other.json();
    });
    afterAll(() => penstock.destroy());

    it('keeps a zone type recorded more than once, each line with its own rating', async () => {
      expect(riverside.dsearZone).toEqual([
        { zone: 'Storm Tanks', rating: 'Zone 1', other: '' },
        { zone: 'Storm Tanks', rating: 'Zone 2', other: 'Second tank' },
        { zone: 'PST', rating: 'Zone 2', other: '' },
      ]);
      const register = (await get('/api/dsear', 'member')).json() as DsearEntry[];
      expect(register.find((e) => e.id === riverside.id)?.dsearZone).toHaveLength(3);
    });

    it('exports the register to .xlsx with the filters applied, read back with exceljs', async () => {
      const all = await get('/api/dsear/export', 'outsider');
      expect(all.statusCode).toBe(200);
      expect(all.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(all.headers['content-disposition']).toContain('attachment');
      const everything = (await workbookOf(all.rawPayload)).getWorksheet('DSEAR Register')!;
      expect(everything.getRow(1).values).toEqual([
        undefined,
        'Project',
        'Date',
        'Technical Manager',
        'Senior Design Managers',
        'FLIDS Risk',
        'FLIDS Outcome',
        'DSEAR Zones',
        'DSEAR Ratings',
        'TM RAG',
        'Access',
      ]);
      expect(projectsOf(everything).sort()).toEqual([OTHER, PROJECT].sort());
      // someone without access gets the register lines, marked as the page marks them
      const access = everything
        .getSheetValues()
        .slice(2)
        .map((row) => (row as unknown[])[10]);
      expect(access).toContain('Access Required');

      // the same filters as the page: every selected zone present, any selected RAG
      const filtered = await get(
        '/api/dsear/export?zones=Storm%20Tanks&zones=PST&tmRag=AMBER&tmRag=GREEN',
        'member',
      );
      expect(filtered.statusCode).toBe(200);
      const workbook = await workbookOf(filtered.rawPayload);
      const sheet = workbook.getWorksheet('DSEAR Register')!;
      expect(projectsOf(sheet)).toEqual([PROJECT]);
      const row = sheet.getRow(2);
      expect(row.getCell(2).value).toBeInstanceOf(Date);
      expect(row.getCell(3).value).toBe('Tom Hughes');
      expect(row.getCell(4).value).toBe('Sara Patel (Pending)');
      expect(row.getCell(7).value).toBe('Storm Tanks, Storm Tanks: Second tank, PST');
      expect(row.getCell(8).value).toBe('Zone 1, Zone 2, Zone 2');
      expect(row.getCell(9).value).toBe('AMBER');
      expect(row.getCell(10).value).toBe('Yes');
      const about = workbook.getWorksheet('Filters')!;
      const lines = about.getSheetValues().map((line) => (line as unknown[] | undefined)?.slice(1, 3));
      expect(lines).toContainEqual(['DSEAR zones (all of)', 'Storm Tanks, PST']);
      expect(lines).toContainEqual(['TM RAG (any of)', 'AMBER, GREEN']);

      // the date filter is the user's calendar day: today in UTC+14 is tomorrow's date in UTC-12
      const today = new Date(riverside.date);
      const dayIn = (offset: number) =>
        new Date(today.getTime() - offset * 60_000).toISOString().slice(0, 10);
      const onDay = async (day: string, offset: number) =>
        projectsOf(
          (
            await workbookOf(
              (await get(`/api/dsear/export?date=${day}&tzOffset=${offset}`, 'member')).rawPayload,
            )
          ).getWorksheet('DSEAR Register')!,
        ).sort();
      expect(await onDay(dayIn(-840), -840)).toEqual([OTHER, PROJECT].sort());
      // 26 hours apart: never the same calendar day
      expect(await onDay(dayIn(-840), 720)).toEqual([]);

      // text filters: a project name that matches nothing gives a workbook with the header only
      const none = await get('/api/dsear/export?projectName=nowhere&tm=tom', 'member');
      expect(projectsOf((await workbookOf(none.rawPayload)).getWorksheet('DSEAR Register')!)).toEqual([]);
    });

    it('refuses a bad export filter with 400 and an export without a session with 401', async () => {
      const bad = await get('/api/dsear/export?date=yesterday', 'member');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/date must be yyyy-mm-dd/);
      const long = await get(`/api/dsear/export?tm=${'x'.repeat(600)}`, 'member');
      expect(long.statusCode).toBe(400);
      expect((await get('/api/dsear/export', null)).statusCode).toBe(401);
    });

    it("attaches a file as a document of the project's WIP/DSEAR folder, listed and opened", async () => {
      const added = await attach(riverside.id, 'member');
      expect(added.statusCode, added.body).toBe(201);
      const attachment = added.json() as DsearAttachment;
      expect(attachment).toMatchObject({
        fileName: 'HAC drawing.pdf',
        fileType: 'pdf',
        size: DRAWING.length,
        folderPath: 'WIP/DSEAR',
        addedBy: 'Erin Walsh',
        versionNumber: 1,
      });
      expect(attachment.itemId).toMatch(/^i\./);

      // it is a file of the document store: the project's members open it there too
      const stored = await get(`/api/items/${attachment.itemId}/content`, 'member');
      expect(stored.statusCode).toBe(200);
      expect(Buffer.compare(stored.rawPayload, DRAWING)).toBe(0);

      // the entry's readers list and open it: a member, the listed manager (not a member), an administrator
      for (const who of ['member', 'viewer', 'sdm', 'admin']) {
        const list = await get(`/api/dsear/${riverside.id}/attachments`, who);
        expect(list.statusCode, who).toBe(200);
        expect((list.json() as DsearAttachment[]).map((a) => a.itemId)).toEqual([attachment.itemId]);
        const content = await get(attachment.contentUrl, who);
        expect(content.statusCode, who).toBe(200);
        expect(content.headers['content-type']).toBe('application/pdf');
        expect(Buffer.compare(content.rawPayload, DRAWING)).toBe(0);
      }

      // the same name again is the file's next version, still one attachment
      const again = await attach(riverside.id, 'member');
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ itemId: attachment.itemId, versionNumber: 2 });
      const list = (
        await get(`/api/dsear/${riverside.id}/attachments`, 'member')
      ).json() as DsearAttachment[];
      expect(list).toHaveLength(1);
    });

    it('refuses attaching to viewers (403) and outsiders (404), and listing or opening to outsiders', async () => {
      const viewer = await attach(riverside.id, 'viewer', 'viewer.pdf');
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json().error).toBe('Viewers cannot save the DSEAR entry of this project');
      // a listed manager reviews the entry but is no member: they may not change it
      expect((await attach(riverside.id, 'sdm', 'sdm.pdf')).statusCode).toBe(404);
      expect((await attach(riverside.id, 'outsider', 'outsider.pdf')).statusCode).toBe(404);
      expect((await get(`/api/dsear/${riverside.id}/attachments`, 'outsider')).statusCode).toBe(404);
      const [first] = (
        await get(`/api/dsear/${riverside.id}/attachments`, 'member')
      ).json() as DsearAttachment[];
      expect((await get(first!.contentUrl, 'outsider')).statusCode).toBe(404);
      // the other project's entry does not list this project's file, nor serve it
      expect(
        (await get(`/api/dsear/${hillside.id}/attachments/${first!.itemId}/content`, 'member')).statusCode,
      ).toBe(404);
      const names = (
        (await get(`/api/dsear/${riverside.id}/attachments`, 'member')).json() as DsearAttachment[]
      ).map((a) => a.fileName);
      expect(names).toEqual(['HAC drawing.pdf']);
    });

    it('refuses bad attachment input with 400 and an unknown entry with 404', async () => {
      expect((await get('/api/dsear/not-an-id/attachments', 'member')).statusCode).toBe(400);
      const empty = await attach(riverside.id, 'member', 'empty.pdf', Buffer.alloc(0));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe('The file is empty');
      const noFile = await penstock.app.inject({
        method: 'POST',
        url: `/api/dsear/${riverside.id}/attachments`,
        payload: 'formData=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.member! },
      });
      expect(noFile.statusCode).toBe(400);
      const unknown = 'd.00000000-0000-4000-8000-000000000000';
      expect((await attach(unknown, 'member')).statusCode).toBe(404);
      expect((await get(`/api/dsear/${unknown}/attachments`, 'member')).statusCode).toBe(404);
    });
  });
}
