import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';

/** multipart/form-data with one plain field named Data, as the spec's clients send it */
function dataField(data: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="Data"\r\n\r\n${data}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PROJECT = 'Values Project';
const OTHER = 'Other Project';
const FILE = 'RWTW-3D-Treatment-Works.ifc';

const records = (count: number, value: string, extra: Record<string, unknown> = {}, projectName = PROJECT) =>
  Array.from({ length: count }, (_, i) => ({
    projectName,
    fileName: FILE,
    tag: `P-${String(i).padStart(5, '0')}`,
    guId: `guid-${i}`,
    category: 'Pump',
    propValueList: [
      { propName: 'Note', propValue: `${value} ${i}` },
      { propName: 'Installed By', propValue: value },
    ],
    ...extra,
  }));

for (const kind of await testDatabases()) {
  describe(`property values (${kind})`, () => {
    let penstock: TestPenstock;
    let member: string;
    let manager: string;
    let viewer: string;
    let outsider: string;

    const call = (path: string, data: unknown, cookie = member) =>
      penstock.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        ...(() => {
          const { payload, headers } = dataField(typeof data === 'string' ? data : JSON.stringify(data));
          return { payload, headers: { ...headers, cookie } };
        })(),
      });

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const a = await penstock.createUser();
      const b = await penstock.createUser();
      const c = await penstock.createUser();
      const d = await penstock.createUser();
      await penstock.createProject(PROJECT, [
        { userId: a.id, role: 'member' },
        { userId: b.id, role: 'viewer' },
        { userId: d.id, role: 'manager' },
      ]);
      await penstock.createProject(OTHER, [{ userId: a.id, role: 'manager' }]);
      member = await penstock.signIn(a.email);
      viewer = await penstock.signIn(b.email);
      outsider = await penstock.signIn(c.email);
      manager = await penstock.signIn(d.email);
    });
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('round-trips 10,000 static and dynamic records in one call each', async () => {
      const started = Date.now();
      const stat = await call('savestatic', records(10_000, 'static'));
      expect(stat.statusCode).toBe(200);
      expect(stat.json()).toEqual({ saved: 10_000 });

      const first = await call('savedynamic', records(10_000, 'first', { locked: false }));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ saved: 10_000 });
      const second = await call('savedynamic', records(10_000, 'second', { locked: false }));
      expect(second.json()).toEqual({ saved: 10_000 });

      const got = await call('getdynamic', { projectName: PROJECT, fileName: FILE });
      expect(got.statusCode).toBe(200);
      const entries =
        got.json<Array<{ Tag: string; ProjectName: string; Locked: boolean; PropertyValueData: unknown }>>();
      expect(entries).toHaveLength(10_000);
      expect(entries[42]).toEqual({
        Tag: 'P-00042',
        ProjectName: PROJECT,
        Locked: false,
        PropertyValueData: [
          { propName: 'Note', propValue: 'second 42' },
          { propName: 'Installed By', propValue: 'second' },
        ],
      });
      expect(Date.now() - started).toBeLessThan(25_000);
      const stored = await penstock.database.db
        .selectFrom('static_values')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(10_000);

      // another file of the project is not mixed in
      const empty = await call('getdynamic', { projectName: PROJECT, fileName: 'other.ifc' });
      expect(empty.json()).toEqual([]);
    });

    it('keeps the values of locked entries and shows locked entries of the same tag from other projects', async () => {
      // only a project manager locks (issue 31)
      const lock = await call('savedynamic', records(3, 'locked', { locked: true }), manager);
      expect(lock.json()).toEqual({ saved: 3 });
      const overwrite = await call('savedynamic', records(5, 'changed', { locked: false }));
      expect(overwrite.json()).toEqual({ saved: 2 });
      const allLocked = await call('savedynamic', records(3, 'again', { locked: false }));
      expect(allLocked.statusCode).toBe(403);
      expect(allLocked.json().error).toMatch(/locked/);

      const entries = (await call('getdynamic', { projectName: PROJECT, fileName: FILE })).json<
        Array<{
          Tag: string;
          Locked: boolean;
          ProjectName: string;
          PropertyValueData: Array<{ propValue: string }>;
        }>
      >();
      const byTag = new Map(entries.map((e) => [e.Tag, e]));
      expect(byTag.get('P-00000')).toMatchObject({ Locked: true });
      expect(byTag.get('P-00000')!.PropertyValueData[0]!.propValue).toBe('locked 0');
      expect(byTag.get('P-00004')!.PropertyValueData[0]!.propValue).toBe('changed 4');

      // the other project (same user) sees this project's locked entries for tags it has too
      await call('savedynamic', records(4, 'other', { locked: false }, OTHER));
      const other = (await call('getdynamic', { projectName: OTHER, fileName: FILE })).json<
        Array<{ Tag: string; ProjectName: string; Locked: boolean }>
      >();
      expect(other.filter((e) => e.ProjectName === OTHER)).toHaveLength(4);
      expect(other.filter((e) => e.ProjectName === PROJECT).map((e) => [e.Tag, e.Locked])).toEqual([
        ['P-00000', true],
        ['P-00001', true],
        ['P-00002', true],
      ]);
    });

    it('answers 400 with a message for bad payloads', async () => {
      const badJson = await call('savestatic', '{not json');
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json().error).toMatch(/^Data is not valid JSON/);
      const badShape = await call('savedynamic', records(1, 'x'));
      expect(badShape.statusCode).toBe(400);
      expect(badShape.json().error).toMatch(/locked/);
      const noList = await call('savestatic', { projectName: PROJECT });
      expect(noList.statusCode).toBe(400);
      expect(noList.json().error).toMatch(/list/);
      const noTag = await call('savestatic', records(1, 'x', { tag: '' }));
      expect(noTag.json().error).toMatch(/tag is required/);
      const badGet = await call('getdynamic', { projectName: 1 });
      expect(badGet.statusCode).toBe(400);
      const notMultipart = await penstock.app.inject({
        method: 'POST',
        url: '/api/getdynamic',
        payload: { projectName: PROJECT, fileName: FILE },
        headers: { cookie: member },
      });
      expect(notMultipart.statusCode).toBe(400);
      expect(notMultipart.json().error).toMatch(/field named 'Data'/);
      expect((await call('savestatic', [])).json()).toEqual({ saved: 0 });
    });

    it('reads Data sent as a JSON file part (the web app sends a whole model this way)', async () => {
      const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
      const list = records(6000, 'file part').map((record) => ({ ...record, fileName: 'filepart.ifc' }));
      const response = await penstock.app.inject({
        method: 'POST',
        url: '/api/savestatic',
        payload: Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="Data"; filename="Data.json"\r\n` +
            `Content-Type: application/json\r\n\r\n${JSON.stringify(list)}\r\n--${boundary}--\r\n`,
        ),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: member },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ saved: 6000 });
      const row = await penstock.database.db
        .selectFrom('static_values')
        .select(['guid', 'values'])
        .where('file_name', '=', 'filepart.ifc')
        .where('tag', '=', 'P-05999')
        .executeTakeFirstOrThrow();
      expect(row.guid).toBe('guid-5999');
      expect(JSON.parse(row.values)).toEqual(list[5999]!.propValueList);
    });

    it('hides projects from non-members (404) and refuses saves by viewers (403)', async () => {
      expect((await call('getdynamic', { projectName: PROJECT, fileName: FILE }, outsider)).statusCode).toBe(
        404,
      );
      expect((await call('savestatic', records(1, 'x'), outsider)).statusCode).toBe(404);
      expect((await call('savedynamic', records(1, 'x', { locked: false }), outsider)).statusCode).toBe(404);
      expect((await call('getdynamic', { projectName: PROJECT, fileName: FILE }, viewer)).statusCode).toBe(
        200,
      );
      const refused = await call('savestatic', records(1, 'x'), viewer);
      expect(refused.statusCode).toBe(403);
      expect((await call('savedynamic', records(1, 'x', { locked: false }), viewer)).statusCode).toBe(403);
      const unsigned = await penstock.app.inject({ method: 'POST', url: '/api/savestatic' });
      expect(unsigned.statusCode).toBe(401);
    });
  });
}
