/**
 * The publication gate and IDS 1.0's specification cardinality (issue 36 §3): a required specification fails
 * when nothing is applicable or an applicable object fails a requirement, a prohibited one when an object it
 * applies to is in the model (each such object a failure), an optional one when an applicable object fails a
 * requirement. Required and prohibited failures gate (each named as what it is); optional ones do not.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdsCheck, IdsFailuresPage, WorkflowDetail } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { idsFile, idsProject, plantIfc, property, settled, upload, type IdsProject } from './ids.testing.ts';

const spec = (
  name: string,
  entity: string,
  occurs: string,
  requirements = '',
) => `    <specification name="${name}" ifcVersion="IFC4">
      <applicability ${occurs}><entity><name><simpleValue>${entity}</simpleValue></name></entity></applicability>
      ${requirements ? `<requirements>${requirements}</requirements>` : ''}
    </specification>`;
const REQUIRED = 'minOccurs="1" maxOccurs="unbounded"';
const OPTIONAL = 'minOccurs="0" maxOccurs="unbounded"';
const PROHIBITED = 'minOccurs="0" maxOccurs="0"';

/** plantgen's plant has valves with a size, pumps without a duty flow, no doors and no windows. */
const CARDINALITY_IDS = idsFile(
  'Cardinality',
  [
    spec('Valves have a size', 'IFCVALVE', REQUIRED, property('Penstock_Asset', 'Size (mm)', 'IFCREAL')),
    spec('Doors are required', 'IFCDOOR', REQUIRED, property('Pset_DoorCommon', 'FireRating')),
    spec('Pumps may have a duty flow', 'IFCPUMP', OPTIONAL, property('Penstock_Dynamic', 'Duty Flow (l/s)')),
    spec('Windows may have a rating', 'IFCWINDOW', OPTIONAL, property('Pset_WindowCommon', 'FireRating')),
    // a prohibited specification has no requirements (IDS 1.0: such a file is invalid)
    spec('No pumps', 'IFCPUMP', PROHIBITED),
    spec('No windows', 'IFCWINDOW', PROHIBITED),
  ].join('\n'),
);

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
  describe(`IDS specification cardinality and the publication gate (${kind})`, () => {
    let penstock: TestPenstock;
    let p: IdsProject;
    let model: { itemId: string; versionId: string };
    let check: IdsCheck;

    const call = (method: string, url: string, who: keyof IdsProject['cookies'], payload?: unknown) =>
      penstock.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: p.cookies[who] },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const base = () => `/api/projects/${p.projectId}/ids`;

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      p = await idsProject(penstock, 'IDS cardinality');
      const ids = await upload(
        penstock,
        p.folders['WIP/Process']!,
        p.cookies.member,
        'c.ids',
        CARDINALITY_IDS,
      );
      await call('PUT', `${base()}/${ids.itemId}/scopes`, 'manager', {
        scopes: [{ kind: 'folder', targetId: p.folders.WIP }],
      });
      model = await upload(penstock, p.folders['WIP/Process']!, p.cookies.member, 'plant.ifc', plantIfc());
      await settled(penstock);
      check = (await call('GET', `${base()}/checks?versionId=${model.versionId}`, 'member')).json().checks[0];
      expect(check).toMatchObject({ status: 'done', pass: false });
    }, 120_000);
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('checks each specification as its cardinality says', async () => {
      const pumps = check.specifications[2]!.applicable;
      expect(pumps).toBeGreaterThan(0);
      expect(
        check.specifications.map((s) => ({
          usage: s.usage,
          pass: s.pass,
          applicable: s.applicable,
          failed: s.failed,
        })),
      ).toEqual([
        { usage: 'required', pass: true, applicable: check.specifications[0]!.applicable, failed: 0 },
        { usage: 'required', pass: false, applicable: 0, failed: 0 },
        { usage: 'optional', pass: false, applicable: pumps, failed: pumps },
        { usage: 'optional', pass: true, applicable: 0, failed: 0 },
        { usage: 'prohibited', pass: false, applicable: pumps, failed: pumps },
        { usage: 'prohibited', pass: true, applicable: 0, failed: 0 },
      ]);
      expect(check.counts).toEqual({
        specifications: 6,
        passed: 3,
        failed: 3,
        requiredFailed: 1,
        prohibitedFailed: 1,
      });
      // the objects a prohibited specification finds are its failures, to be shown and exported
      const found = (
        await call('GET', `${base()}/checks/${check.id}/specifications/4/failures`, 'member')
      ).json<IdsFailuresPage>();
      expect(found.total).toBe(pumps);
      expect(found.objects[0]).toMatchObject({
        ifcClass: 'IFCPUMP',
        failures: [
          {
            requirement: -1,
            facet: 'entity',
            expected: 'none in the model (the specification is prohibited)',
          },
        ],
      });
    });

    it('gates on the failing required and prohibited specifications, never on the optional ones', async () => {
      const pumps = check.specifications[4]!.failed;
      await call('PUT', `${base()}/settings`, 'manager', { gate: 'refuse', includeDynamic: false });
      const submission = {
        projectId: p.projectId,
        documentId: model.versionId,
        createdByUserId: p.userIds.member,
        comment: 'Model for acceptance',
        reviewers: [`${p.userIds.member}-x`],
        approvers: [`${p.userIds.manager}-x`],
        targetSuitability: 'A1',
        itemId: model.itemId,
        uploadFolderId: p.folders.Published!,
      };
      const post = () => {
        const { payload, headers } = formData(submission);
        return penstock.app.inject({
          method: 'POST',
          url: '/api/workflow',
          payload,
          headers: { ...headers, cookie: p.cookies.member },
        });
      };
      const refused = await post();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(
        'This model fails 1 required information specification and 1 prohibited information specification: it cannot be published with an A suitability code until they pass',
      );
      await call('PUT', `${base()}/settings`, 'manager', { gate: 'warn', includeDynamic: false });
      const warned = await post();
      expect(warned.statusCode).toBe(201);
      expect(warned.json<WorkflowDetail>().idsCheck).toMatchObject({
        state: 'fail',
        checks: [
          {
            requiredFailed: [{ index: 1, name: 'Doors are required', failed: 0 }],
            prohibitedFailed: [{ index: 4, name: 'No pumps', failed: pumps }],
          },
        ],
      });
    });
  });
}
