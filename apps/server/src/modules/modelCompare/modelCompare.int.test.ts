/**
 * Model compare (issue 34 §2, §5) on a real IFC model (DrainageSystem-1-2.ifc from ../shared/fixtures) with
 * edits made here in its STEP text: a pipe removed, a property value changed, a chamber moved. The compare
 * gives exactly those changes; two conversions of the same file give none. Then the filters, the workbook,
 * changes raised as issues, the version's summary, and the bad input.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue, ModelChangesPage, ModelCompare, VersionCompareSummary } from '@penstock/shared';
import {
  createTestPenstock,
  multipartFile,
  rowCounts,
  testDatabases,
  type TestPenstock,
} from '../../test/harness.ts';
import { editIfc } from './ifcEdits.testing.ts';

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../shared/fixtures', name));

const DRAINAGE = fixture('ifc/DrainageSystem-1-2.ifc').toString('latin1');
/** the pipe removed (#289), the chamber whose ChamberLengthOrRadius changes (#82), the chamber moved (#58) */
const REMOVED_PIPE = '2u07$92hL9M9JK_$0m$P6A';
const CHANGED_CHAMBER = '2tRVrGMJjC3wCy2hHHZB5S';
const MOVED_CHAMBER = '3gWZG4eW55qw1HrNkf6q74';

const EDITED = editIfc(DRAINAGE, {
  remove: [289],
  replace: [
    [
      "#467= IFCPROPERTYSINGLEVALUE('ChamberLengthOrRadius',$,IFCPOSITIVELENGTHMEASURE(0.4),$);",
      (line) => line.replace('(0.4)', '(0.45)'),
    ],
    // H4's placement point, 2 m east
    [
      '#52= IFCCARTESIANPOINT((24525670.103747,',
      (line) => line.replace('24525670.103747', '24525672.103747'),
    ],
  ],
});

