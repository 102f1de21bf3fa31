/**
 * IDS files in a project (issue 36 §1, §2, §5): each upload read and its status kept (not XML, not IDS, an
 * unknown facet: invalid with line and reason, kept as a file); scopes set by managers only; a model uploaded
 * into a scoped folder is checked after its conversion without anyone asking; a new IDS version or a scope
 * change checks the models in scope again; dynamic values as Penstock_Dynamic; a model that cannot be read
 * fails its check with the reason; the results by specification and by object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  IdsFailuresPage,
  IdsObjectResults,
  IdsObjectStates,
  IdsOverview,
  IdsVersionChecks,
} from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import {
  PLANT_IDS,
  TAGS_IDS,
  idsProject,
  plantIfc,
  settled,
  upload,
  type IdsProject,
} from './ids.testing.ts';

for (const kind of await testDatabases()) {
  describe(`IDS files, scopes and checks (${kind})`, () => {
    let penstock: TestPenstock;
    let p: IdsProject;
    let ids: { itemId: string; versionId: string };
    let model: { itemId: string; versionId: string };

    const call = (method: string, url: string, who: keyof IdsProject['cookies'], payload?: unknown) =>
      penstock.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: p.cookies[who] },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const base = () => `/api/projects/${p.projectId}/ids`;
    const overview = async (who: keyof IdsProject['cookies'] = 'member') =>
      (await call('GET', base(), who)).json<IdsOverview>();
    const checksOf = async (versionId: string) =>
      (await call('GET', `${base()}/checks?versionId=${versionId}`, 'viewer')).json<IdsVersionChecks>();

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      p = await idsProject(penstock, 'IDS works');
    }, 60_000);
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('reads every uploaded IDS: invalid ones are kept as files with the line and reason', async () => {
      const folder = p.folders['WIP/Process']!;
      await upload(penstock, folder, p.cookies.member, 'not-xml.ids', 'hello, not XML');
      await upload(
        penstock,
        folder,
        p.cookies.member,
        'not-ids.ids',
        '<?xml version="1.0"?>\n<plan xmlns="urn:x"/>',
      );
      const unknownFacet = PLANT_IDS.replace(
        '<entity><name><simpleValue>IFCPUMP',
        '<colour><name><simpleValue>red</simpleValue></name></colour><entity><name><simpleValue>IFCPUMP',
      );
      await upload(penstock, folder, p.cookies.member, 'unknown-facet.ids', unknownFacet);
      ids = await upload(penstock, folder, p.cookies.member, 'plant.ids', PLANT_IDS);

      const listed = await overview();
      expect(listed.mayManage).toBe(false);
      expect(listed.settings).toMatchObject({ gate: 'warn', includeDynamic: false });
      const byName = new Map(listed.documents.map((d) => [d.fileName, d]));
      expect([...byName.keys()].sort()).toEqual([
        'not-ids.ids',
        'not-xml.ids',
        'plant.ids',
        'unknown-facet.ids',
      ]);
      expect(byName.get('not-xml.ids')!.validation).toMatchObject({
        status: 'invalid',
        problems: [
          { kind: 'xml', line: 1, message: expect.stringMatching(/^The file is not well-formed XML/) },
        ],
      });
      expect(byName.get('not-xml.ids')!.validVersionId).toBeNull();
      expect(byName.get('not-ids.ids')!.validation.problems).toEqual([
        {
          kind: 'schema',
          line: 2,
          message: expect.stringMatching(/not an IDS 1\.0 document: its root element is <plan>/),
        },
      ]);
      const facetProblem = byName.get('unknown-facet.ids')!.validation.problems[0]!;
      expect(facetProblem.kind).toBe('schema');
      expect(facetProblem.line).toBeGreaterThan(1);
      expect(facetProblem.message).toMatch(/^Unknown facet <colour>/);
      const plant = byName.get('plant.ids')!;
      expect(plant.validation.status).toBe('valid');
      expect(plant.validVersionId).toBe(ids.versionId);
      expect(plant.validation.specifications.map((s) => [s.name, s.usage])).toEqual([
        ['Valves have a size', 'required'],
        ['Pumps have a duty flow', 'required'],
      ]);
      expect(plant.validation.specifications[0]!.requirements).toEqual([
        "must have property 'Penstock_Asset'.'Size (mm)' (IFCREAL)",
      ]);
      // the invalid file is still a file of the project
      const content = await call(
        'GET',
        `/api/versions/${byName.get('not-xml.ids')!.versionId}/content`,
        'viewer',
      );
      expect(content.body).toBe('hello, not XML');

      const one = await call('GET', `${base()}/versions/${byName.get('not-xml.ids')!.versionId}`, 'viewer');
      expect(one.json()).toMatchObject({ status: 'invalid' });
      const editorCheck = await call('POST', `${base()}/validate`, 'viewer', { xml: unknownFacet });
      expect(editorCheck.json()).toMatchObject({ status: 'invalid', specifications: [] });
    });

    it('lets only managers say where an IDS applies, and checks models there after their conversion', async () => {
      const scopes = { scopes: [{ kind: 'folder', targetId: p.folders.WIP }] };
      for (const who of ['member', 'viewer'] as const) {
        const refused = await call('PUT', `${base()}/${ids.itemId}/scopes`, who, scopes);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe(
          'Only project managers can change where information requirements apply',
        );
      }
      expect((await call('PUT', `${base()}/${ids.itemId}/scopes`, 'outsider', scopes)).statusCode).toBe(404);
      const bad = await call('PUT', `${base()}/${ids.itemId}/scopes`, 'manager', {
        scopes: [{ kind: 'model', targetId: p.folders.WIP }],
      });
      expect(bad.statusCode).toBe(400);
      const saved = await call('PUT', `${base()}/${ids.itemId}/scopes`, 'manager', scopes);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().scopes).toEqual([
        expect.objectContaining({
          kind: 'folder',
          targetId: p.folders.WIP,
          targetName: 'WIP',
          includeDynamic: null,
        }),
      ]);

      // a model delivered into a folder under WIP is checked without anyone asking
      model = await upload(penstock, p.folders['WIP/Process']!, p.cookies.member, 'plant.ifc', plantIfc());
      await settled(penstock);
      const { checks, inScope } = await checksOf(model.versionId);
      expect(inScope).toBe(true);
      expect(checks).toHaveLength(1);
      const check = checks[0]!;
      expect(check).toMatchObject({
        idsVersionId: ids.versionId,
        idsFileName: 'plant.ids',
        idsTitle: 'Plant test requirements',
        status: 'done',
        pass: false,
        includeDynamic: false,
        counts: { specifications: 2, passed: 1, failed: 1, requiredFailed: 1 },
      });
      const [valves, pumps] = check.specifications;
      expect(valves).toMatchObject({ pass: true, failed: 0 });
      expect(valves!.applicable).toBeGreaterThan(0);
      expect(valves!.passed).toBe(valves!.applicable);
      expect(pumps).toMatchObject({ pass: false, passed: 0 });
      expect(pumps!.failed).toBe(pumps!.applicable);

      // a model outside the scope is not checked
      const elsewhere = await upload(
        penstock,
        p.folders['Shared']!,
        p.cookies.manager,
        'other.ifc',
        plantIfc(30, 3),
      );
      await settled(penstock);
      expect(await checksOf(elsewhere.versionId)).toMatchObject({ inScope: false, checks: [] });
    }, 120_000);

    it('answers failing objects by specification, object states for colours, and one object', async () => {
      const [check] = (await checksOf(model.versionId)).checks;
      const page = (
        await call('GET', `${base()}/checks/${check!.id}/specifications/1/failures?limit=2`, 'viewer')
      ).json<IdsFailuresPage>();
      expect(page.total).toBe(check!.specifications[1]!.failed);
      expect(page.objects).toHaveLength(2);
      const pump = page.objects[0]!;
      expect(pump).toMatchObject({ ifcClass: 'IFCPUMP', globalId: expect.any(String) });
      expect(pump.failures).toEqual([
        {
          requirement: 0,
          facet: 'property',
          expected: "must have property 'Penstock_Dynamic'.'Duty Flow (l/s)'",
          found: "No property set 'Penstock_Dynamic'",
        },
      ]);
      const found = (
        await call(
          'GET',
          `${base()}/checks/${check!.id}/specifications/1/failures?search=${pump.globalId}`,
          'viewer',
        )
      ).json<IdsFailuresPage>();
      expect(found.objects.map((o) => o.expressId)).toEqual([pump.expressId]);

      const states = (
        await call('GET', `${base()}/checks/${check!.id}/objects`, 'viewer')
      ).json<IdsObjectStates>();
      expect(states.failing).toHaveLength(check!.specifications[1]!.failed);
      expect(states.failing).toContain(pump.expressId);
      expect(states.passing).toHaveLength(check!.specifications[0]!.passed);
      const valveStates = (
        await call('GET', `${base()}/checks/${check!.id}/objects?specification=0`, 'viewer')
      ).json<IdsObjectStates>();
      expect(valveStates.failing).toEqual([]);

      // the properties panel asks by GlobalId (the pump) or express id (a valve, which passes)
      const object = (
        await call('GET', `${base()}/object?versionId=${model.versionId}&globalId=${pump.globalId}`, 'viewer')
      ).json<IdsObjectResults>();
      expect(object).toMatchObject({ expressId: pump.expressId, globalId: pump.globalId });
      expect(object.results).toEqual([
        expect.objectContaining({
          specificationName: 'Pumps have a duty flow',
          pass: false,
          failures: pump.failures,
        }),
      ]);
      const valve = (
        await call(
          'GET',
          `${base()}/object?versionId=${model.versionId}&expressId=${valveStates.passing[0]}`,
          'viewer',
        )
      ).json<IdsObjectResults>();
      expect(valve.results).toEqual([
        expect.objectContaining({ specificationName: 'Valves have a size', pass: true, failures: [] }),
      ]);

      expect(
        (await call('GET', `${base()}/checks/${check!.id}/specifications/9/failures`, 'viewer')).statusCode,
      ).toBe(404);
      expect((await call('GET', `${base()}/checks/${check!.id}`, 'outsider')).statusCode).toBe(404);
      expect((await call('GET', `${base()}/checks?versionId=nope`, 'viewer')).statusCode).toBe(400);
    });

    it('checks dynamic values as Penstock_Dynamic when the project says so, and again on a recheck', async () => {
      const refused = await call('PUT', `${base()}/settings`, 'member', {
        gate: 'warn',
        includeDynamic: true,
      });
      expect(refused.statusCode).toBe(403);
      expect((await call('PUT', `${base()}/settings`, 'manager', { gate: 'sometimes' })).statusCode).toBe(
        400,
      );
      // the duty flow of the first pump entered in Penstock
      const tag = (
        await penstock.database.db
          .selectFrom('model_objects')
          .select('tag')
          .where('version_id', '=', model.versionId)
          .where('ifc_class', '=', 'IfcPump')
          .orderBy('local_id')
          .executeTakeFirstOrThrow()
      ).tag;
      await penstock.database.db
        .insertInto('dynamic_values')
        .values({
          project_id: p.projectId,
          file_name: 'plant.ifc',
          tag,
          guid: '',
          category: 'Pump',
          locked: 0,
          values: JSON.stringify([{ propName: 'Duty Flow (l/s)', propValue: '42.5' }]),
          updated_by: 'test',
          updated_at: new Date().toISOString(),
        })
        .execute();
      const saved = await call('PUT', `${base()}/settings`, 'manager', {
        gate: 'warn',
        includeDynamic: true,
      });
      expect(saved.json()).toMatchObject({ gate: 'warn', includeDynamic: true });
      await settled(penstock);
      const [check] = (await checksOf(model.versionId)).checks;
      expect(check).toMatchObject({ status: 'done', includeDynamic: true });
      const pumps = check!.specifications[1]!;
      expect(pumps.passed).toBe(1);
      expect(pumps.failed).toBe(pumps.applicable - 1);

      expect(
        (await call('POST', `${base()}/recheck`, 'viewer', { versionId: model.versionId })).statusCode,
      ).toBe(403);
      const again = await call('POST', `${base()}/recheck`, 'member', { versionId: model.versionId });
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({ queued: 1 });
      await settled(penstock);
      expect((await checksOf(model.versionId)).checks[0]).toMatchObject({ status: 'done', id: check!.id });
    }, 120_000);

    it('checks the models in scope against a new IDS version, and a model in a new scope', async () => {
      // a new version of the IDS file: every pump tagged now, which passes
      const second = await upload(
        penstock,
        p.folders['WIP/Process']!,
        p.cookies.member,
        'plant.ids',
        TAGS_IDS,
      );
      expect(second.itemId).toBe(ids.itemId);
      await settled(penstock);
      const { checks } = await checksOf(model.versionId);
      expect(checks.map((c) => [c.idsVersionId, c.status, c.pass])).toEqual([
        [second.versionId, 'done', true],
      ]);

      // an invalid version is kept but the last valid one stays in use
      await upload(penstock, p.folders['WIP/Process']!, p.cookies.member, 'plant.ids', 'broken');
      await settled(penstock);
      const entry = (await overview()).documents.find((d) => d.itemId === ids.itemId)!;
      expect(entry.validation.status).toBe('invalid');
      expect(entry.validVersionId).toBe(second.versionId);
      expect((await checksOf(model.versionId)).checks.map((c) => c.idsVersionId)).toEqual([second.versionId]);

      // the model outside WIP, named as a scope of its own
      const other = (await overview()).documents; // (no model of Shared was in scope)
      expect(other).toBeDefined();
      const shared = await upload(
        penstock,
        p.folders['Shared']!,
        p.cookies.manager,
        'shared.ifc',
        plantIfc(20, 5),
      );
      await settled(penstock);
      await call('PUT', `${base()}/${ids.itemId}/scopes`, 'manager', {
        scopes: [
          { kind: 'folder', targetId: p.folders.WIP },
          { kind: 'model', targetId: shared.itemId, includeDynamic: false },
        ],
      });
      await settled(penstock);
      const sharedChecks = await checksOf(shared.versionId);
      expect(sharedChecks.checks).toEqual([
        expect.objectContaining({ status: 'done', pass: true, includeDynamic: false }),
      ]);
    }, 120_000);

    it('fails the check of a model that cannot be read, with the reason', async () => {
      const broken = plantIfc(20, 6).toString('latin1').replace('IFCPROJECT(', 'IFCPROJECT((((');
      const cut = `${broken.slice(0, Math.floor(broken.length / 2))}`;
      const bad = await upload(penstock, p.folders['WIP/Process']!, p.cookies.member, 'cut.ifc', cut);
      await settled(penstock);
      const { checks } = await checksOf(bad.versionId);
      expect(checks).toEqual([
        expect.objectContaining({
          status: 'failed',
          pass: null,
          error: expect.stringMatching(/incomplete \(it does not end with END-ISO-10303-21;\)/),
        }),
      ]);
      const failures = await call(
        'GET',
        `${base()}/checks/${checks[0]!.id}/specifications/0/failures`,
        'viewer',
      );
      expect(failures.statusCode).toBe(409);
      expect(failures.json().error).toMatch(/^The check failed: The model cannot be read/);
    }, 120_000);
  });
}
