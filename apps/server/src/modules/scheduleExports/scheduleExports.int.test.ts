import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import type { StaticRecord, TreeNode } from '@penstock/shared';
import { createTestPenstock, multipartFile, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { isScheduled, scheduleColumns, type ScheduleType } from '@penstock/shared';

const PROJECT = 'Schedules Project';
const FILE = 'RWTW-PID-005.ifc';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** multipart/form-data with plain fields, as the spec's clients send them */
function fields(values: Record<string, string>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  const parts = Object.entries(values).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function readSheet(content: Buffer): Promise<{ name: string; rows: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const value = row.getCell(c).value;
      cells.push(value === null || value === undefined ? '' : String(value));
    }
    rows.push(cells);
  });
  return { name: sheet.name, rows };
}

for (const kind of await testDatabases()) {
  describe(`schedules (${kind})`, () => {
    let penstock: TestPenstock;
    let member: string;
    let viewer: string;
    let outsider: string;
    let schedulesFolder: string;
    let records: StaticRecord[];

    const upload = async (folderId: string, fileName: string, content: Buffer) => {
      const { payload, headers } = multipartFile(fileName, content);
      const response = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${folderId}/files`,
        payload,
        headers: { ...headers, cookie: member },
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ version: { id: string } }>().version.id;
    };
    const report = (values: Record<string, string>, cookie = member, path = 'getreport') => {
      const { payload, headers } = fields(values);
      return penstock.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload,
        headers: { ...headers, cookie },
      });
    };
    const schedule = (ScheduleType: string, extra: Record<string, string> = {}) => ({
      ProjectName: PROJECT,
      ScheduleType,
      ScheduleCategories: '[]',
      FileName: FILE,
      ...extra,
    });
    const tree = async (id: string) =>
      (
        await penstock.app.inject({ method: 'GET', url: `/api/tree?id=${id}`, headers: { cookie: member } })
      ).json<TreeNode[]>();

    /** the first record of each schedule's categories */
    const sample = (type: ScheduleType) => records.find((r) => isScheduled(type, r.category))!;

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const a = await penstock.createUser({ name: 'Member' });
      const b = await penstock.createUser({ name: 'Viewer' });
      const c = await penstock.createUser({ name: 'Outsider' });
      const project = await penstock.createProject(PROJECT, [
        { userId: a.id, role: 'member' },
        { userId: b.id, role: 'viewer' },
      ]);
      await penstock.createProject('Outsider Project', [{ userId: c.id, role: 'manager' }]);
      schedulesFolder = project.folders['Published/Schedules']!;
      member = await penstock.signIn(a.email);
      viewer = await penstock.signIn(b.email);
      outsider = await penstock.signIn(c.email);

      const versionId = await upload(
        project.folders['WIP/Process']!,
        FILE,
        Buffer.from(generatePlantIfc({ elements: 200, seed: 5 })),
      );
      await penstock.jobs.idle();
      const response = await penstock.app.inject({
        method: 'GET',
        url: `/api/models/${versionId}/records`,
        headers: { cookie: member },
      });
      expect(response.statusCode).toBe(200);
      records = response.json<{ static: StaticRecord[] }>().static;

      const dynamic = (type: ScheduleType, values: Record<string, string>) => {
        const record = sample(type);
        expect(record, type).toBeDefined();
        return {
          projectName: PROJECT,
          fileName: FILE,
          tag: record.tag,
          guId: record.guId,
          category: record.category,
          locked: false,
          propValueList: Object.entries(values).map(([propName, propValue]) => ({ propName, propValue })),
        };
      };
      const { payload, headers } = fields({
        Data: JSON.stringify([
          dynamic('valve_schedule', { Status: 'Locked Closed', Note: 'valve note' }),
          dynamic('equipment_schedule', { Manufacturer: 'Grundfos', 'Serial Number': 'SN-42' }),
          dynamic('instrument_schedule', { 'Supply Voltage': '24', 'MCC Ref': 'MCC-1' }),
          dynamic('pipeline_schedule', { 'MDP (barg)': '10', 'Type of Pressure Test': 'Hydrostatic' }),
        ]),
      });
      const saved = await penstock.app.inject({
        method: 'POST',
        url: '/api/savedynamic',
        payload,
        headers: { ...headers, cookie: member },
      });
      expect(saved.statusCode).toBe(200);
    }, 120_000);
    afterAll(async () => {
      await penstock?.destroy();
    });

    const saved: Array<[ScheduleType, string, string, string]> = [
      ['valve_schedule', 'Tag', 'Status', 'Locked Closed'],
      ['equipment_schedule', 'Tag', 'Manufacturer', 'Grundfos'],
      ['instrument_schedule', 'Tag', 'MCC Ref', 'MCC-1'],
      ['pipeline_schedule', 'Line Number', 'MDP (barg)', '10'],
      ['pressure_test_schedule', 'Line Number', 'Type of Pressure Test', 'Hydrostatic'],
      ['sap', 'Tag', 'Serial Number', 'SN-42'],
    ];

    it.each(saved)('writes the %s workbook with the stored values', async (type, key, column, value) => {
      const response = await report(schedule(type), member, type === 'sap' ? 'getsapreport' : 'getreport');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe(XLSX);
      expect(String(response.headers['content-disposition'])).toMatch(
        /^attachment; filename="RWTW-PID-005 - /,
      );
      const itemId = String(response.headers['x-penstock-item-id']);
      expect(itemId).toMatch(/^i\./);

      const sheet = await readSheet(response.rawPayload);
      const [header, ...rows] = sheet.rows;
      expect(header).toEqual(scheduleColumns(type));
      expect(rows.length).toBeGreaterThan(0);
      const keyIndex = header!.indexOf(key);
      const valueIndex = header!.indexOf(column);
      const record = sample(type === 'pressure_test_schedule' ? 'pipeline_schedule' : type);
      const keyOf = type === 'sap' ? sample('equipment_schedule').tag : record.tag;
      const row = rows.find((r) => r[keyIndex] === keyOf);
      expect(row, `${type} row of ${keyOf}`).toBeDefined();
      expect(row![valueIndex]).toBe(value);
      const drawing = header!.indexOf('PID Drawing No.');
      if (drawing >= 0) for (const r of rows) expect(r[drawing]).toBe('RWTW-PID-005');
      // one row per tag (or line) of the schedule's categories
      const keys = new Set(rows.map((r) => r[keyIndex]));
      expect(keys.size).toBe(rows.length);
      if (key === 'Tag') {
        const expected = new Set(records.filter((r) => isScheduled(type, r.category)).map((r) => r.tag));
        expect(keys).toEqual(expected);
      }

      const listing = await tree(schedulesFolder);
      expect(listing.find((node) => node.id === itemId)?.text).toBe(
        String(response.headers['content-disposition']).match(/filename="([^"]+)"/)![1],
      );
    });

    it('derives the instrument and pipeline columns', async () => {
      const instruments = await readSheet((await report(schedule('instrument'))).rawPayload);
      const header = instruments.rows[0]!;
      const row = instruments.rows.find(
        (r) => r[header.indexOf('Tag')] === sample('instrument_schedule').tag,
      )!;
      expect(row[header.indexOf('Supply Voltage')]).toBe('24');
      expect(row[header.indexOf('Process Range')]).toMatch(/^(\S+-\S+|Not Specified)$/);

      const pipelines = await readSheet((await report(schedule('pipeline_schedule'))).rawPayload);
      const lengths = pipelines.rows
        .slice(1)
        .map((r) => Number(r[pipelines.rows[0]!.indexOf('Line Length (mm)')]));
      expect(lengths.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
      expect(pipelines.name).toBe('Pipeline Schedule');
    });

    it('freezes the header and first two columns, and lists the dropdown choices', async () => {
      const workbook = new ExcelJS.Workbook();
      const response = await report(schedule('valve_schedule'));
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.name).toBe('Valve Schedule');
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', xSplit: 2, ySplit: 1 });
      expect(sheet.getRow(1).font?.bold).toBe(true);
      const status = (sheet.getRow(1).values as unknown[]).indexOf('Status');
      expect(sheet.getCell(2, status).dataValidation).toMatchObject({
        type: 'list',
        formulae: ['"Normally Open,Normally Closed,Locked Open,Locked Closed,Modulating"'],
      });
      // the validation covers every data row (one range per column) and nothing below them
      expect(sheet.getCell(sheet.rowCount, status).dataValidation).toMatchObject({ type: 'list' });
      expect(sheet.getCell(sheet.rowCount + 1, status).dataValidation).toBeUndefined();
    });

    it('creates Published/Schedules in a project without it', async () => {
      const user = await penstock.createUser();
      const bare = await penstock.projectsRepo.createProject('Bare Project', [{ name: 'WIP', children: [] }]);
      await penstock.projectsRepo.upsertMember(bare.id, user.id, 'manager');
      const cookie = await penstock.signIn(user.email);
      const [wip] = await penstock.documentsRepo.childFolders(bare.id, null);
      const { payload, headers } = multipartFile(
        FILE,
        Buffer.from(generatePlantIfc({ elements: 60, seed: 2 })),
      );
      const uploaded = await penstock.app.inject({
        method: 'POST',
        url: `/api/folders/${wip!.id}/files`,
        payload,
        headers: { ...headers, cookie },
      });
      expect(uploaded.statusCode).toBe(201);
      await penstock.jobs.idle();
      const response = await report(schedule('sap', { ProjectName: 'Bare Project' }), cookie, 'getsapreport');
      expect(response.statusCode, response.body).toBe(200);
      const published = (await penstock.documentsRepo.childFolders(bare.id, null)).find(
        (f) => f.name === 'Published',
      )!;
      const [schedules] = await penstock.documentsRepo.childFolders(bare.id, published.id);
      expect(schedules?.name).toBe('Schedules');
      const items = await penstock.documentsRepo.itemsInFolder(schedules!.id);
      expect(items.map((i) => i.id)).toEqual([String(response.headers['x-penstock-item-id'])]);
      expect(items[0]!.name).toBe('RWTW-PID-005 - SAP Schedule.xlsx');
    }, 60_000);

    it('stores each call as a new version of the schedule file', async () => {
      const first = await report(schedule('equipment_schedule'));
      const second = await report(schedule('equipment_schedule'));
      const itemId = String(second.headers['x-penstock-item-id']);
      expect(String(first.headers['x-penstock-item-id'])).toBe(itemId);
      const versions = await penstock.app.inject({
        method: 'GET',
        url: `/api/items/${itemId}/versions`,
        headers: { cookie: member },
      });
      const list = versions.json<Array<{ number: number; fileName: string }>>();
      expect(list[0]).toMatchObject({ fileName: 'RWTW-PID-005 - Equipment Schedule.xlsx' });
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list[0]!.number).toBe(list.length);
    });

    it('refuses bad input, outsiders and viewers', async () => {
      const bad = await report(schedule('boiler_schedule'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/ScheduleType/);
      expect((await report(schedule('valve_schedule'), member, 'getsapreport')).statusCode).toBe(400);
      expect((await report(schedule('valve', { ScheduleCategories: '{oops' }))).statusCode).toBe(400);
      expect((await report(schedule('valve_schedule'), outsider)).json()).toEqual({
        error: 'Project name not found',
      });
      expect((await report(schedule('valve_schedule'), outsider)).statusCode).toBe(404);
      expect((await report(schedule('valve_schedule'), viewer)).statusCode).toBe(403);
      const missing = await report(schedule('valve_schedule', { FileName: 'nope.ifc' }));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Selected File Could Not Be Found' });
      const notSignedIn = await report(schedule('valve_schedule'), '');
      expect(notSignedIn.statusCode).toBe(401);
    });
  });
}
