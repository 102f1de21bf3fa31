import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countPdfPages, PdfReadError } from './pdfPages.ts';

const fixture = (name: string) =>
  path.resolve(import.meta.dirname, '../../../../../shared/fixtures/pdf', name);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'penstock-pdf-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, content: Buffer | string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};

describe('PDF pages are counted by pdf.js in a worker thread (issue 16: no pdf-lib, not on the API thread)', () => {
  it('counts the pages of real PDFs', async () => {
    expect(await countPdfPages(fixture('tracemonkey.pdf'))).toBe(14);
    expect(await countPdfPages(fixture('Test-plusminus.pdf'))).toBeGreaterThan(0);
  });

  it('refuses a file that is not a PDF, a truncated one and an empty one with a reason', async () => {
    await expect(countPdfPages(write('text.pdf', 'just some text'))).rejects.toBeInstanceOf(PdfReadError);
    const truncated = fs.readFileSync(fixture('tracemonkey.pdf')).subarray(0, 2000);
    await expect(countPdfPages(write('truncated.pdf', truncated))).rejects.toBeInstanceOf(PdfReadError);
    await expect(countPdfPages(write('empty.pdf', Buffer.alloc(0)))).rejects.toThrow(/./);
  });
});
