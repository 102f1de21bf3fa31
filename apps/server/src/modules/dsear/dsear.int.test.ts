import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DSEAR_REGISTER_FIELDS, type DsearEntry, type DsearPeople } from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';

/** multipart/form-data with one plain field named formData */
function multipartFormData(data: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="formData"\r\n\r\n${data}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PROJECT = 'Riverside Test Works';
const OTHER = 'Hillside Reservoir';

for (const kind of await testDatabases()) {
  describe(`DSEAR register (${kind})`, () => {
    let penstock: TestPenstock;
    const cookies: Record<string, string> = {};
    const emails: Record<string, string> = {};

    /** form-encoded, as the spec's page sends it */
    const post = (call: string, data: unknown, who: string | null) =>
      penstock.app.inject({
        method: 'POST',
        url: `/api/dsear/${call}`,
        payload: `formData=${encodeURIComponent(typeof data === 'string' ? data : JSON.stringify(data))}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(who ? { cookie: cookies[who]! } : {}),
        },
      });
    const postMultipart = (call: string, data: unknown, who: string) => {
      const { payload, headers } = multipartFormData(JSON.stringify(data));
      return penstock.app.inject({
        method: 'POST',
        url: `/api/dsear/${call}`,
        payload,
        headers: { ...headers, cookie: cookies[who]! },
      });
    };
    const get = (url: string, who: string | null) =>
      penstock.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who]! } : {} });
    const entryOf = async (who: string, projectName = PROJECT): Promise<DsearEntry | null> => {
      const response = await post('get', { projectName }, who);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const entry = (extra: Record<string, unknown> = {}) => ({
      projectName: PROJECT,
      tm: 'Tom Hughes',
      tmRag: 'GREEN', // ignored: the server computes it
      date: '1999-01-01', // ignored
      sdms: [{ email: emails.sdm, status: 'Approved', approveDate: '1999-01-01' }], // status ignored
      leadEngineer: emails.lead,
      practionerFlag: 'YES',
      practitioner: emails.practitioner,
      flidsRisk: 'Orange',
      flidsOutcome: 'Zone 1',
      dsearZone: [
        { zone: 'Inlet Works', rating: 'Zone 1', other: '' },
        { zone: 'Other', rating: 'Zone 2', other: 'Odour control' },
      ],
      dsearIden: 'YES',
      dsearImp: 'YES',
      dsearSpec: 'YES',
      dsearApp: 'YES',
      ...extra,
    });

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const make = async (key: string, name: string, roles: Parameters<TestPenstock['createUser']>[0]) => {
        const user = await penstock.createUser({ name, ...roles });
        emails[key] = user.email;
        cookies[key] = await penstock.signIn(user.email);
        return user.id;
      };
      const tm = await make('tm', 'Tom Hughes', {});
      const member = await make('member', 'Erin Walsh', {});
      const viewer = await make('viewer', 'Sam Carter', {});
      await make('outsider', 'Olive Outsider', {});
      await make('sdm', 'Sara Patel', { roles: ['senior_design_manager'] });
      await make('sdm2', 'Simon Reed', { roles: ['senior_design_manager'] });
      await make('lead', 'Lee Engineer', { roles: ['checker_lead_engineer'] });
      await make('practitioner', 'Pat Practitioner', { roles: ['practitioner'] });
      await make('admin', 'Ada Admin', { roles: ['administrator'] });
      await penstock.createProject(PROJECT, [
        { userId: tm, role: 'manager' },
        { userId: member, role: 'member' },
        { userId: viewer, role: 'viewer' },
      ]);
      await penstock.createProject(OTHER, [{ userId: member, role: 'manager' }]);
    });
    afterAll(() => penstock.destroy());

    it('answers 401 without a session on every call', async () => {
      for (const url of ['/api/dsear', '/api/dsear/people', '/api/dsear/pendingApproval?email=a@b.c'])
        expect((await get(url, null)).statusCode).toBe(401);
      for (const call of ['get', 'saveOrCreate', 'approve']) {
        const response = await post(call, { projectName: PROJECT }, null);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: 'Not signed in' });
      }
    });

    it('lists the people of each role, by name', async () => {
      const people: DsearPeople = (await get('/api/dsear/people', 'member')).json();
      expect(people.seniorDesignManagers).toEqual([
        { name: 'Sara Patel', email: emails.sdm },
        { name: 'Simon Reed', email: emails.sdm2 },
      ]);
      expect(people.checkerLeadEngineers).toEqual([{ name: 'Lee Engineer', email: emails.lead }]);
      expect(people.practitioners).toEqual([{ name: 'Pat Practitioner', email: emails.practitioner }]);
    });

    it('refuses malformed payloads with 400 and writes nothing', async () => {
      const cases: Array<[unknown, RegExp]> = [
        ['{not json', /^formData is not valid JSON/],
        [entry({ dsearIden: 'MAYBE' }), /^dsearIden: dsearIden must be one of YES, NO/],
        [entry({ flidsRisk: 'Purple' }), /^flidsRisk: /],
        [entry({ dsearZone: [{ zone: 'Moon Base', rating: '' }] }), /^dsearZone\.0\.zone: /],
        [entry({ projectName: '' }), /projectName is required/],
        [entry({ sdms: [{ email: emails.outsider }] }), /^sdms: .* is not a senior design manager$/],
        [entry({ sdms: [{ email: emails.lead }] }), /^sdms: /],
        [entry({ leadEngineer: emails.sdm }), /^leadEngineer: .* is not a checker\/lead engineer$/],
        [entry({ practitioner: emails.lead }), /^practitioner: .* is not a practitioner$/],
        [entry({ practitioner: '' }), /^practitioner: Choose the practitioner$/],
        [entry({ id: 'd.not-a-uuid' }), /^id: /],
      ];
      for (const [payload, message] of cases) {
        const response = await post('saveOrCreate', payload, 'tm');
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error).toMatch(message);
      }
      const missing = await penstock.app.inject({
        method: 'POST',
        url: '/api/dsear/saveOrCreate',
        payload: 'other=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookies.tm! },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe("Send the JSON in a field named 'formData'");
      expect((await post('get', { nope: 1 }, 'tm')).statusCode).toBe(400);
      expect((await post('approve', { dsearId: 'x', email: emails.sdm }, 'sdm')).statusCode).toBe(400);
      expect((await get('/api/dsear/pendingApproval', 'sdm')).statusCode).toBe(400);
      expect(await entryOf('tm')).toBeNull();
      expect((await get('/api/dsear', 'tm')).json()).toEqual([]);
    });

    it("refuses a non-member's and a viewer's save (403) and a non-member's read", async () => {
      const outsider = await post('saveOrCreate', entry(), 'outsider');
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json().error).toBe(`You are not a member of a project named '${PROJECT}'`);
      const viewer = await post('saveOrCreate', entry(), 'viewer');
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json().error).toMatch(/Viewers cannot save/);
      // an administrator who is not a member does not save either
      expect((await post('saveOrCreate', entry(), 'admin')).statusCode).toBe(403);
      expect((await post('get', { projectName: PROJECT }, 'outsider')).statusCode).toBe(403);
      expect((await post('get', { projectName: 'No Such Project' }, 'tm')).statusCode).toBe(403);
      expect(await entryOf('tm')).toBeNull();
    });

    let created: DsearEntry;
    it('creates an entry: the server sets date, tmRag and pending approvals, and records history', async () => {
      const before = Date.now();
      const response = await post('saveOrCreate', entry(), 'tm');
      expect(response.statusCode, response.body).toBe(200);
      created = response.json();
      expect(created.id).toMatch(/^d\.[0-9a-f-]{36}$/);
      expect(created.projectName).toBe(PROJECT);
      expect(created.tmRag).toBe('AMBER');
      expect(Date.parse(created.date)).toBeGreaterThanOrEqual(before - 1000);
      expect(created.sdms).toEqual([
        { email: emails.sdm, name: 'Sara Patel', status: 'Pending', approveDate: null },
      ]);
      expect(created.practitioner).toBe(emails.practitioner);
      expect(created.dsearZone).toEqual([
        { zone: 'Inlet Works', rating: 'Zone 1', other: '' },
        { zone: 'Other', rating: 'Zone 2', other: 'Odour control' },
      ]);
      expect(created.history).toHaveLength(1);
      expect(created.history![0]).toMatchObject({
        action: 'created',
        byEmail: emails.tm,
        byName: 'Tom Hughes',
      });
      expect(created.history![0]!.changes).toContainEqual({ field: 'TM RAG', from: '', to: 'AMBER' });

      // a second create for the same project is a conflict
      const again = await post('saveOrCreate', entry(), 'member');
      expect(again.statusCode).toBe(409);
    });

    it('reads the entry (members, multipart too) and lists it in the register with access', async () => {
      const read = await entryOf('member');
      expect(read).toMatchObject({ id: created.id, tmRag: 'AMBER' });
      expect(read!.history).toHaveLength(1);
      const viaMultipart = await postMultipart('get', { projectName: PROJECT }, 'viewer');
      expect(viaMultipart.json().id).toBe(created.id);

      const register: DsearEntry[] = (await get('/api/dsear', 'outsider')).json();
      expect(register).toHaveLength(1);
      expect(register[0]).toMatchObject({ id: created.id, access: false });
      expect(register[0]!.history).toBeUndefined();
      // without access: the register's columns only, never the detail (answers, lead engineer, practitioner)
      expect(Object.keys(register[0]!).sort()).toEqual([...DSEAR_REGISTER_FIELDS, 'access'].sort());
      const full = (await get('/api/dsear', 'tm')).json()[0];
      expect(full.access).toBe(true);
      expect(full).toMatchObject({ leadEngineer: emails.lead, dsearIden: expect.any(String) });
      // the listed senior design manager reviews it without being a member
      expect((await get('/api/dsear', 'sdm')).json()[0].access).toBe(true);
      expect((await entryOf('sdm'))!.id).toBe(created.id);
      expect((await get('/api/dsear', 'sdm2')).json()[0].access).toBe(false);
      expect((await post('get', { projectName: PROJECT }, 'sdm2')).statusCode).toBe(403);
      // administrators read every entry
      expect((await get('/api/dsear', 'admin')).json()[0].access).toBe(true);
      expect((await entryOf('admin'))!.id).toBe(created.id);
    });

    it('lists pending approvals per email, only to that user or an administrator', async () => {
      const mine = await get(`/api/dsear/pendingApproval?email=${encodeURIComponent(emails.sdm!)}`, 'sdm');
      expect(mine.statusCode).toBe(200);
      expect(mine.json().map((e: DsearEntry) => e.id)).toEqual([created.id]);
      const none = await get(`/api/dsear/pendingApproval?email=${encodeURIComponent(emails.sdm2!)}`, 'sdm2');
      expect(none.json()).toEqual([]);
      expect((await get(`/api/dsear/pendingApproval?email=${emails.sdm}`, 'sdm2')).statusCode).toBe(403);
      expect((await get(`/api/dsear/pendingApproval?email=${emails.sdm}`, 'admin')).json()).toHaveLength(1);
    });

    it('refuses an approval from anyone else and with someone else’s email, changing nothing', async () => {
      const byOther = await post('approve', { dsearId: created.id, email: emails.sdm2 }, 'sdm2');
      expect(byOther.statusCode).toBe(403);
      expect(byOther.json().error).toBe('Only a listed senior design manager may approve their own line');
      const byManager = await post('approve', { dsearId: created.id, email: emails.tm }, 'tm');
      expect(byManager.statusCode).toBe(403);
      const forged = await post('approve', { dsearId: created.id, email: emails.sdm }, 'tm');
      expect(forged.statusCode).toBe(403);
      const unknown = await post(
        'approve',
        { dsearId: `d.${crypto.randomUUID()}`, email: emails.sdm },
        'sdm',
      );
      expect(unknown.statusCode).toBe(404);
      const after = await entryOf('tm');
      expect(after!.sdms[0]!.status).toBe('Pending');
      expect(after!.tmRag).toBe('AMBER');
      expect(after!.history).toHaveLength(1);
    });

    it('approves by the listed manager: AMBER turns GREEN, once', async () => {
      const response = await post(
        'approve',
        { dsearId: created.id, email: emails.sdm!.toUpperCase() },
        'sdm',
      );
      expect(response.statusCode, response.body).toBe(200);
      const approved: DsearEntry = response.json();
      expect(approved.tmRag).toBe('GREEN');
      expect(approved.sdms[0]).toMatchObject({ email: emails.sdm, status: 'Approved' });
      expect(approved.sdms[0]!.approveDate).toBeTruthy();
      expect(approved.history!.map((h) => h.action)).toEqual(['created', 'approved']);
      expect(approved.history![1]!.changes).toContainEqual({ field: 'TM RAG', from: 'AMBER', to: 'GREEN' });
      expect((await post('approve', { dsearId: created.id, email: emails.sdm }, 'sdm')).statusCode).toBe(409);
      const pending = await get(`/api/dsear/pendingApproval?email=${emails.sdm}`, 'sdm');
      expect(pending.json()).toEqual([]);
    });

    it('updates: every approval resets, tmRag is recomputed, history grows', async () => {
      const response = await post(
        'saveOrCreate',
        entry({
          id: created.id,
          sdms: [{ email: emails.sdm }, { email: emails.sdm2 }],
          practionerFlag: 'NO',
          dsearApp: 'NO',
        }),
        'member',
      );
      expect(response.statusCode, response.body).toBe(200);
      const updated: DsearEntry = response.json();
      expect(updated.id).toBe(created.id);
      expect(updated.tmRag).toBe('RED');
      expect(updated.practitioner).toBe('');
      expect(updated.sdms.map((s) => [s.email, s.status, s.approveDate])).toEqual([
        [emails.sdm, 'Pending', null],
        [emails.sdm2, 'Pending', null],
      ]);
      expect(updated.history!.map((h) => h.action)).toEqual(['created', 'approved', 'updated']);
      const changes = updated.history![2]!.changes;
      expect(changes).toContainEqual({ field: 'TM RAG', from: 'GREEN', to: 'RED' });
      expect(changes).toContainEqual({ field: 'Practitioner', from: emails.practitioner, to: '' });
      expect(changes).toContainEqual({
        field: `Approval: Sara Patel <${emails.sdm}>`,
        from: 'Approved',
        to: 'Pending',
      });
      expect(changes.some((c) => c.field === 'Technical Manager')).toBe(false);

      // a RED entry cannot be approved until it moves to amber
      const red = await post('approve', { dsearId: created.id, email: emails.sdm2 }, 'sdm2');
      expect(red.statusCode).toBe(409);

      // back to amber through a multipart save; the new manager approves, the other is still pending
      const amber = await postMultipart(
        'saveOrCreate',
        entry({ id: created.id, sdms: [{ email: emails.sdm }, { email: emails.sdm2 }] }),
        'tm',
      );
      expect(amber.json().tmRag).toBe('AMBER');
      const one = await post('approve', { dsearId: created.id, email: emails.sdm2 }, 'sdm2');
      expect(one.json().tmRag).toBe('AMBER');
      expect((await get('/api/dsear', 'tm')).json()[0].history).toBeUndefined();
    });

    it('refuses an update naming another project’s entry (400) and an unknown id (404)', async () => {
      const otherEntry = await post(
        'saveOrCreate',
        entry({ projectName: OTHER, sdms: [], leadEngineer: '', practionerFlag: 'NO', practitioner: '' }),
        'member',
      );
      expect(otherEntry.statusCode, otherEntry.body).toBe(200);
      const crossed = await post('saveOrCreate', entry({ id: otherEntry.json().id }), 'member');
      expect(crossed.statusCode).toBe(400);
      const unknown = await post('saveOrCreate', entry({ id: `d.${crypto.randomUUID()}` }), 'tm');
      expect(unknown.statusCode).toBe(404);
      // the register is central: both lines, newest first
      const register: DsearEntry[] = (await get('/api/dsear', 'tm')).json();
      expect(register.map((e) => [e.projectName, e.access])).toEqual([
        [OTHER, false],
        [PROJECT, true],
      ]);
      expect((await entryOf('tm'))!.history).toHaveLength(5);
    });
  });
}
