import crypto from 'node:crypto';
import { emptySdcForm, type SdcFormValues } from '@penstock/shared';

/** Test helpers of the Supplier Zone's integration tests. */

export interface TestFile {
  field: 'Logo' | 'Attachments' | string;
  name: string;
  content: Buffer;
}

/** A multipart/form-data body of text fields and files, for inject(). */
export function multipartBody(fields: Record<string, string>, files: readonly TestFile[] = []) {
  const boundary = `----penstock${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
/** A .docx is a zip: its first bytes are enough for the type check. */
export const TINY_DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);

/** A complete, valid set of answers. */
export function validAnswers(overrides: Partial<SdcFormValues> = {}): SdcFormValues {
  return {
    ...emptySdcForm(new Date('2026-11-24T10:00:00Z')),
    companyName: 'Acme Water Design Ltd',
    companyNumber: '01234567',
    companyAddress: '1 Mill Lane, Leeds LS1 1AA',
    companyPhone: '0113 496 0000',
    companyEmail: 'design@acme-water.example',
    hasOtherCompanyNames: 'No',
    competentCivilElements: ['Buildings, kiosks and superstructures'],
    competentMechanicalSystems: ['Odour control', 'Other'],
    otherMechanicalSystems: 'Storm tank cleansing',
    hasDesignProcedure: 'Yes',
    coveredByDesignProcedure: ['Design change control'],
    hasProvenTrackRecord: 'Yes',
    whereProvenTrackRecord: 'Yorkshire inlet works, 2024',
    supportedBy: 'Alliance partner',
    hasProfessionalIndemnity: 'Yes',
    FurtherDetails: '<script>alert(1)</script> stays text',
    name: 'Jo Bloggs',
    ...overrides,
  };
}