for (const kind of await testDatabases()) {
  describe(`model compare on a real IFC model (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    const cookies = {} as Record<'member' | 'viewer' | 'outsider', string>;
    const versions = {} as Record<'v1' | 'v2' | 'copy' | 'pdf' | 'foreign', string>;

    const call = (method: string, url: string, who: keyof typeof cookies, payload?: unknown) =>
      penstock.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: cookies[who] },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const compare = (baseVersionId: string, headVersionId: string, who: keyof typeof cookies = 'member') =>
      call('POST', '/api/model-compares', who, { baseVersionId, headVersionId });
    const settled = async () => {
      await penstock.jobs.idle();
      await penstock.compareJobs.idle();
    };

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const people = {} as Record<keyof typeof cookies, string>;
      for (const who of ['member', 'viewer', 'outsider'] as const) {
        const user = await penstock.createUser({ name: `Compare ${who}` });
        people[who] = user.id;
        cookies[who] = await penstock.signIn(user.email);
      }
      const project = await penstock.createProject('Drainage works', [
        { userId: people.member, role: 'member' },
        { userId: people.viewer, role: 'viewer' },
      ]);
      const elsewhere = await penstock.createProject('Elsewhere', [
        { userId: people.outsider, role: 'member' },
      ]);
      projectId = project.id;
      const upload = async (folderId: string, name: string, content: Buffer, who: keyof typeof cookies) => {
        const { payload, headers } = multipartFile(name, content);
        const answer = await penstock.app.inject({
          method: 'POST',
          url: `/api/folders/${folderId}/files`,
          payload,
          headers: { ...headers, cookie: cookies[who] },
        });
        expect(answer.statusCode, answer.body).toBe(201);
        return (answer.json() as { version: { id: string } }).version.id;
      };
      versions.v1 = await upload(
        project.folders.WIP!,
        'drainage.ifc',
        Buffer.from(DRAINAGE, 'latin1'),
        'member',
      );
      await penstock.jobs.idle();
      versions.v2 = await upload(
        project.folders.WIP!,
        'drainage.ifc',
        Buffer.from(EDITED, 'latin1'),
        'member',
      );
      versions.copy = await upload(
        project.folders.WIP!,
        'copy.ifc',
        Buffer.from(DRAINAGE, 'latin1'),
        'member',
      );
      versions.pdf = await upload(
        project.folders.WIP!,
        'sheet.pdf',
        fixture('pdf/Test-plusminus.pdf'),
        'member',
      );
      versions.foreign = await upload(
        elsewhere.folders.WIP!,
        'theirs.ifc',
        Buffer.from(DRAINAGE, 'latin1'),
        'outsider',
      );
      await settled();
    }, 180_000);
    afterAll(async () => {
      await penstock?.jobs.idle();
      await penstock?.compareJobs.idle();
      await penstock?.destroy();
    });

    it('finds exactly the removed pipe, the changed property and the moved chamber (queued after conversion)', async () => {
      // the conversion of version 2 queued its compare against version 1: asking again answers it at once
      const asked = await compare(versions.v1, versions.v2);
      expect(asked.statusCode, asked.body).toBe(200);
      const done = asked.json() as ModelCompare;
      expect(done).toMatchObject({
        status: 'done',
        baseVersionId: versions.v1,
        headVersionId: versions.v2,
        projectId,
      });
      expect(done.summary).toMatchObject({ added: 0, removed: 1, changed: 2 });
      expect(done.summary!.aspects).toEqual({
        attributes: 0,
        properties: 1,
        type: 0,
        placement: 1,
        geometry: 0,
      });

      const page = (
        await call('GET', `/api/model-compares/${done.id}/changes`, 'viewer')
      ).json() as ModelChangesPage;
      expect(page.total).toBe(3);
      const byGuid = new Map(page.changes.map((change) => [change.globalId, change]));
      expect(byGuid.get(REMOVED_PIPE)).toMatchObject({
        kind: 'removed',
        ifcClass: 'IfcPipeSegment',
        head: null,
        base: { versionId: versions.v1, localId: 289 },
        aspects: [],
      });
      expect(byGuid.get(CHANGED_CHAMBER)).toMatchObject({
        kind: 'changed',
        matchedBy: 'globalId',
        aspects: ['properties'],
        properties: [
          {
            set: 'imPset_DistributionChamberTypeManhole',
            name: 'ChamberLengthOrRadius',
            old: expect.stringMatching(/^0\.4\b/),
            new: expect.stringMatching(/^0\.45\b/),
          },
        ],
        base: { versionId: versions.v1, localId: 82 },
        head: { versionId: versions.v2, localId: 82 },
      });
      const moved = byGuid.get(MOVED_CHAMBER)!;
      expect(moved).toMatchObject({ kind: 'changed', aspects: ['placement'], placement: { rotated: false } });
      expect(moved.placement!.moved).toBeCloseTo(2, 2);
      expect(moved.properties).toBeUndefined();
      expect(page.facets.property).toEqual(['imPset_DistributionChamberTypeManhole.ChamberLengthOrRadius']);

      // the version list's summary
      const summary = (
        await call('GET', `/api/versions/${versions.v2}/compare-summary`, 'viewer')
      ).json() as VersionCompareSummary;
      expect(summary).toMatchObject({ versionId: versions.v2, previousVersionId: versions.v1, reason: null });
      expect(summary.compare!.id).toBe(done.id);
      const first = (
        await call('GET', `/api/versions/${versions.v1}/compare-summary`, 'viewer')
      ).json() as VersionCompareSummary;
      expect(first).toMatchObject({
        previousVersionId: null,
        compare: null,
        reason: 'This is the first version',
      });
    });

    it('gives no change for two conversions of the same file, stored once per ordered pair', async () => {
      const asked = await compare(versions.v1, versions.copy, 'viewer');
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json()).toMatchObject({ status: 'queued' });
      await settled();
      const again = await compare(versions.v1, versions.copy);
      expect(again.statusCode).toBe(200);
      const done = again.json() as ModelCompare;
      expect(done.id).toBe((asked.json() as ModelCompare).id);
      expect(done.status).toBe('done');
      expect(done.summary).toMatchObject({ added: 0, removed: 0, changed: 0 });
      expect(done.summary!.unchanged).toBeGreaterThan(10);
      const page = (
        await call('GET', `/api/model-compares/${done.id}/changes`, 'member')
      ).json() as ModelChangesPage;
      expect(page).toEqual({ total: 0, changes: [], facets: { ifcClass: [], storey: [], property: [] } });
    });

    it('filters the changes, exports them to XLSX and raises the chosen ones as issues pinned on their objects', async () => {
      const { id } = (await compare(versions.v1, versions.v2)).json() as ModelCompare;
      const list = async (query: string) =>
        (
          await call('GET', `/api/model-compares/${id}/changes?${query}`, 'member')
        ).json() as ModelChangesPage;
      expect((await list('kind=removed')).changes.map((c) => c.globalId)).toEqual([REMOVED_PIPE]);
      expect((await list('aspect=placement')).changes.map((c) => c.globalId)).toEqual([MOVED_CHAMBER]);
      expect((await list('property=ChamberLengthOrRadius')).changes.map((c) => c.globalId)).toEqual([
        CHANGED_CHAMBER,
      ]);
      expect((await list('property=imPset_DistributionChamberTypeManhole.ChamberLengthOrRadius')).total).toBe(
        1,
      );
      expect((await list('ifcClass=IfcPipeSegment')).total).toBe(1);
      expect(
        (await list(`search=${encodeURIComponent('3GWZG4EW55')}`)).changes.map((c) => c.globalId),
      ).toEqual([MOVED_CHAMBER]);
      expect((await list('limit=1&offset=1')).changes).toHaveLength(1);
      expect((await call('GET', `/api/model-compares/${id}/changes?kind=renamed`, 'member')).statusCode).toBe(
        400,
      );

      const xlsx = await call('GET', `/api/model-compares/${id}/changes.xlsx?kind=changed`, 'viewer');
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-disposition']).toContain('drainage changes.xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Changes')!;
      expect(sheet.rowCount).toBe(3);
      const details = [2, 3].map((row) => String(sheet.getRow(row).getCell(10).value));
      expect(details.join('\n')).toContain('ChamberLengthOrRadius');
      expect(details.join('\n')).toMatch(/Placement: moved 2(\.\d+)? m/);

      const all = await list('');
      const removed = all.changes.find((c) => c.kind === 'removed')!;
      const changed = all.changes.find((c) => c.globalId === CHANGED_CHAMBER)!;
      // a viewer may read the compare but not raise issues
      const refused = await call('POST', `/api/model-compares/${id}/issues`, 'viewer', {
        changeIds: [changed.id],
      });
      expect(refused.statusCode).toBe(403);
      const before = (await rowCounts(penstock.database.db)).issues;
      const bad = await call('POST', `/api/model-compares/${id}/issues`, 'member', {
        changeIds: [changed.id, 999],
      });
      expect(bad.statusCode).toBe(400);
      expect((await rowCounts(penstock.database.db)).issues).toBe(before);
      const raised = await call('POST', `/api/model-compares/${id}/issues`, 'member', {
        changeIds: [changed.id, removed.id],
        dueDate: '2027-01-15',
      });
      expect(raised.statusCode, raised.body).toBe(201);
      const issues = raised.json() as Issue[];
      expect(issues).toHaveLength(2);
      const [onChanged, onRemoved] = [...issues].sort((a, b) => a.title.localeCompare(b.title));
      expect(onChanged!.title).toMatch(/^Changed: .+ \(IfcDistributionChamberElement\)$/);
      expect(onChanged!.description).toContain('ChamberLengthOrRadius');
      expect(onChanged!.linkedDocuments[0]).toMatchObject({
        documentId: versions.v2,
        details: { objectId: 82 },
      });
      expect(onRemoved!.title).toMatch(/^Removed: .+ \(IfcPipeSegment\)$/);
      expect(onRemoved!.linkedDocuments[0]).toMatchObject({
        documentId: versions.v1,
        details: { objectId: 289 },
      });
      expect(onRemoved!.dueDate).toBe('2027-01-15');
    });

    it('refuses a drawing, a version still converting, the same version twice and versions the asker may not read', async () => {
      const drawing = await compare(versions.v1, versions.pdf);
      expect(drawing.statusCode).toBe(400);
      expect(drawing.json().error).toMatch(/sheet\.pdf .*is not a model/);
      const same = await compare(versions.v1, versions.v1);
      expect(same.statusCode).toBe(400);
      expect(same.json().error).toBe('Choose two different versions to compare');

      await penstock.database.db
        .updateTable('conversions')
        .set({ state: 'running' })
        .where('version_id', '=', versions.copy)
        .execute();
      const converting = await compare(versions.v2, versions.copy);
      expect(converting.statusCode).toBe(400);
      expect(converting.json().error).toMatch(/copy\.ifc \(version 1.*\) is still converting/);
      await penstock.database.db
        .updateTable('conversions')
        .set({ state: 'done' })
        .where('version_id', '=', versions.copy)
        .execute();

      // a version of a project the asker is not a member of is not found, either way round
      expect((await compare(versions.v1, versions.foreign)).statusCode).toBe(404);
      expect((await compare(versions.foreign, versions.v1, 'outsider')).statusCode).toBe(404);
      const { id } = (await compare(versions.v1, versions.v2)).json() as ModelCompare;
      expect((await call('GET', `/api/model-compares/${id}`, 'outsider')).statusCode).toBe(404);
      expect((await call('GET', `/api/model-compares/${id}/changes`, 'outsider')).statusCode).toBe(404);
      expect(
        (await call('GET', '/api/model-compares/mc.00000000-0000-4000-8000-000000000000', 'member'))
          .statusCode,
      ).toBe(404);
      expect((await call('GET', '/api/model-compares/nope', 'member')).statusCode).toBe(400);
      expect((await call('POST', '/api/model-compares', 'member', { baseVersionId: 'x' })).statusCode).toBe(
        400,
      );
    });
  });
}
