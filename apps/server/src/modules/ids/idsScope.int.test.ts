/**
 * A model follows its folder (issue 36 §2): moved into a folder an IDS applies to, it is checked against it
 * without anyone asking; moved out, its check no longer counts (not listed, not gated: the version is out of
 * scope); copied into scope, the copy is checked after its conversion.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdsVersionChecks, UploadResult } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { TAGS_IDS, idsProject, plantIfc, settled, upload, type IdsProject } from './ids.testing.ts';

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
  describe(`IDS checks follow a model into and out of scope (${kind})`, () => {
    let penstock: TestPenstock;
    let p: IdsProject;
    let model: { itemId: string; versionId: string };

    const call = (method: string, url: string, who: keyof IdsProject['cookies'], payload?: unknown) =>
      penstock.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: p.cookies[who] },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const base = () => `/api/projects/${p.projectId}/ids`;
    /** the checks stored for a version (read from the database: listing them would queue missing ones) */
    const stored = (versionId: string) =>
      penstock.database.db
        .selectFrom('ids_checks')
        .select(['status', 'pass'])
        .where('model_version_id', '=', versionId)
        .execute();
    const workflowFile = async (action: 'move' | 'uploadCopy', to: string) => {
      const { payload, headers } = formData({
        projectId: p.projectId,
        documentId: model.versionId,
        itemId: model.itemId,
        uploadFolderId: to,
      });
      const response = await penstock.app.inject({
        method: 'POST',
        url: `/api/workflow/${action}`,
        payload,
        headers: { ...headers, cookie: p.cookies.member },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<UploadResult>();
    };

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      p = await idsProject(penstock, 'IDS scope');
      const ids = await upload(penstock, p.folders['WIP/Process']!, p.cookies.member, 'tags.ids', TAGS_IDS);
      const scoped = await call('PUT', `${base()}/${ids.itemId}/scopes`, 'manager', {
        scopes: [{ kind: 'folder', targetId: p.folders['WIP/Process'] }],
      });
      expect(scoped.statusCode).toBe(200);
      model = await upload(penstock, p.folders['WIP/Civil']!, p.cookies.member, 'plant.ifc', plantIfc());
      await settled(penstock);
    }, 120_000);
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('checks a model moved into scope without being asked, and drops its check when moved out', async () => {
      // converted out of scope: not checked
      expect(await stored(model.versionId)).toEqual([]);

      await workflowFile('move', p.folders['WIP/Process']!);
      await settled(penstock);
      expect(await stored(model.versionId)).toEqual([{ status: 'done', pass: 1 }]);
      const inScope = (
        await call('GET', `${base()}/checks?versionId=${model.versionId}`, 'viewer')
      ).json<IdsVersionChecks>();
      expect(inScope).toMatchObject({ inScope: true, checks: [{ idsFileName: 'tags.ids', status: 'done' }] });

      // moved out: the version is out of scope, its old check is neither listed nor gated
      await workflowFile('move', p.folders['WIP/Civil']!);
      await settled(penstock);
      const outOfScope = (
        await call('GET', `${base()}/checks?versionId=${model.versionId}`, 'viewer')
      ).json<IdsVersionChecks>();
      expect(outOfScope).toEqual({ versionId: model.versionId, inScope: false, checks: [] });
    });

    it('checks a copy into scope after its conversion', async () => {
      const copy = await workflowFile('uploadCopy', p.folders['WIP/Process']!);
      await settled(penstock);
      expect(await stored(copy.version.id)).toEqual([{ status: 'done', pass: 1 }]);
      expect(await stored(model.versionId)).toHaveLength(1);
    });
  });
}
