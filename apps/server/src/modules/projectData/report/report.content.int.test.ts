import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { isScheduled, scheduleColumns, type StaticRecord } from '@penstock/shared';
import {
  createTestPenstock,
  multipartFile,
  testDatabases,
  type TestPenstock,
} from '../../../test/harness.ts';
import { pdfPages } from '../../../test/pdfText.ts';

const PROJECT = 'Report Content Project';
const CHOSEN = 'RWTW-PID-101.ifc';
const LATEST = 'RWTW-PID-202.ifc';
const SERIAL = 'SN-REPORT-7';

/** The text between two headings of the report (pdf.js gives the page text in reading order). */
const between = (text: string, from: string, to: string) => {
  const start = text.indexOf(from);
  const end = text.indexOf(to, start + from.length);
  expect(start, from).toBeGreaterThanOrEqual(0);
  return text.slice(start, end < 0 ? undefined : end);
};

for (const kind of await testDatabases()) {
  describe(`project data and calculations report content (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    let member: string;
    let viewer: string;
    let memberId: string;
    const models: Record<string, { itemId: string; versionId: string }> = {};
    let equipmentTag = '';

    const post = (url: string, body: unknown, cookie = member) =>
      penstock.app.inject({ method: 'POST', url, payload: body as object, headers: { cookie } });
    const reportBody = (extra: Record<string, unknown> = {}) => ({
      userId: memberId,
      projectid: projectId,
      report_id: 'project_data_report',
      report_name: 'Project data and calculations report',
      bim360_folder_id: 'WIP/Reports',
      fileType: 'pdf',
      ...extra,
    });
    const reportText = async (extra: Record<string, unknown> = {}) => {
      const created = await post('/api/createreport', reportBody(extra));
      expect(created.statusCode, created.body).toBe(200);
      const pdf = await penstock.app.inject({
        method: 'GET',
        url: `/api/versions/${created.json().versionId}/content`,
        headers: { cookie: member },
      });
      return (await pdfPages(pdf.rawPayload)).join('\n');
    };

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const a = await penstock.createUser({ name: 'Report Member' });
      const b = await penstock.createUser({ name: 'Report Viewer' });
      memberId = a.id;
      const project = await penstock.createProject(PROJECT, [
        { userId: a.id, role: 'member' },
        { userId: b.id, role: 'viewer' },
      ]);
      projectId = project.id;
      member = await penstock.signIn(a.email);
      viewer = await penstock.signIn(b.email);

      // two converted models: the chosen one first, so the latest conversion is the other one
      for (const [fileName, seed] of [
        [CHOSEN, 11],
        [LATEST, 12],
      ] as const) {
        const { payload, headers } = multipartFile(
          fileName,
          Buffer.from(generatePlantIfc({ elements: 60, seed })),
        );
        const uploaded = await penstock.app.inject({
          method: 'POST',
          url: `/api/folders/${project.folders['WIP/Process']!}/files`,
          payload,
          headers: { ...headers, cookie: member },
        });
        expect(uploaded.statusCode).toBe(201);
        const { item, version } = uploaded.json<{ item: { id: string }; version: { id: string } }>();
        models[fileName] = { itemId: item.id, versionId: version.id };
        await penstock.jobs.idle();
      }
      const records = (
        await penstock.app.inject({
          method: 'GET',
          url: `/api/models/${models[CHOSEN]!.versionId}/records`,
          headers: { cookie: member },
        })
      ).json<{ static: StaticRecord[] }>().static;
      const equipment = records.find((record) => isScheduled('equipment_schedule', record.category))!;
      expect(equipment).toBeDefined();
      equipmentTag = equipment.tag;
      const boundary = '----penstockreport';
      const dynamic = JSON.stringify([
        {
          projectName: PROJECT,
          fileName: CHOSEN,
          tag: equipment.tag,
          guId: equipment.guId,
          category: equipment.category,
          locked: false,
          propValueList: [{ propName: 'Serial Number', propValue: SERIAL }],
        },
      ]);
      const saved = await penstock.app.inject({
        method: 'POST',
        url: '/api/savedynamic',
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="Data"\r\n\r\n${dynamic}\r\n--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: member },
      });
      expect(saved.statusCode).toBe(200);

      const input = (category: string, data: unknown) =>
        post('/api/saveprojectinput', { projectid: projectId, category, fmejob: '', fileType: null, data });
      expect(
        (
          await input('population', [
            { category: 'population', value: '12000' },
            { category: 'per_capita_flow_l_head_d', value: '150' },
          ])
        ).statusCode,
      ).toBe(200);
      const samples = [
        {
          sample_point: 'Inlet works',
          sample_type: 'Spot',
          determinand: 'BOD',
          sample_value: '210',
          sample_date: '2026-11-02',
        },
        { sample_point: 'Final effluent', sample_type: 'Composite', determinand: 'BOD', sample_value: '8' },
      ];
      expect(
        (await input('sampling_data', [{ category: 'sampling_data', value: JSON.stringify(samples) }]))
          .statusCode,
      ).toBe(200);
      const calculate = async (category: string, fmejob: string, data: unknown) => {
        const run = await post('/api/savecalculationdata', {
          projectid: projectId,
          category,
          fmejob,
          userId: memberId,
          fileType: null,
          data,
        });
        expect(run.json().run.state, run.body).toBe('done');
      };
      await calculate('calc_head_loss_cw', 'head_loss_colebrook_white', [
        { category: 'flow_l_s', value: '50' },
        { category: 'diameter_mm', value: '250' },
        { category: 'length_m', value: '1000' },
        { category: 'roughness_ks_mm', value: '0.15' },
      ]);
      await calculate('calc_dwf', 'dwf_formula_a', [{ category: 'population', value: '' }]);
    }, 240_000);
    afterAll(() => penstock?.destroy());

    it('lists each calculation with only its own inputs, labelled, with units, and results to 4 s.f.', async () => {
      const text = await reportText({ modelId: models[CHOSEN]!.itemId });
      const calculations = between(text, 'Calculations', 'Flow profile');
      const headLoss = between(calculations, 'Pipe friction head loss (Darcy–Weisbach', 'Run by');
      expect(headLoss).toMatch(/Internal diameter \(D\)\s+250\s+mm/);
      expect(headLoss).toMatch(/Roughness \(ks\)\s+0\.15\s+mm/);
      expect(headLoss).toMatch(/Relative roughness ks\/D\s+0\.0006000/);
      expect(headLoss).not.toMatch(/Population|population|Per-capita|sample|Inlet works|\[\{|_mm|flow_l_s/);
      const dwf = between(calculations, 'Dry weather flow, flow to full treatment', 'Run by');
      // the blank population came from the saved project data
      expect(dwf).toMatch(/Population \(P\)\s+12000\s+heads/);
      expect(dwf).toMatch(/Per-capita flow \(G\)\s+150\s+l\/head\/d/);
      expect(dwf).not.toMatch(/Internal diameter|sampling|Inlet works|\{/);
      expect(dwf).toMatch(/Dry weather flow \(DWF = PG \+ I \+ E\)\s+1800\s+m³\/d/);
      expect(dwf).toMatch(/Dry weather flow\s+20\.83\s+l\/s/);
    }, 120_000);

    it('prints the sampling items in the Project data section', async () => {
      const text = await reportText();
      const projectData = between(text, 'Project data', 'Calculations');
      expect(projectData).toMatch(/Sampling/);
      expect(projectData).toMatch(/Sample 1 – Sampling point\s+Inlet works/);
      expect(projectData).toMatch(/Sample 1 – Value\s+210\s+mg\/l/);
      expect(projectData).toMatch(/Sample 1 – Date\s+2026-11-02/);
      expect(projectData).toMatch(/Sample 2 – Sampling point\s+Final effluent/);
    }, 120_000);

    it('prints the register of the chosen model with the schedule columns and a saved dynamic value', async () => {
      const chosen = await reportText({ modelId: models[CHOSEN]!.itemId });
      const register = chosen.slice(chosen.lastIndexOf('Asset register'));
      expect(register).toContain(`from ${CHOSEN}`);
      for (const column of scheduleColumns('sap')) expect(register.replace(/\s+/g, ' ')).toContain(column);
      expect(register).toContain(equipmentTag);
      expect(register).toContain(SERIAL);
      expect(register).toContain('RWTW-PID-101');
      expect(register).not.toContain('RWTW-PID-202');
      // a version id chooses that version too
      const byVersion = await reportText({ modelId: models[CHOSEN]!.versionId });
      expect(byVersion.slice(byVersion.lastIndexOf('Asset register'))).toContain(SERIAL);
      // without a choice: the latest converted model, as before
      const latest = await reportText();
      expect(latest.slice(latest.lastIndexOf('Asset register'))).toContain(`from ${LATEST}`);
    }, 180_000);

    it('refuses a model that is not a converted model of the project, and readers', async () => {
      const malformed = await post('/api/createreport', reportBody({ modelId: 'RWTW-PID-101.ifc' }));
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error).toMatch(/modelId must be the id of a model file/);
      const unknown = await post(
        '/api/createreport',
        reportBody({ modelId: 'i.00000000-0000-4000-8000-000000000000' }),
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toBe('The chosen model is not a converted model of this project');
      const denied = await post('/api/createreport', reportBody({ modelId: models[CHOSEN]!.itemId }), viewer);
      expect(denied.statusCode).toBe(403);
    });
  });
}
