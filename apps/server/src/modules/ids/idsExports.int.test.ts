/**
 * What people act on (issue 36 §3): a check's workbook and BCF file read back, failures raised as issues
 * pinned on their objects, and the gate: a workflow that would publish the model with an A code warns or is
 * refused (project setting) while a required specification fails; the Complete Review's calls carry the
 * check's summary.
 */
import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdsCheck, IdsFailuresPage, Issue, WorkflowDetail } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { readBcf } from '../bcf/index.ts';
import { geometrySignatures, signatureMap } from '../modelCompare/geometrySignatures.ts';
import { PLANT_IDS, idsProject, plantIfc, settled, upload, type IdsProject } from './ids.testing.ts';

/** multipart/form-data with a formData field, as the Workflow panel sends it */
function formData(data: unknown) {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="formData"\r\n\r\n${JSON.stringify(data)}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

for (const kind of await testDatabases()) {
  describe(`IDS results: workbook, BCF, issues and the publication gate (${kind})`, () => {
    let penstock: TestPenstock;
    let p: IdsProject;
    let model: { itemId: string; versionId: string };
    let check: IdsCheck;
    let pumps: IdsFailuresPage;

    const call = (method: string, url: string, who: keyof IdsProject['cookies'], payload?: unknown) =>
      penstock.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: p.cookies[who] },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const base = () => `/api/projects/${p.projectId}/ids`;
    const form = (method: 'POST' | 'PUT', url: string, who: keyof IdsProject['cookies'], data: unknown) => {
      const { payload, headers } = formData(data);
      return penstock.app.inject({ method, url, payload, headers: { ...headers, cookie: p.cookies[who] } });
    };

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      p = await idsProject(penstock, 'IDS exports');
      const ids = await upload(penstock, p.folders['WIP/Process']!, p.cookies.member, 'plant.ids', PLANT_IDS);
      const scoped = await call('PUT', `${base()}/${ids.itemId}/scopes`, 'manager', {
        scopes: [{ kind: 'folder', targetId: p.folders.WIP }],
      });
      expect(scoped.statusCode).toBe(200);
      model = await upload(penstock, p.folders['WIP/Process']!, p.cookies.member, 'plant.ifc', plantIfc());
      await settled(penstock);
      check = (await call('GET', `${base()}/checks?versionId=${model.versionId}`, 'member')).json().checks[0];
      expect(check).toMatchObject({ status: 'done', pass: false });
      pumps = (
        await call('GET', `${base()}/checks/${check.id}/specifications/1/failures`, 'member')
      ).json<IdsFailuresPage>();
    }, 120_000);
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('writes the check as a workbook: the summary and one row per failed requirement', async () => {
      const response = await call('GET', `${base()}/checks/${check.id}/report.xlsx`, 'viewer');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/plant IDS plant\.xlsx/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const summary = workbook.getWorksheet('Summary')!;
      expect(summary.getCell('B1').value).toBe('plant.ifc');
      expect(summary.getCell('B4').value).toBe('fail');
      expect(summary.getRow(7).values).toEqual([
        undefined,
        1,
        'Valves have a size',
        'Required',
        'pass',
        check.specifications[0]!.applicable,
        check.specifications[0]!.applicable,
        0,
        '',
      ]);
      expect(summary.getRow(8).getCell(4).value).toBe('fail');
      const failures = workbook.getWorksheet('Failures')!;
      expect(failures.rowCount - 1).toBe(pumps.total);
      expect(failures.getRow(2).values).toEqual([
        undefined,
        'Pumps have a duty flow',
        pumps.objects[0]!.globalId,
        pumps.objects[0]!.expressId,
        'IFCPUMP',
        pumps.objects[0]!.name,
        "must have property 'Penstock_Dynamic'.'Duty Flow (l/s)'",
        "No property set 'Penstock_Dynamic'",
      ]);
    });

    it('writes BCF 3.0: one topic per failing specification, its objects selected and isolated', async () => {
      const response = await call('GET', `${base()}/checks/${check.id}/report.bcf`, 'viewer');
      expect(response.statusCode).toBe(200);
      const zip = await JSZip.loadAsync(response.rawPayload);
      expect(await zip.file('bcf.version')!.async('string')).toMatch(/VersionId="3\.0"/);
      const topics = Object.keys(zip.files).filter((name) => name.endsWith('/markup.bcf'));
      expect(topics).toHaveLength(1);
      // Penstock's own BCF reader (the importer's) reads it back
      const read = await readBcf(response.rawPayload);
      expect(read.version).toBe('3.0');
      const [topic] = read.topics;
      expect(topic!.topic.title).toBe('IDS: Pumps have a duty flow');
      expect(topic!.topic.description).toContain(pumps.objects[0]!.globalId!);
      const viewpoint = topic!.viewpoints[0]!;
      const guids = pumps.objects.map((o) => o.globalId).sort();
      expect([...viewpoint.selection].sort()).toEqual(guids);
      expect(viewpoint.visibility?.defaultVisibility).toBe(false);
      expect([...viewpoint.visibility!.exceptions].sort()).toEqual(guids);
      // the same check exported twice gives the same topics
      const again = await readBcf(
        (await call('GET', `${base()}/checks/${check.id}/report.bcf`, 'viewer')).rawPayload,
      );
      expect(again.topics[0]!.topic.guid).toBe(topic!.topic.guid);
    });

    it('raises failures as issues pinned on their objects, for writers of issues only', async () => {
      const url = `${base()}/checks/${check.id}/issues`;
      expect((await call('POST', url, 'viewer', {})).statusCode).toBe(403);
      expect((await call('POST', url, 'outsider', {})).statusCode).toBe(404);
      const notFailing = await call('POST', url, 'member', { specifications: [0] });
      expect(notFailing.statusCode).toBe(400);
      expect(notFailing.json().error).toBe('specifications: 0 is not a failing specification of this check');
      const before = await penstock.database.db.selectFrom('issues').select('id').execute();
      expect(before).toEqual([]);

      const one = await call('POST', url, 'member', {});
      expect(one.statusCode).toBe(201);
      expect(one.json()).toMatchObject({ created: 1 });
      const perObject = await call('POST', url, 'member', { mode: 'object', specifications: [1] });
      expect(perObject.json()).toMatchObject({ created: pumps.total });

      const issues = (await call('GET', `/api/issues?projectid=${p.projectId}`, 'viewer')).json<Issue[]>();
      const bySpec = issues.find((i) => i.title === 'IDS: Pumps have a duty flow')!;
      expect(bySpec).toMatchObject({ type: 'quality_issues', status: 'open' });
      expect(bySpec.description).toContain(pumps.objects[0]!.globalId!);
      expect(bySpec.linkedDocuments[0]).toMatchObject({
        documentId: model.versionId,
        details: {
          objectId: pumps.objects[0]!.expressId,
          object: { versionId: model.versionId, globalId: pumps.objects[0]!.globalId },
        },
      });
      const pinned = issues.filter((i) => i.title.startsWith('Pumps have a duty flow: '));
      expect(pinned.map((i) => i.linkedDocuments[0]!.details.objectId).sort()).toEqual(
        pumps.objects.map((o) => o.expressId).sort(),
      );

      // each pin stands where the viewer draws its object (its geometry's centre in the converted model),
      // as a compare's change is pinned: the model's own geometry says where
      const frag = await call('GET', `/api/models/${model.versionId}/fragments`, 'viewer');
      const geometry = await geometrySignatures(frag.rawPayload);
      const drawnAt = new Map(
        [...signatureMap(geometry)].map(([id, g]) => [
          id,
          g.position.map((v, k) => v + geometry.coordinates[k]!),
        ]),
      );
      const at = (issue: Issue) => {
        const { x, y, z } = issue.linkedDocuments[0]!.details.position;
        return [x, y, z];
      };
      for (const issue of [bySpec, ...pinned]) {
        const objectId = issue.linkedDocuments[0]!.details.objectId!;
        expect(drawnAt.has(objectId)).toBe(true);
        at(issue).forEach((v, k) => expect(v).toBeCloseTo(drawnAt.get(objectId)![k]!, 6));
      }
      expect(at(bySpec)).not.toEqual([0, 0, 0]);
      expect(new Set(pinned.map((i) => at(i).join(','))).size).toBe(pinned.length);
    });

    it('warns, or refuses, a workflow that would publish the failing model with an A code', async () => {
      const option = (who: 'member' | 'manager') => `${p.userIds[who]}-x`;
      const submission = (targetSuitability: string, uploadFolderId: string) => ({
        projectId: p.projectId,
        documentId: model.versionId,
        createdByUserId: p.userIds.member,
        comment: 'Model for acceptance',
        reviewers: [option('member')],
        approvers: [option('manager')],
        targetSuitability,
        itemId: model.itemId,
        uploadFolderId,
      });
      // refuse: an A code is not even submitted for; an S code goes on
      const settings = await call('PUT', `${base()}/settings`, 'manager', {
        gate: 'refuse',
        includeDynamic: false,
      });
      expect(settings.statusCode).toBe(200);
      const refused = await form('POST', '/api/workflow', 'member', submission('A1', p.folders.Published!));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(
        'This model fails 1 required information specification: it cannot be published with an A suitability code until they pass',
      );

      // warn: submitted, with the warning for the dialog
      await call('PUT', `${base()}/settings`, 'manager', { gate: 'warn', includeDynamic: false });
      const submitted = await form('POST', '/api/workflow', 'member', submission('A1', p.folders.Published!));
      expect(submitted.statusCode).toBe(201);
      const workflow = submitted.json<WorkflowDetail>();
      expect(workflow.idsCheck).toMatchObject({
        versionId: model.versionId,
        gate: 'warn',
        gated: true,
        state: 'fail',
        message: 'Warning: this model fails 1 required information specification',
        checks: [
          {
            checkId: check.id,
            idsFileName: 'plant.ids',
            status: 'done',
            pass: false,
            requiredFailed: [{ index: 1, name: 'Pumps have a duty flow', failed: pumps.total }],
          },
        ],
      });
      // what the Complete Review dialog reads carries it too
      const open = await call(
        'GET',
        `/api/workflow/document?projectId=${p.projectId}&itemId=${model.itemId}`,
        'manager',
      );
      expect(open.json().workflow.idsCheck).toMatchObject({ state: 'fail', gate: 'warn' });
      const detail = await call('GET', `/api/workflow?id=${workflow.id}`, 'viewer');
      expect(detail.json().idsCheck).toMatchObject({ state: 'fail' });

      const reviewed = await form('PUT', '/api/workflow/UpdateReviewers', 'member', {
        id: workflow.reviewers[0]!.id,
        userId: p.userIds.member,
        status: 'Approved',
      });
      expect(reviewed.statusCode).toBe(200);
      // the project now refuses: the publishing approval is stopped, nothing is written
      await call('PUT', `${base()}/settings`, 'manager', { gate: 'refuse', includeDynamic: false });
      const stopped = await form('PUT', '/api/workflow/UpdateApprovers', 'manager', {
        id: workflow.approvers[0]!.id,
        userId: p.userIds.manager,
        status: 'Approved',
      });
      expect(stopped.statusCode).toBe(409);
      expect(stopped.json().error).toMatch(/cannot be published with an A suitability code/);
      const still = (await call('GET', `/api/workflow?id=${workflow.id}`, 'manager')).json<WorkflowDetail>();
      expect(still).toMatchObject({ status: 'Awaiting approval', publishedVersionId: null });
      expect(still.approvers[0]!.status).toBe('Pending');
      // a rejection is not a publication: it goes through
      const rejected = await form('PUT', '/api/workflow/UpdateApprovers', 'manager', {
        id: workflow.approvers[0]!.id,
        userId: p.userIds.manager,
        status: 'Rejected',
      });
      expect(rejected.statusCode).toBe(200);
    });
  });
}
