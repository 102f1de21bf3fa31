import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SDC_FILE_MESSAGES,
  SDC_LOGO_MAX_BYTES,
  SDC_REQUIRED_MESSAGE,
  SDC_YES_NO_MESSAGE,
  type SdcSubmissionDetail,
  type SdcSubmissionSummary,
} from '@penstock/shared';
import { createTestPenstock, testDatabases, type TestPenstock } from '../../test/harness.ts';
import { DEFAULT_SUBMISSION_LIMIT } from './index.ts';
import {
  TINY_DOCX,
  TINY_PDF,
  TINY_PNG,
  multipartBody,
  validAnswers,
  type TestFile,
} from './supplier.testing.ts';

let address = 0;
/** Each test sends from its own client address, so only the flood test meets the limit. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

for (const kind of await testDatabases()) {
  describe(`Design Competency Form: savesdcdata (${kind})`, () => {
    let penstock: TestPenstock;
    let managerCookie: string;

    const submit = (data: object | string, files: TestFile[] = [], remoteAddress = nextAddress()) => {
      const { payload, headers } = multipartBody(
        { Data: typeof data === 'string' ? data : JSON.stringify(data) },
        files,
      );
      return penstock.app.inject({
        method: 'POST',
        url: '/api/savesdcdata',
        payload,
        headers,
        remoteAddress,
      });
    };
    const submissions = async (): Promise<SdcSubmissionSummary[]> =>
      (
        await penstock.app.inject({
          method: 'GET',
          url: '/api/supplier/submissions',
          headers: { cookie: managerCookie },
        })
      ).json();
    const stagingFiles = () => fs.readdirSync(path.join(penstock.dataDir, 'staging'));

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const manager = await penstock.createUser({ roles: ['supplier_register_manager'] });
      managerCookie = await penstock.signIn(manager.email);
    });
    afterAll(async () => penstock?.destroy());

    it('stores a submission with its logo and documents, signed out, for the manager to review', async () => {
      const response = await submit(validAnswers(), [
        { field: 'Logo', name: 'Acme Logo.png', content: TINY_PNG },
        { field: 'Attachments', name: 'Case study.pdf', content: TINY_PDF },
        { field: 'Attachments', name: 'References.docx', content: TINY_DOCX },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true });

      const [summary] = await submissions();
      expect(summary).toMatchObject({
        status: 'Pending',
        companyName: 'Acme Water Design Ltd',
        attachmentCount: 2,
        hasLogo: true,
      });
      const detail: SdcSubmissionDetail = (
        await penstock.app.inject({
          method: 'GET',
          url: `/api/supplier/submissions/${summary!.id}`,
          headers: { cookie: managerCookie },
        })
      ).json();
      expect(detail.data).toMatchObject({
        otherMechanicalSystems: 'Storm tank cleansing',
        FurtherDetails: '<script>alert(1)</script> stays text',
        date: '2026-11-24',
      });
      expect(detail.data).not.toHaveProperty('website');
      expect(detail.logo).toMatchObject({ contentType: 'image/png' });
      expect(detail.logo!.name).toMatch(/^[0-9a-f]{8}-Acme Logo\.png$/);
      expect(detail.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
        ['Case study.pdf', 'application/pdf'],
        ['References.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ]);

      // the bytes are in the content-addressed store, recorded once per hash
      const download = await penstock.app.inject({
        method: 'GET',
        url: detail.attachments[0]!.url,
        headers: { cookie: managerCookie },
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain('attachment');
      expect(download.rawPayload.equals(TINY_PDF)).toBe(true);
      const blobs = await penstock.database.db.selectFrom('blobs').select('hash').execute();
      expect(blobs).toHaveLength(3);
      for (const { hash } of blobs) expect(await penstock.blobs.exists(hash)).toBe(true);
      expect(stagingFiles()).toEqual([]);
    });

    it('refuses missing answers with the spec’s messages, and drops hidden conditional answers', async () => {
      const missing = await submit(validAnswers({ companyName: '  ' }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toBe(`Company name: ${SDC_REQUIRED_MESSAGE}`);
      const noAnswer = await submit(validAnswers({ hasDesignProcedure: '' }));
      expect(noAnswer.statusCode).toBe(400);
      expect(noAnswer.json().error).toContain(SDC_YES_NO_MESSAGE);
      const otherBlank = await submit(validAnswers({ otherMechanicalSystems: '' }));
      expect(otherBlank.json().error).toBe(`Other mechanical systems: ${SDC_REQUIRED_MESSAGE}`);
      const notAnOption = await submit(validAnswers({ competentCivilElements: ['Bridges'] }));
      expect(notAnOption.statusCode).toBe(400);
      const badJson = await submit('{not json');
      expect(badJson.statusCode).toBe(400);

      const before = (await submissions()).length;
      const hidden = await submit(
        validAnswers({
          companyName: 'Hidden Answers Ltd',
          hasDesignProcedure: 'No',
          coveredByDesignProcedure: ['Design change control'],
          otherCompanyNames: 'Left over',
        }),
      );
      expect(hidden.statusCode).toBe(200);
      const list = await submissions();
      expect(list).toHaveLength(before + 1);
      const detail: SdcSubmissionDetail = (
        await penstock.app.inject({
          method: 'GET',
          url: `/api/supplier/submissions/${list[0]!.id}`,
          headers: { cookie: managerCookie },
        })
      ).json();
      expect(detail.data.coveredByDesignProcedure).toEqual([]);
      expect(detail.data.otherCompanyNames).toBe('');
    });

    it('refuses an oversize logo and keeps nothing', async () => {
      const before = (await submissions()).length;
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(SDC_LOGO_MAX_BYTES)]);
      const response = await submit(validAnswers(), [
        { field: 'Attachments', name: 'Case study.pdf', content: TINY_PDF },
        { field: 'Logo', name: 'big.png', content: big },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toBe(SDC_FILE_MESSAGES.logoSize);
      expect(await submissions()).toHaveLength(before);
      expect(stagingFiles()).toEqual([]);
    });

    it('refuses files whose name or bytes are not of an allowed type', async () => {
      const before = (await submissions()).length;
      const svg = await submit(validAnswers(), [
        { field: 'Logo', name: 'logo.svg', content: Buffer.from('<svg onload="alert(1)"/>') },
      ]);
      expect(svg.statusCode).toBe(400);
      expect(svg.json().error).toBe(SDC_FILE_MESSAGES.logoType);
      const disguised = await submit(validAnswers(), [
        { field: 'Logo', name: 'logo.png', content: Buffer.from('<html><script>alert(1)</script>') },
      ]);
      expect(disguised.statusCode).toBe(400);
      expect(disguised.json().error).toBe(SDC_FILE_MESSAGES.logoType);
      const exe = await submit(validAnswers(), [
        { field: 'Attachments', name: 'setup.exe', content: Buffer.from('MZ') },
      ]);
      expect(exe.json().error).toBe(SDC_FILE_MESSAGES.docType('setup.exe'));
      const fakePdf = await submit(validAnswers(), [
        { field: 'Attachments', name: 'report.pdf', content: TINY_PNG },
      ]);
      expect(fakePdf.statusCode).toBe(400);
      expect(fakePdf.json().error).toBe(SDC_FILE_MESSAGES.docType('report.pdf'));
      const withoutTrackRecord = await submit(validAnswers({ hasProvenTrackRecord: 'No' }), [
        { field: 'Attachments', name: 'report.pdf', content: TINY_PDF },
      ]);
      expect(withoutTrackRecord.statusCode).toBe(400);
      expect(withoutTrackRecord.json().error).toBe(SDC_FILE_MESSAGES.docsWithoutTrackRecord);
      const twoLogos = await submit(validAnswers(), [
        { field: 'Logo', name: 'a.png', content: TINY_PNG },
        { field: 'Logo', name: 'b.png', content: TINY_PNG },
      ]);
      expect(twoLogos.json().error).toBe(SDC_FILE_MESSAGES.logoCount);
      expect(await submissions()).toHaveLength(before);
      expect(stagingFiles()).toEqual([]);
    });

    it('refuses a body over the limit by its declared length', async () => {
      const response = await penstock.app.inject({
        method: 'POST',
        url: '/api/savesdcdata',
        payload: 'x',
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(200 * 1024 * 1024),
        },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(413);
    });

    it('answers the honeypot as a success and keeps nothing', async () => {
      const before = (await submissions()).length;
      const response = await submit(validAnswers({ website: 'http://spam.example' }), [
        { field: 'Logo', name: 'spam.png', content: TINY_PNG },
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
      expect(await submissions()).toHaveLength(before);
      expect(stagingFiles()).toEqual([]);
    });

    it('limits a flood of forms from one address, and only that address', async () => {
      const flood = '192.0.2.77';
      const statuses: number[] = [];
      for (let i = 0; i <= DEFAULT_SUBMISSION_LIMIT.submissionsPerWindow; i++)
        statuses.push((await submit(validAnswers({ companyName: `Flood ${i}` }), [], flood)).statusCode);
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      const refused = await submit(validAnswers(), [], flood);
      expect(refused.json().error).toBe(SDC_FILE_MESSAGES.tooMany);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await submit(validAnswers(), [], '192.0.2.78')).statusCode).toBe(200);
    });
  });
}
