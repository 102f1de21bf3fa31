import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PROCEDURE_TITLES,
  DEFAULT_TRAINING_TITLES,
  logoPathOf,
  type SdcRegister,
  type SdcSubmissionSummary,
  type SupplierZoneSettings,
} from '@penstock/shared';
import { createTestPenstock, type TestPenstock } from '../test/harness.ts';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './demo.ts';
import { DEMO_PENDING_SUPPLIER_NAME, DEMO_SUPPLIER_NAME } from './demoSupplier.ts';

describe('demo Supplier Zone', () => {
  let penstock: TestPenstock;
  beforeAll(async () => {
    penstock = await createTestPenstock('sqlite');
    await seedDemoIfEmpty(penstock, { demoModelSizes: [60, 120] });
  });
  afterAll(() => penstock.destroy());

  const get = (url: string, cookie?: string) =>
    penstock.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('lists one approved supplier with a logo in the register', async () => {
    const register: SdcRegister = (await get('/api/getsdcdata')).json();
    const records = Object.values(register);
    expect(records.map((record) => record.Data.companyName)).toEqual([DEMO_SUPPLIER_NAME]);
    const logo = await get(logoPathOf(records[0]!.LogoName)!);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(records[0]!.Data.dateOfLastReview).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('points every card at a PDF of the demo project that the demo supplier can open', async () => {
    const settings: SupplierZoneSettings = (await get('/api/supplier/settings')).json();
    expect(settings.procedures.map((link) => link.title)).toEqual([...DEFAULT_PROCEDURE_TITLES]);
    expect(settings.trainingVideos.map((link) => link.title)).toEqual([...DEFAULT_TRAINING_TITLES]);
    const supplier = await penstock.signIn('supplier@penstock.demo', DEMO_PASSWORD);
    for (const link of [...settings.procedures, ...settings.trainingVideos]) {
      const document = await get(link.url, supplier);
      expect(document.statusCode, link.title).toBe(200);
      expect(document.body.startsWith('%PDF-1.4')).toBe(true);
    }
  });

  it('leaves one submission waiting for the supplier register manager (the demo administrator)', async () => {
    const admin = await penstock.signIn('admin@penstock.demo', DEMO_PASSWORD);
    const pending: SdcSubmissionSummary[] = (
      await get('/api/supplier/submissions?status=Pending', admin)
    ).json();
    expect(pending.map((submission) => submission.companyName)).toEqual([DEMO_PENDING_SUPPLIER_NAME]);
  });
});
