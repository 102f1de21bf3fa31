import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalculationDataAnswer, ProjectInputAnswer } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';

function upload(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(parts.join(''));
  const filePart = file
    ? Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file.content,
        Buffer.from('\r\n'),
      ])
    : Buffer.alloc(0);
  return {
    payload: Buffer.concat([head, filePart, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of every page of a PDF, read back with pdf.js. */
async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n');
  } finally {
    await document.destroy();
  }
}

for (const kind of await testDatabases()) {
  describe(`project data and calculations (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    const cookies: Record<string, string> = {};
    const ids: Record<string, string> = {};

    const post = (url: string, body: unknown, who: string) =>
      penstock.app.inject({
        method: 'POST',
        url,
        payload: body as object,
        headers: { cookie: cookies[who]! },
      });

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      for (const who of ['member', 'viewer', 'outsider']) {
        const user = await penstock.createUser({ name: `The ${who}`, email: `${who}@pd.test` });
        ids[who] = user.id;
      }
      const project = await penstock.createProject('Data Project', [
        { userId: ids.member!, role: 'member' },
        { userId: ids.viewer!, role: 'viewer' },
      ]);
      projectId = project.id;
      for (const who of Object.keys(ids)) cookies[who] = await penstock.signIn(`${who}@pd.test`);
    });
    afterAll(() => penstock.destroy());

    it('saves and reloads project input per project, keeps history and restores it; members only', async () => {
      const save = (value: string, who = 'member') =>
        post(
          '/api/saveprojectinput',
          {
            projectid: projectId,
            category: 'population',
            fmejob: '',
            fileType: null,
            data: [
              { category: 'population', value },
              { category: 'per_capita_flow_l_head_d', value: '150' },
            ],
          },
          who,
        );
      expect((await save('12000')).statusCode).toBe(200);
      expect((await save('15000')).json()).toEqual({ saved: 2 });
      const answer = (
        await post('/api/getprojectinput', { projectid: projectId }, 'viewer')
      ).json() as ProjectInputAnswer;
      expect(answer.values.find((v) => v.category === 'population')).toMatchObject({
        form: 'population',
        value: '15000',
        updatedBy: 'The member',
      });
      expect((await save('1', 'viewer')).statusCode).toBe(403);
      expect((await save('1', 'outsider')).statusCode).toBe(404);
      expect((await post('/api/getprojectinput', { projectid: projectId }, 'outsider')).statusCode).toBe(404);
      const bad = await post('/api/saveprojectinput', { projectid: projectId, data: [] }, 'member');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/category/);

      const history = (
        await post('/api/projectinput/history', { projectid: projectId, form: 'population' }, 'member')
      ).json();
      expect(history[0].values.find((v: { category: string }) => v.category === 'population').value).toBe(
        '12000',
      );
      const restored = await post(
        '/api/projectinput/restore',
        { projectid: projectId, form: 'population', id: history[0].id },
        'member',
      );
      expect(restored.statusCode).toBe(200);
      const again = (
        await post('/api/getprojectinput', { projectid: projectId }, 'member')
      ).json() as ProjectInputAnswer;
      expect(again.values.find((v) => v.category === 'population')?.value).toBe('12000');
    });

    it('runs a calculation as a recorded job on the project data and the form values', async () => {
      const run = await post(
        '/api/savecalculationdata',
        {
          projectid: projectId,
          category: 'calc_dwf',
          fmejob: 'dwf_formula_a',
          userId: ids.member,
          fileType: null,
          // blank: the population saved in Project data (12000, 150 l/head/d) is used
          data: [
            { category: 'population', value: '' },
            { category: 'infiltration_m3_d', value: '300' },
          ],
        },
        'member',
      );
      expect(run.statusCode).toBe(200);
      const { run: done } = run.json();
      expect(done).toMatchObject({ state: 'done', fmejob: 'dwf_formula_a', createdByName: 'The member' });
      // DWF = 12000 × 0.150 + 300 + 0 = 2100 m³/d
      expect(done.results.dwf_m3_d).toMatchObject({ value: 2100, unit: 'm³/d' });
      const data = (
        await post('/api/getcalculationdata', { projectid: projectId }, 'viewer')
      ).json() as CalculationDataAnswer;
      expect(data.runs[0]).toMatchObject({ id: done.id, state: 'done' });
      expect(data.runs[0]!.inputs).toMatchObject({ population: '12000', infiltration_m3_d: '300' });
      expect(data.values.find((v) => v.category === 'infiltration_m3_d')?.value).toBe('300');

      const headLoss = await post(
        '/api/savecalculationdata',
        {
          projectid: projectId,
          category: 'calc_head_loss_cw',
          fmejob: 'head_loss_colebrook_white',
          userId: ids.member,
          fileType: null,
          data: [
            { category: 'flow_l_s', value: '50' },
            { category: 'diameter_mm', value: '250' },
            { category: 'length_m', value: '1000' },
            { category: 'roughness_ks_mm', value: '0.15' },
          ],
        },
        'member',
      );
      expect(headLoss.json().run.state).toBe('done');
      expect(Number(headLoss.json().run.results.head_loss_m.value)).toBeGreaterThan(0);
    });

    it('runs every shipped calculation through the API', async () => {
      const cases: Array<[string, Record<string, string>, string, number]> = [
        [
          'head_loss_hazen_williams',
          { flow_l_s: '50', diameter_mm: '250', length_m: '1000', hazen_williams_c: '130' },
          'head_loss_m',
          0,
        ],
        [
          'tank_volume_hrt',
          { shape: 'rectangular', length_m: '20', width_m: '10', depth_m: '3', flow_l_s: '50' },
          'volume_m3',
          600,
        ],
        [
          'pump_power',
          { flow_l_s: '100', total_head_m: '20', pump_efficiency: '75' },
          'hydraulic_power_kw',
          19.6,
        ],
        [
          'flow_percentiles',
          { flows_l_s: Array.from({ length: 24 }, (_, h) => String(h + 1)).join(','), percentiles: '50' },
          's0_p50',
          12.5,
        ],
      ];
      for (const [fmejob, values, key, expected] of cases) {
        const answer = await post(
          '/api/savecalculationdata',
          {
            projectid: projectId,
            category: `calc_${fmejob}`,
            fmejob,
            userId: ids.member,
            fileType: 'json',
            data: Object.entries(values).map(([category, value]) => ({ category, value })),
          },
          'member',
        );
        expect(answer.statusCode, `${fmejob}: ${answer.body}`).toBe(200);
        const result = answer.json().run.results[key];
        expect(result, `${fmejob} ${key}`).toBeDefined();
        if (expected) expect(Number(result.value)).toBeCloseTo(expected, 1);
        else expect(Number(result.value)).toBeGreaterThan(0);
      }
    });

    it('fails a job with its reason and no result: out of range, missing input, unknown calculation', async () => {
      const attempt = (fmejob: string, data: Array<{ category: string; value: string }>) =>
        post(
          '/api/savecalculationdata',
          {
            projectid: projectId,
            category: 'calc_head_loss_hw',
            fmejob,
            userId: ids.member,
            fileType: null,
            data,
          },
          'member',
        );
      const outOfRange = await attempt('head_loss_hazen_williams', [
        { category: 'flow_l_s', value: '50' },
        { category: 'diameter_mm', value: '1' },
        { category: 'length_m', value: '100' },
        { category: 'hazen_williams_c', value: '130' },
      ]);
      expect(outOfRange.statusCode).toBe(422);
      expect(outOfRange.json().error).toMatch(/diameter_mm must be between 10 and 5000 mm/);
      expect(outOfRange.json().run).toMatchObject({ state: 'failed', results: null });
      const missing = await attempt('head_loss_hazen_williams', [{ category: 'flow_l_s', value: '50' }]);
      expect(missing.json().error).toMatch(/diameter_mm is required/);
      const unknown = await attempt('no_such_calc', []);
      expect(unknown.json().error).toBe("Unknown calculation 'no_such_calc'");
      const runs = (await post('/api/getcalculationdata', { projectid: projectId }, 'member')).json().runs;
      expect(runs.slice(0, 3).map((r: { state: string; results: unknown }) => [r.state, r.results])).toEqual([
        ['failed', null],
        ['failed', null],
        ['failed', null],
      ]);
      // nobody runs a calculation as someone else, and viewers do not run them
      const forged = await post(
        '/api/savecalculationdata',
        { projectid: projectId, category: 'x', fmejob: 'pump_power', userId: ids.viewer, data: [] },
        'member',
      );
      expect(forged.statusCode).toBe(403);
      const viewer = await post(
        '/api/savecalculationdata',
        { projectid: projectId, category: 'x', fmejob: 'pump_power', userId: ids.viewer, data: [] },
        'viewer',
      );
      expect(viewer.statusCode).toBe(403);
    });

    it('uploads a form file into WIP/Project data; a bad project id or key is refused', async () => {
      const send = (fields: Record<string, string>, who = 'member') => {
        const { payload, headers } = upload(fields, {
          name: 'survey.pdf',
          content: Buffer.from('%PDF-1.4\n'),
        });
        return penstock.app.inject({
          method: 'POST',
          url: '/api/uploadfile',
          payload,
          headers: { ...headers, cookie: cookies[who]! },
        });
      };
      const ok = await send({ ProjectId: projectId, Key: 'site_survey' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ fileName: 'survey.pdf', form: 'site_details' });
      expect((await send({ ProjectId: 'b.nope', Key: 'site_survey' })).statusCode).toBe(400);
      const badKey = await send({ ProjectId: projectId, Key: 'population' });
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().error).toMatch(/not a file field/);
      expect((await send({ ProjectId: projectId, Key: 'site_survey' }, 'viewer')).statusCode).toBe(403);
      const tree = await penstock.app.inject({
        method: 'GET',
        url: `/api/tree?id=${encodeURIComponent(projectId)}`,
        headers: { cookie: cookies.member! },
      });
      const wip = tree.json().find((node: { text: string }) => node.text === 'WIP');
      const children = await penstock.app.inject({
        method: 'GET',
        url: `/api/tree?id=${wip.id}`,
        headers: { cookie: cookies.member! },
      });
      expect(children.json().map((node: { text: string }) => node.text)).toContain('Project data');
    });

    it('creates a PDF report with the project data and a calculation result, stored in WIP/Reports', async () => {
      const body = {
        userId: ids.member,
        projectid: projectId,
        report_id: 'project_data_report',
        report_name: 'Project data and calculations report',
        bim360_folder_id: 'WIP/Reports',
        fileType: 'pdf',
        fmejob: 'project_data_report',
        schema: 'penstock-report-1',
        PLM_project_id: '',
      };
      const created = await post('/api/createreport', body, 'member');
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({
        fileName: 'Project data and calculations report - Data Project.pdf',
        folderPath: 'WIP/Reports',
        revision: 'P01.01',
        suitability: 'S0',
      });
      const pdf = await penstock.app.inject({
        method: 'GET',
        url: `/api/versions/${created.json().versionId}/content`,
        headers: { cookie: cookies.member! },
      });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('Data Project');
      expect(text).toContain('P01.01');
      expect(text).toContain('12000');
      expect(text).toMatch(/Dry weather flow/);
      expect(text).toContain('2100');
      // a second report is the next version of the same file
      const again = (await post('/api/createreport', body, 'member')).json();
      expect(again).toMatchObject({ itemId: created.json().itemId, revision: 'P01.02' });
      expect((await post('/api/createreport', { ...body, report_id: 'nope' }, 'member')).statusCode).toBe(
        400,
      );
      expect((await post('/api/createreport', body, 'viewer')).statusCode).toBe(403);
    }, 120_000);

    it('saves the Cloth Filter data sheet and exports it as a PDF with its rules applied', async () => {
      const body = { userId: ids.member, projectid: projectId, report_id: 'cloth_filter_datasheet' };
      const early = await post('/api/createreport', body, 'member');
      expect(early.statusCode).toBe(400);
      expect(early.json().error).toMatch(/Save the Cloth Filter data sheet/);
      const saved = await post(
        '/api/saveprojectinput',
        {
          projectid: projectId,
          category: 'cloth_filter_datasheet',
          fmejob: '',
          fileType: null,
          data: [
            { category: 'model', value: 'Disc filter DF-24' },
            { category: 'total_p', value: '0.45' },
            { category: 'backwash_frequency', value: '24' },
            { category: 'remark_3', value: 'Access platform by others' },
          ],
        },
        'member',
      );
      expect(saved.statusCode).toBe(200);
      const created = await post('/api/createreport', body, 'member');
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({ folderPath: 'WIP/Data sheets' });
      const pdf = await penstock.app.inject({
        method: 'GET',
        url: `/api/versions/${created.json().versionId}/content`,
        headers: { cookie: cookies.member! },
      });
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('Disc filter DF-24');
      expect(text).toContain('Access platform by others');
      expect(text).toMatch(/TSS over at least 10 days, 20 spot samples/);
      expect(text).toMatch(/Spot samples \(total P above 0\.3 mg\/l: 10, else 5\)\s+10/);
    }, 120_000);

    it('serves the forms in use and a report configuration for every project', async () => {
      const forms = await penstock.app.inject({ method: 'GET', url: '/config/calculationsConfig.json' });
      expect(forms.json().forms.map((f: { fmejob: string }) => f.fmejob)).toContain(
        'head_loss_colebrook_white',
      );
      const reports = await penstock.app.inject({
        method: 'GET',
        url: `/config/reports/${projectId.slice(2)}/reports_config.json`,
      });
      expect(reports.json().reports[0]).toMatchObject({ report_id: 'project_data_report' });
    });
  });
}
