import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';

/** multipart/form-data with one plain field named Data, as the spec's clients send it */
function dataField(data: unknown): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="Data"\r\n\r\n${JSON.stringify(data)}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PROJECT = 'Lock Project';
const FILE = 'RWTW-3D-Inlet-Works.ifc';
const TAG = 'GV-1001';

const valve = (values: Record<string, string>, locked = false) => ({
  projectName: PROJECT,
  fileName: FILE,
  tag: TAG,
  guId: 'guid-gv',
  category: 'Gate Valve',
  locked,
  propValueList: Object.entries(values).map(([propName, propValue]) => ({ propName, propValue })),
});

interface Entry {
  Tag: string;
  Locked: boolean;
  LockedProps?: string[];
  PropertyValueData: Array<{ propName: string; propValue: string }>;
}

for (const kind of await testDatabases()) {
  describe(`value locks (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    let manager: string;
    let member: string;
    let viewer: string;
    let outsider: string;

    const multipart = (path: string, data: unknown, cookie: string) => {
      const { payload, headers } = dataField(data);
      return penstock.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        payload,
        headers: { ...headers, cookie },
      });
    };
    const lock = (body: Record<string, unknown>, cookie = manager) =>
      penstock.app.inject({
        method: 'POST',
        url: '/api/properties/lock',
        payload: { projectId, fileName: FILE, tag: TAG, ...body },
        headers: { cookie },
      });
    const history = (
      cookie = member,
      query: Record<string, string> = { projectId, fileName: FILE, tag: TAG },
    ) =>
      penstock.app.inject({
        method: 'GET',
        url: `/api/properties/history?${new URLSearchParams(query).toString()}`,
        headers: { cookie },
      });
    const entry = async (): Promise<Entry> => {
      const got = await multipart('getdynamic', { projectName: PROJECT, fileName: FILE }, member);
      return got.json<Entry[]>().find((e) => e.Tag === TAG)!;
    };
    const valueOf = (e: Entry, name: string) =>
      e.PropertyValueData.find((v) => v.propName === name)?.propValue;

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const users = await Promise.all([
        penstock.createUser({ name: 'Mara Manager' }),
        penstock.createUser({ name: 'Mick Member' }),
        penstock.createUser(),
        penstock.createUser(),
      ]);
      const [a, b, c, d] = users;
      ({ id: projectId } = await penstock.createProject(PROJECT, [
        { userId: a!.id, role: 'manager' },
        { userId: b!.id, role: 'member' },
        { userId: c!.id, role: 'viewer' },
      ]));
      manager = await penstock.signIn(a!.email);
      member = await penstock.signIn(b!.email);
      viewer = await penstock.signIn(c!.email);
      outsider = await penstock.signIn(d!.email);
      const saved = await multipart(
        'savedynamic',
        [valve({ Status: 'Normally Open', Note: 'first' })],
        member,
      );
      expect(saved.statusCode).toBe(200);
    });
    afterAll(async () => {
      await penstock?.destroy();
    });

    it('lets a manager lock one value: it refuses edits, the others stay open', async () => {
      const locked = await lock({ propName: 'Status', locked: true });
      expect(locked.statusCode).toBe(200);
      expect(locked.json()).toEqual({ tag: TAG, locked: false, lockedProps: ['Status'] });
      expect((await entry()).LockedProps).toEqual(['Status']);

      // the member changes both: the locked Status is kept, the Note is saved
      const both = await multipart(
        'savedynamic',
        [valve({ Status: 'Locked Closed', Note: 'second' })],
        member,
      );
      expect(both.statusCode).toBe(200);
      let now = await entry();
      expect(valueOf(now, 'Status')).toBe('Normally Open');
      expect(valueOf(now, 'Note')).toBe('second');

      // a save that changes only the locked value is refused
      const only = await multipart('savedynamic', [valve({ Status: 'Modulating', Note: 'second' })], member);
      expect(only.statusCode).toBe(403);
      expect(only.json().error).toMatch(/locked/);

      const unlocked = await lock({ propName: 'Status', locked: false });
      expect(unlocked.json()).toEqual({ tag: TAG, locked: false, lockedProps: [] });
      await multipart('savedynamic', [valve({ Status: 'Modulating', Note: 'second' })], member);
      now = await entry();
      expect(valueOf(now, 'Status')).toBe('Modulating');
      expect(now.LockedProps).toBeUndefined();
    });

    it('lets a manager lock and unlock all of an object, and unlock one value of it', async () => {
      expect((await lock({ locked: true })).json()).toEqual({ tag: TAG, locked: true, lockedProps: [] });
      expect((await entry()).Locked).toBe(true);
      const refused = await multipart('savedynamic', [valve({ Status: '', Note: 'third' })], member);
      expect(refused.statusCode).toBe(403);

      // unlocking the Note of a wholly locked valve leaves its other values locked
      const note = await lock({ propName: 'Note', locked: false });
      expect(note.json().locked).toBe(false);
      expect(note.json().lockedProps).toContain('Status');
      expect(note.json().lockedProps).not.toContain('Note');
      await multipart('savedynamic', [valve({ Status: '', Note: 'third' })], member);
      const now = await entry();
      expect(valueOf(now, 'Note')).toBe('third');
      expect(valueOf(now, 'Status')).toBe('Modulating');

      expect((await lock({ locked: false })).json()).toEqual({ tag: TAG, locked: false, lockedProps: [] });
      // no change: no history line
      expect((await lock({ locked: false })).statusCode).toBe(200);
    });

    it('keeps each lock change in the value history: who, when, locked or unlocked', async () => {
      const answer = await history();
      expect(answer.statusCode).toBe(200);
      const lines =
        answer.json<Array<{ propName: string | null; action: string; byName: string; at: string }>>();
      expect(lines.map((l) => [l.propName, l.action])).toEqual([
        ['Status', 'locked'],
        ['Status', 'unlocked'],
        [null, 'locked'],
        ['Note', 'unlocked'],
        [null, 'unlocked'],
      ]);
      expect(lines.every((l) => l.byName === 'Mara Manager')).toBe(true);
      expect(lines.every((l) => !Number.isNaN(Date.parse(l.at)))).toBe(true);
      expect([...lines.map((l) => l.at)].sort()).toEqual(lines.map((l) => l.at));
    });

    it('refuses a contributor who locks, through the lock call or savedynamic (403)', async () => {
      const call = await lock({ locked: true }, member);
      expect(call.statusCode).toBe(403);
      expect(call.json().error).toBe('Only project managers can lock or unlock property values');
      expect((await lock({ propName: 'Status', locked: true }, viewer)).statusCode).toBe(403);
      expect((await lock({ locked: true }, outsider)).statusCode).toBe(404);

      const save = await multipart('savedynamic', [valve({ Status: 'Normally Closed' }, true)], member);
      expect(save.statusCode).toBe(403);
      expect(save.json().error).toBe('Only project managers can lock or unlock property values');
      expect((await entry()).Locked).toBe(false);

      // a manager's savedynamic with locked: true locks, and the history keeps it
      const managed = await multipart(
        'savedynamic',
        [valve({ Status: 'Normally Closed', Note: 'x' }, true)],
        manager,
      );
      expect(managed.statusCode).toBe(200);
      expect((await entry()).Locked).toBe(true);
      const last = (await history()).json<Array<{ propName: string | null; action: string }>>().at(-1);
      expect(last).toMatchObject({ propName: null, action: 'locked' });
      expect((await history(outsider)).statusCode).toBe(404);
    });

    it('answers 400 with a message for bad lock calls', async () => {
      const noLocked = await lock({ locked: 'yes' });
      expect(noLocked.statusCode).toBe(400);
      expect(noLocked.json().error).toMatch(/locked must be true or false/);
      const notDynamic = await lock({ propName: 'Valve Type', locked: true });
      expect(notDynamic.statusCode).toBe(400);
      expect(notDynamic.json().error).toMatch(/'Valve Type' is not a dynamic property/);
      const noTag = await lock({ tag: '', locked: true });
      expect(noTag.statusCode).toBe(400);
      const noProject = await penstock.app.inject({
        method: 'POST',
        url: '/api/properties/lock',
        payload: { locked: true },
        headers: { cookie: manager },
      });
      expect(noProject.statusCode).toBe(400);
      expect((await history(member, { projectId })).statusCode).toBe(400);
    });
  });
}
