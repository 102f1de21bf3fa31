import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SUPPLIER_ZONE_SETTINGS,
  SDC_MANAGER_ONLY,
  SDC_REJECT_NEEDS_NOTE,
  logoPathOf,
  type SdcRegister,
  type SdcSubmissionSummary,
} from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { TINY_PNG, multipartBody, validAnswers } from './supplier.testing.ts';
import { SETTINGS_ADMIN_ONLY } from './supplierSettings.service.ts';

for (const kind of await testDatabases()) {
  describe(`Design Competency Register and its review (${kind})`, () => {
    let penstock: TestPenstock;
    const cookies: Record<'manager' | 'staff' | 'admin', string> = { manager: '', staff: '', admin: '' };
    const ids: Record<string, string> = {};

    const call = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      who?: keyof typeof cookies,
      payload?: object,
    ) =>
      penstock.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: who ? { cookie: cookies[who] } : {},
      });
    const register = async (): Promise<SdcRegister> => (await call('GET', '/api/getsdcdata')).json();

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const manager = await penstock.createUser({ roles: ['supplier_register_manager'] });
      const staff = await penstock.createUser({ roles: ['senior_design_manager'] });
      const admin = await penstock.createUser({ roles: ['administrator'] });
      cookies.manager = await penstock.signIn(manager.email);
      cookies.staff = await penstock.signIn(staff.email);
      cookies.admin = await penstock.signIn(admin.email);
      let n = 0;
      for (const [companyName, logo] of [
        ['Approved Pumps Ltd', true],
        ['Rejected Pipes Ltd', false],
        ['Waiting Valves Ltd', true],
      ] as const) {
        const { payload, headers } = multipartBody(
          { Data: JSON.stringify(validAnswers({ companyName })) },
          logo ? [{ field: 'Logo', name: `${companyName} logo.png`, content: TINY_PNG }] : [],
        );
        const response = await penstock.app.inject({
          method: 'POST',
          url: '/api/savesdcdata',
          payload,
          headers,
          remoteAddress: `10.9.9.${++n}`,
        });
        expect(response.statusCode, response.body).toBe(200);
      }
      const list: SdcSubmissionSummary[] = (await call('GET', '/api/supplier/submissions', 'manager')).json();
      for (const summary of list) ids[summary.companyName] = summary.id;
    });
    afterAll(async () => penstock?.destroy());

    it('lists nothing in the register until a submission is approved', async () => {
      expect(await register()).toEqual({});
    });

    it('refuses the review screen and decisions to anyone without the role, server-side', async () => {
      const id = ids['Approved Pumps Ltd']!;
      const approve = { status: 'Approved', dateOfLastReview: '2026-11-20', note: '' };
      expect((await call('GET', '/api/supplier/submissions')).statusCode).toBe(401);
      expect(
        (await call('POST', `/api/supplier/submissions/${id}/review`, undefined, approve)).statusCode,
      ).toBe(401);
      for (const who of ['staff', 'admin'] as const) {
        const list = await call('GET', '/api/supplier/submissions', who);
        expect(list.statusCode).toBe(403);
        expect(list.json().error).toBe(SDC_MANAGER_ONLY);
        expect((await call('GET', `/api/supplier/submissions/${id}`, who)).statusCode).toBe(403);
        expect((await call('GET', `/api/supplier/submissions/${id}/logo`, who)).statusCode).toBe(403);
        const decision = await call('POST', `/api/supplier/submissions/${id}/review`, who, approve);
        expect(decision.statusCode).toBe(403);
      }
      expect(await register()).toEqual({});
    });

    it('approves with the date of last review; the register lists only approved records, with their logo', async () => {
      const approve = await call(
        'POST',
        `/api/supplier/submissions/${ids['Approved Pumps Ltd']}/review`,
        'manager',
        {
          status: 'Approved',
          dateOfLastReview: '2026-11-20',
          note: 'Checked two references',
        },
      );
      expect(approve.statusCode, approve.body).toBe(200);
      expect(approve.json()).toMatchObject({ status: 'Approved', reviewNote: 'Checked two references' });

      const noReason = await call(
        'POST',
        `/api/supplier/submissions/${ids['Rejected Pipes Ltd']}/review`,
        'manager',
        {
          status: 'Rejected',
        },
      );
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error).toContain(SDC_REJECT_NEEDS_NOTE);
      const reject = await call(
        'POST',
        `/api/supplier/submissions/${ids['Rejected Pipes Ltd']}/review`,
        'manager',
        {
          status: 'Rejected',
          note: 'No design procedure',
        },
      );
      expect(reject.statusCode).toBe(200);

      const listed = await register();
      expect(Object.keys(listed)).toEqual([ids['Approved Pumps Ltd']]);
      const record = listed[ids['Approved Pumps Ltd']!]!;
      expect(record.Status).toBe('Approved');
      expect(record.Data).toMatchObject({
        companyName: 'Approved Pumps Ltd',
        dateOfLastReview: '2026-11-20',
      });
      expect(record.LogoName).toContain('Approved Pumps Ltd logo.png');

      const logo = await call('GET', logoPathOf(record.LogoName)!);
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.rawPayload.equals(TINY_PNG)).toBe(true);
    });

    it('serves no logo of a record that is not approved', async () => {
      const detail = (
        await call('GET', `/api/supplier/submissions/${ids['Waiting Valves Ltd']}`, 'manager')
      ).json();
      expect((await call('GET', logoPathOf(detail.logo.name)!)).statusCode).toBe(404);
      expect((await call('GET', '/logos/..%2F..%2Fpenstock.sqlite')).statusCode).toBe(404);
      // the manager sees it before deciding
      expect((await call('GET', detail.logo.url, 'manager')).statusCode).toBe(200);
    });

    it('lets only the manager filter by status and answers unknown ids with 404', async () => {
      const pending: SdcSubmissionSummary[] = (
        await call('GET', '/api/supplier/submissions?status=Pending', 'manager')
      ).json();
      expect(pending.map((s) => s.companyName)).toEqual(['Waiting Valves Ltd']);
      const missing = await call(
        'GET',
        '/api/supplier/submissions/sdc.00000000-0000-4000-8000-000000000000',
        'manager',
      );
      expect(missing.statusCode).toBe(404);
      expect((await call('GET', '/api/supplier/submissions/nonsense', 'manager')).statusCode).toBe(400);
    });

    it('reads the zone settings signed out; only an administrator changes them, with safe links', async () => {
      expect((await call('GET', '/api/supplier/settings')).json()).toEqual(DEFAULT_SUPPLIER_ZONE_SETTINGS);
      const next = {
        contactEmail: 'register@example.com',
        procedures: [{ title: 'Document control', url: '/api/items/i.1/content' }],
        trainingVideos: [{ title: 'Viewer basics', url: 'https://videos.example.com/1' }],
      };
      const manager = await call('PUT', '/api/supplier/settings', 'manager', next);
      expect(manager.statusCode).toBe(403);
      expect(manager.json().error).toBe(SETTINGS_ADMIN_ONLY);
      expect((await call('PUT', '/api/supplier/settings', undefined, next)).statusCode).toBe(401);
      const script = await call('PUT', '/api/supplier/settings', 'admin', {
        ...next,
        procedures: [{ title: 'Bad', url: 'javascript:alert(1)' }],
      });
      expect(script.statusCode).toBe(400);
      const saved = await call('PUT', '/api/supplier/settings', 'admin', next);
      expect(saved.statusCode).toBe(200);
      expect((await call('GET', '/api/supplier/settings')).json()).toEqual(next);
    });
  });
}
