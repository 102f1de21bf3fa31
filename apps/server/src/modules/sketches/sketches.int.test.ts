import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SKETCH_LIST_KEYS,
  SKETCH_VERSION,
  SketchListsSchema,
  defaultPidSpec,
  StageSpecSchema,
  type SavedSketch,
  type SketchListKey,
} from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { STALE_LIST } from './sketches.service.ts';

/** A multipart/form-data body of plain text fields, for inject(). */
function form(fields: Record<string, string>) {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// a 1×1 PNG
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** One element of every kind, as the editor sends them (some fields left to the schema's defaults). */
const SAMPLE: Record<SketchListKey, unknown[]> = {
  Images: [
    {
      id: 'i1',
      tool: 'image',
      x: 100,
      y: 120,
      src: '/symbols/valves/gate-valve.svg',
      pidItem: 'gate-valve.svg',
      z: 3,
      tag: 'GV-101',
      itemClass: 'Gate Valve',
      props: { 'Drilling Specification': 'BS EN 1092-1 PN16' },
    },
    {
      id: 'i2',
      tool: 'image',
      x: 0,
      y: 120,
      src: '/symbols/pumps-fans-blower-compressors/centrifugal-pump-1.svg',
      tag: 'P-101',
      tagOffset: { x: 0, y: 60 },
    },
  ],
  Texts: [{ id: 't1', tool: 'text', x: 10, y: 20, text: 'Inlet\nworks', colour: '#ff0000', fontSize: 24 }],
  Lines: [{ id: 'l1', tool: 'pen', points: [0, 0, 5, 5, 10, 3], colour: 'rgb(0, 128, 0)' }],
  StraightLines: [{ id: 's1', tool: 'dotted', points: [0, 0, 100, 0], rotation: 45 }],
  Arrows: [{ id: 'a1', tool: 'arrow', points: [0, 0, 50, 50], scaleX: 2, scaleY: 0.5 }],
  Rects: [{ id: 'r1', tool: 'rect', x: 5, y: 6, width: 40, height: 30, colour: 'blue' }],
  Circles: [{ id: 'c1', tool: 'circle', x: 70, y: 80, radius: 15 }],
  UploadedImages: [{ id: 'u1', tool: 'uploadedImage', x: 50, y: 50, width: 200, height: 200, src: PNG }],
  Pipelines: [
    {
      id: 'p1',
      tool: 'pipeline',
      points: [80, 126, 100, 126, 100, 160],
      start: { itemId: 'i2', portId: 'E' },
      end: { itemId: 'i1', portId: 'W' },
      lineType: 'Pipeline (Minor)',
      line: {
        lineNumber: '100-WW-101',
        fluidCode: 'WW',
        nominalSize: 'DN100',
        pipeSpec: 'DISF',
        traced: true,
      },
      props: { 'Above Ground / Below Ground': 'AG' },
    },
  ],
  SignalLines: [
    { id: 'g1', tool: 'signal', points: [0, 0, 0, 40], start: null, end: { itemId: 'i1', portId: 'E' } },
  ],
};
const PID_SPEC = {
  grid: { size: 10, show: false, snap: true },
  metresPerUnit: 0.05,
  numbering: { pattern: '{prefix}-{area}{seq:3}', area: '2' },
};
const STAGE = { scale: 1.5, x: -20, y: 35 };

/** The save call's fields: every list and the view as JSON text. */
function sketchFields(
  lists: Partial<Record<SketchListKey, unknown[]>> = SAMPLE,
  extra: Record<string, string> = {},
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const key of SKETCH_LIST_KEYS) fields[key] = JSON.stringify(lists[key] ?? []);
  fields.StageSpec = JSON.stringify(STAGE);
  fields.PidSpec = JSON.stringify(PID_SPEC);
  return { ...fields, ...extra };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const kind of await testDatabases()) {
  describe(`P&ID sketches (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    let otherProjectId: string;
    const cookies: Record<string, string> = {};

    const call = (url: string, fields: Record<string, string>, who: string) => {
      const { payload, headers } = form(fields);
      return penstock.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...headers, cookie: cookies[who]! },
      });
    };
    const save = (project: string, drawingName: string, fields = sketchFields(), who = 'member') =>
      call('/api/savepidsketch', { Project: project, DrawingName: drawingName, ...fields }, who);
    const list = async (project = projectId, who = 'member'): Promise<SavedSketch[]> => {
      const response = await call('/api/getpidsketch', { Project: project }, who);
      expect(response.statusCode).toBe(200);
      return response.json() as SavedSketch[];
    };
    const names = async (project = projectId) => (await list(project)).map((s) => s.DrawingName).sort();
    const remove = (fields: Record<string, string>, who = 'member') =>
      call('/api/deletepidsketch', fields, who);
    const rowCount = async (project: string) =>
      (
        await penstock.database.db
          .selectFrom('pid_sketches')
          .select('id')
          .where('project_id', '=', project)
          .execute()
      ).length;

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const ids: Record<string, string> = {};
      for (const who of ['member', 'viewer', 'outsider']) {
        ids[who] = (await penstock.createUser({ name: `The ${who}`, email: `${who}@sketch.test` })).id;
        cookies[who] = await penstock.signIn(`${who}@sketch.test`);
      }
      projectId = (
        await penstock.createProject('Sketch Project', [
          { userId: ids.member!, role: 'member' },
          { userId: ids.viewer!, role: 'viewer' },
        ])
      ).id;
      otherProjectId = (
        await penstock.createProject('Other Project', [{ userId: ids.member!, role: 'member' }])
      ).id;
    });
    afterAll(() => penstock.destroy());

    it('saves a sketch and loads it back element by element; any member lists, newest first', async () => {
      const saved = await save(projectId, 'Inlet works - 24/11/2026, 10:00:00');
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({
        saved: 'Inlet works - 24/11/2026, 10:00:00',
        overwritten: false,
        updatedAt: expect.any(String),
        // Penstock's addition: the sketch's id and the version of its history the save kept
        id: expect.stringMatching(/^s\./),
        number: 1,
      });

      const [sketch, ...rest] = await list(projectId, 'viewer');
      expect(rest).toEqual([]);
      expect(sketch).toMatchObject({
        DrawingName: 'Inlet works - 24/11/2026, 10:00:00',
        Project: projectId,
        StageSpec: STAGE,
        PidSpec: PID_SPEC,
        Version: SKETCH_VERSION,
        updatedBy: 'The member',
      });
      expect(sketch!.updatedAt).toBe(saved.json().updatedAt);
      expect(Date.parse(sketch!.updatedAt)).not.toBeNaN();
      const expected = SketchListsSchema.parse(SAMPLE);
      for (const key of SKETCH_LIST_KEYS) {
        expect(sketch![key]).toHaveLength(expected[key].length);
        expected[key].forEach((element, index) => expect(sketch![key][index]).toEqual(element));
      }
      // the schema's defaults are filled in: a symbol's size, a circle's colour
      expect(sketch!.Images[0]).toMatchObject({ width: 80, height: 80, rotation: 0 });
      expect(sketch!.Circles[0]).toMatchObject({ colour: 'black', scaleX: 1 });

      await pause(5);
      expect((await save(projectId, 'Outfall - 24/11/2026, 10:05:00')).statusCode).toBe(200);
      expect((await list()).map((s) => s.DrawingName)).toEqual([
        'Outfall - 24/11/2026, 10:05:00',
        'Inlet works - 24/11/2026, 10:00:00',
      ]);
    });

    it('overwrites the sketch of the same typed name, keeping one row', async () => {
      const changed = sketchFields({ Rects: [{ id: 'r9', tool: 'rect', width: 1, height: 2 }] });
      const again = await save(projectId, 'Inlet works - 24/11/2026, 11:30:00', changed);
      expect(again.json()).toMatchObject({ saved: 'Inlet works - 24/11/2026, 11:30:00', overwritten: true });
      const sketches = await list();
      expect(sketches.map((s) => s.DrawingName)).toEqual([
        'Inlet works - 24/11/2026, 11:30:00',
        'Outfall - 24/11/2026, 10:05:00',
      ]);
      expect(sketches[0]!.Rects).toEqual([
        SketchListsSchema.shape.Rects.parse(JSON.parse(changed.Rects!))[0],
      ]);
      expect(sketches[0]!.Images).toEqual([]);
      expect(await rowCount(projectId)).toBe(2);
    });

    it('deletes a sketch by name; an unknown name is 404', async () => {
      await save(projectId, 'Scratch - 24/11/2026, 12:00:00');
      const remaining = JSON.stringify([{ DrawingName: 'Outfall - 24/11/2026, 10:05:00' }]);
      const deleted = await remove({
        Project: projectId,
        DrawingName: 'Scratch - 24/11/2026, 12:00:00',
        formData: remaining,
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ deleted: 'Scratch - 24/11/2026, 12:00:00' });
      expect(await names()).toEqual(['Inlet works - 24/11/2026, 11:30:00', 'Outfall - 24/11/2026, 10:05:00']);

      const missing = await remove({ Project: projectId, DrawingName: 'Scratch - 24/11/2026, 12:00:00' });
      expect(missing.statusCode).toBe(404);
      expect(await rowCount(projectId)).toBe(2);
    });

    it('deletes by the list of remaining sketches only when it leaves out exactly one', async () => {
      await save(projectId, 'Third - 24/11/2026, 13:00:00');
      const before = await names();
      // a stale list: two saved sketches are not in it
      const stale = await remove({
        Project: projectId,
        formData: JSON.stringify([{ DrawingName: 'Outfall - 24/11/2026, 10:05:00' }]),
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ error: STALE_LIST });
      expect(await names()).toEqual(before);

      // the spec's call: the remaining sketches, whole
      const kept = (await list()).filter((s) => s.DrawingName !== 'Third - 24/11/2026, 13:00:00');
      const ok = await remove({ Project: projectId, formData: JSON.stringify(kept) });
      expect(ok.json()).toEqual({ deleted: 'Third - 24/11/2026, 13:00:00' });
      expect(await names()).toEqual(kept.map((s) => s.DrawingName).sort());

      const nothing = await remove({ Project: projectId, formData: JSON.stringify(kept) });
      expect(nothing.statusCode).toBe(400);
      expect(await names()).toEqual(kept.map((s) => s.DrawingName).sort());
    });

    it("never touches another project's sketch, nor writes anything from the list", async () => {
      expect((await save(otherProjectId, 'Other - 24/11/2026, 09:00:00')).statusCode).toBe(200);
      await save(projectId, 'Fourth - 24/11/2026, 14:00:00');
      const mine = await names();

      // the other project's sketch named in the list is ignored; its content is not written here
      const other = (await list(otherProjectId))[0]!;
      const listed = mine
        .filter((name) => name !== 'Fourth - 24/11/2026, 14:00:00')
        .map((DrawingName) => ({ DrawingName }));
      const answer = await remove({
        Project: projectId,
        formData: JSON.stringify([...listed, other, { DrawingName: 'Nowhere - 1/1/2000, 00:00:00' }]),
      });
      expect(answer.json()).toEqual({ deleted: 'Fourth - 24/11/2026, 14:00:00' });
      expect(await names()).toEqual(mine.filter((name) => name !== 'Fourth - 24/11/2026, 14:00:00'));

      // by name, within the project given only
      const byName = await remove({ Project: projectId, DrawingName: 'Other - 24/11/2026, 09:00:00' });
      expect(byName.statusCode).toBe(404);
      expect(await names(otherProjectId)).toEqual(['Other - 24/11/2026, 09:00:00']);
      expect(await rowCount(otherProjectId)).toBe(1);
    });

    it('lets viewers read only, and hides the project from non-members', async () => {
      const before = await names();
      expect((await list(projectId, 'viewer')).length).toBe(before.length);
      const target = before[0]!;

      const viewerSave = await save(projectId, 'Viewer - 24/11/2026, 15:00:00', sketchFields(), 'viewer');
      expect(viewerSave.statusCode).toBe(403);
      expect((await remove({ Project: projectId, DrawingName: target }, 'viewer')).statusCode).toBe(403);
      const viewerList = await remove({ Project: projectId, formData: '[]' }, 'viewer');
      expect(viewerList.statusCode).toBe(403);

      expect((await call('/api/getpidsketch', { Project: projectId }, 'outsider')).statusCode).toBe(404);
      const outsiderSave = await save(
        projectId,
        'Outsider - 24/11/2026, 15:00:00',
        sketchFields(),
        'outsider',
      );
      expect(outsiderSave.statusCode).toBe(404);
      expect((await remove({ Project: projectId, DrawingName: target }, 'outsider')).statusCode).toBe(404);
      const unknown = `b.${crypto.randomUUID()}`;
      expect((await call('/api/getpidsketch', { Project: unknown }, 'member')).statusCode).toBe(404);
      const anonymous = await penstock.app.inject({ method: 'POST', url: '/api/getpidsketch', ...form({}) });
      expect(anonymous.statusCode).toBe(401);

      expect(await names()).toEqual(before);
    });

    it('takes a JSON body as well as multipart', async () => {
      const post = (url: string, payload: object) =>
        penstock.app.inject({ method: 'POST', url, payload, headers: { cookie: cookies.member! } });
      const saved = await post('/api/savepidsketch', {
        Project: projectId,
        DrawingName: 'Json - 24/11/2026, 16:00:00',
        Texts: [{ id: 'j1', tool: 'text', text: 'from JSON' }],
        StageSpec: JSON.stringify(STAGE),
      });
      expect(saved.json()).toMatchObject({ saved: 'Json - 24/11/2026, 16:00:00', overwritten: false });
      const listed = (await post('/api/getpidsketch', { Project: projectId })).json() as SavedSketch[];
      expect(listed[0]).toMatchObject({ DrawingName: 'Json - 24/11/2026, 16:00:00', Lines: [] });
      expect(listed[0]!.Texts[0]).toMatchObject({ text: 'from JSON', fontSize: 20, colour: 'black' });
      const deleted = await post('/api/deletepidsketch', {
        Project: projectId,
        formData: listed
          .filter((s) => !s.DrawingName.startsWith('Json'))
          .map((s) => ({ DrawingName: s.DrawingName })),
      });
      expect(deleted.json()).toEqual({ deleted: 'Json - 24/11/2026, 16:00:00' });
    });

    it('refuses bad sketches with a clear message and writes nothing', async () => {
      const before = JSON.stringify(await list());
      const name = 'Refused - 24/11/2026, 17:00:00';
      const refused = async (fields: Record<string, string>, status: number, message: RegExp | string) => {
        const response = await call('/api/savepidsketch', fields, 'member');
        expect(response.statusCode, response.body).toBe(status);
        const { error } = response.json() as { error: string };
        if (typeof message === 'string') expect(error).toBe(message);
        else expect(error).toMatch(message);
      };
      const withLists = (
        lists: Partial<Record<SketchListKey, unknown[]>>,
        extra: Record<string, string> = {},
      ) => ({
        Project: projectId,
        DrawingName: name,
        ...sketchFields(lists, extra),
      });

      await refused({ ...withLists(SAMPLE), Rects: '[{"id": "r1",' }, 400, /^Rects is not valid JSON/);
      await refused({ ...withLists(SAMPLE), StageSpec: 'scale=2' }, 400, /^StageSpec is not valid JSON/);
      await refused(
        withLists({
          Rects: [{ id: 'r1', tool: 'rect', width: 4, height: 4, colour: 'url(javascript:alert(1))' }],
        }),
        400,
        "Rects[0].colour (element 'r1'): Invalid colour",
      );
      await refused(
        withLists({ Images: [{ id: 'i7', tool: 'image', src: '/etc/passwd' }] }),
        400,
        /^Images\[0\]\.src \(element 'i7'\): Invalid symbol image path/,
      );
      await refused(
        withLists({ Circles: [{ id: 'c1', tool: 'rect', radius: 3 }] }),
        400,
        /^Circles\[0\]\.tool \(element 'c1'\)/,
      );
      await refused(withLists({ Texts: { id: 't1' } as unknown as unknown[] }), 400, /^Texts: /);
      await refused(
        withLists({ Rects: [SAMPLE.Rects[0]!], Circles: [{ ...(SAMPLE.Circles[0] as object), id: 'r1' }] }),
        400,
        "Element id 'r1' is used twice",
      );
      const tooMany = Array.from({ length: 5001 }, (_, i) => ({ id: `p${i}`, tool: 'pen', points: [0, 0] }));
      await refused(withLists({ Lines: tooMany }), 413, /at most 5000 elements/);
      await refused(
        withLists(SAMPLE, { StageSpec: JSON.stringify({ scale: 0 }) }),
        400,
        /^StageSpec\.scale: /,
      );
      await refused(
        withLists(SAMPLE, { Version: '3' }),
        400,
        /format version 3; this server reads versions up to 2/,
      );
      // the P&ID data (format 2)
      await refused(
        withLists({
          Pipelines: [
            { id: 'p9', tool: 'pipeline', points: [0, 0, 5, 5], start: { itemId: 'i', portId: '<W>' } },
          ],
        }),
        400,
        "Pipelines[0].start.portId (element 'p9'): Invalid port id",
      );
      await refused(
        withLists({ Pipelines: [{ id: 'p9', tool: 'pipeline', points: [0, 0] }] }),
        400,
        /^Pipelines\[0\]\.points \(element 'p9'\): A line needs at least two points/,
      );
      await refused(
        withLists(SAMPLE, { PidSpec: JSON.stringify({ grid: { size: 0 } }) }),
        400,
        /^PidSpec\.grid\.size: /,
      );
      await refused(withLists(SAMPLE, { BaseUpdatedAt: 'yesterday' }), 400, /^BaseUpdatedAt must be/);
      await refused(withLists(SAMPLE, { Version: 'one' }), 400, /^Version must be a whole number/);

      // uploaded pictures: the bytes must be the type claimed, within 5 MB
      const upload = (src: string) =>
        withLists({ UploadedImages: [{ id: 'u9', tool: 'uploadedImage', src }] });
      const text = Buffer.from('<script>alert(1)</script> not a picture').toString('base64');
      await refused(
        upload(`data:image/png;base64,${text}`),
        400,
        /^UploadedImages\[0\] \(element 'u9'\): .*not a PNG/,
      );
      await refused(upload(PNG.replace('image/png', 'image/jpeg')), 400, /element 'u9'.*not a JPEG/);
      const big = Buffer.alloc(5 * 1024 * 1024 + 10);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      await refused(
        upload(`data:image/png;base64,${big.toString('base64')}`),
        400,
        /element 'u9'.*larger than 5 MB/,
      );
      await refused(
        upload('data:image/svg+xml;base64,PHN2Zy8+'),
        400,
        /^UploadedImages\[0\]\.src \(element 'u9'\)/,
      );

      // the name and the project (spec §5, §8)
      await refused({ ...withLists(SAMPLE), DrawingName: '' }, 400, 'Drawing name empty');
      await refused({ ...withLists(SAMPLE), DrawingName: '   ' }, 400, 'Drawing name empty');
      const { DrawingName: _unused, ...noName } = withLists(SAMPLE);
      await refused(noName, 400, 'Drawing name empty');
      const { Project: _none, ...noProject } = withLists(SAMPLE);
      await refused(noProject, 400, 'No project selected');
      await refused({ ...withLists(SAMPLE), Project: 'not-a-project' }, 400, 'Invalid project id');
      const listNoProject = await call('/api/getpidsketch', {}, 'member');
      expect(listNoProject.json()).toEqual({ error: 'No project selected' });
      const deleteNoProject = await remove({ DrawingName: name });
      expect(deleteNoProject.statusCode).toBe(400);
      expect(deleteNoProject.json()).toEqual({ error: 'No project selected' });
      const deleteNothing = await remove({ Project: projectId });
      expect(deleteNothing.statusCode).toBe(400);
      const badList = await remove({ Project: projectId, formData: '[{"Drawing": 1}]' });
      expect(badList.statusCode).toBe(400);
      expect(badList.json().error).toMatch(/^formData\[0\]\.DrawingName/);

      expect(JSON.stringify(await list())).toBe(before);
    });

    it('opens a sketch saved before format 2 with no lines and the default settings', async () => {
      const old = {
        Images: [
          {
            id: 'o1',
            tool: 'image',
            x: 5,
            y: 5,
            rotation: 0,
            scaleX: 1,
            scaleY: 1,
            src: '/symbols/valves/gate-valve.svg',
            pidItem: 'gate-valve.svg',
            width: 80,
            height: 80,
          },
        ],
        Texts: [],
        Lines: [],
        StraightLines: [],
        Arrows: [],
        Rects: [],
        Circles: [],
        UploadedImages: [],
        StageSpec: { scale: 1, x: 0, y: 0 },
        Version: 1,
      };
      const now = new Date().toISOString();
      await penstock.database.db
        .insertInto('pid_sketches')
        .values({
          id: `s.${crypto.randomUUID()}`,
          project_id: otherProjectId,
          drawing_name: 'Format one - 1/11/2026, 09:00:00',
          base_name: 'Format one',
          content_json: JSON.stringify(old),
          version: 1,
          bytes: 100,
          created_by: (
            await penstock.database.db
              .selectFrom('users')
              .select('id')
              .where('email', '=', 'member@sketch.test')
              .executeTakeFirstOrThrow()
          ).id,
          created_at: now,
          updated_by: (
            await penstock.database.db
              .selectFrom('users')
              .select('id')
              .where('email', '=', 'member@sketch.test')
              .executeTakeFirstOrThrow()
          ).id,
          updated_at: now,
        })
        .execute();
      const opened = (await list(otherProjectId)).find((s) => s.DrawingName.startsWith('Format one'))!;
      expect(opened).toMatchObject({ Version: 1, Pipelines: [], SignalLines: [], PidSpec: defaultPidSpec() });
      expect(opened.Images).toEqual(old.Images);
      // …and is saved back as format 2, its symbols unchanged
      const { Project: _p, DrawingName: _d, updatedAt: _u, updatedBy: _b, Version: _v, ...content } = opened;
      const fields = Object.fromEntries(
        Object.entries(content).map(([key, value]) => [key, JSON.stringify(value)]),
      );
      const resaved = await save(otherProjectId, 'Format one - 2/11/2026, 09:00:00', {
        ...fields,
        BaseUpdatedAt: opened.updatedAt,
      });
      expect(resaved.statusCode, resaved.body).toBe(200);
      const again = (await list(otherProjectId)).find((s) => s.DrawingName.startsWith('Format one'))!;
      expect(again).toMatchObject({ Version: SKETCH_VERSION, Images: old.Images });
    });

    it('refuses with 409 a save over a sketch someone else saved since it was opened', async () => {
      const name = (time: string) => `Shared - 25/11/2026, ${time}`;
      // both open a new sketch of the same name; the first save wins, the second is told
      const first = await save(projectId, name('09:00:00'), sketchFields(SAMPLE, { BaseUpdatedAt: '' }));
      expect(first.statusCode).toBe(200);
      const racer = await save(projectId, name('09:00:01'), sketchFields(SAMPLE, { BaseUpdatedAt: '' }));
      expect(racer.statusCode).toBe(409);
      expect(racer.json().error).toMatch(
        /^The sketch 'Shared' was saved by The member at .* since you opened it/,
      );

      // Ann and Bob both load it; Ann saves a change (a pipeline moved), then Bob's save is refused
      const loaded = (await list()).find((s) => s.DrawingName === name('09:00:00'))!;
      const moved = structuredClone(SAMPLE);
      (moved.Pipelines[0] as { points: number[] }).points = [80, 126, 120, 126, 120, 160];
      const ann = await save(
        projectId,
        name('10:00:00'),
        sketchFields(moved, { BaseUpdatedAt: loaded.updatedAt }),
      );
      expect(ann.statusCode).toBe(200);
      const bob = await save(
        projectId,
        name('10:00:30'),
        sketchFields(SAMPLE, { BaseUpdatedAt: loaded.updatedAt }),
      );
      expect(bob.statusCode).toBe(409);
      const stored = (await list()).find((s) => s.DrawingName.startsWith('Shared'))!;
      expect(stored.DrawingName).toBe(name('10:00:00'));
      expect(stored.Pipelines[0]!.points).toEqual([80, 126, 120, 126, 120, 160]);

      // Ann saves again from her own last save; the spec's client (no BaseUpdatedAt) overwrites as before
      const annAgain = await save(
        projectId,
        name('11:00:00'),
        sketchFields(SAMPLE, { BaseUpdatedAt: ann.json().updatedAt }),
      );
      expect(annAgain.statusCode).toBe(200);
      expect((await save(projectId, name('12:00:00'))).statusCode).toBe(200);

      // two saves from the same version at once: exactly one wins
      const base = (await list()).find((s) => s.DrawingName.startsWith('Shared'))!.updatedAt;
      const racing = await Promise.all(
        ['13:00:00', '13:00:01', '13:00:02'].map((time) =>
          save(projectId, name(time), sketchFields(SAMPLE, { BaseUpdatedAt: base })),
        ),
      );
      expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await rowCount(projectId)).toBe((await list()).length);
    });

    it('refuses a request over 40 MB with 413, declared or counted, and writes nothing', async () => {
      const before = JSON.stringify(await list());
      const huge = 'x'.repeat(41 * 1024 * 1024);
      const declared = await save(
        projectId,
        'Huge - 24/11/2026, 18:00:00',
        sketchFields(SAMPLE, { Texts: huge }),
      );
      expect(declared.statusCode).toBe(413);
      expect(declared.json()).toEqual({ error: 'A sketch request may be at most 40 MB' });

      // no declared length (a chunked upload): two 25 MB fields are counted as they are read
      const half = 'y'.repeat(25 * 1024 * 1024);
      const { payload, headers } = form({
        Project: projectId,
        DrawingName: 'Chunked - 24/11/2026, 18:00:00',
        Texts: half,
        Lines: half,
      });
      const counted = await penstock.app.inject({
        method: 'POST',
        url: '/api/savepidsketch',
        payload: Readable.from([payload]),
        headers: { ...headers, cookie: cookies.member! },
      });
      expect(counted.statusCode).toBe(413);
      expect(counted.json()).toEqual({ error: 'A sketch request may be at most 40 MB' });

      const json = await penstock.app.inject({
        method: 'POST',
        url: '/api/savepidsketch',
        payload: JSON.stringify({ Project: projectId, DrawingName: 'Big', Texts: huge }),
        headers: { 'content-type': 'application/json', cookie: cookies.member! },
      });
      expect(json.statusCode).toBe(413);
      expect(json.json().error).toBeTruthy();
      expect(JSON.stringify(await list())).toBe(before);
    });
  });
}

describe('the sample sketch', () => {
  it('is valid as the editor would send it', () => {
    expect(SketchListsSchema.safeParse(SAMPLE).success).toBe(true);
    expect(StageSpecSchema.parse(STAGE)).toEqual(STAGE);
  });
});
