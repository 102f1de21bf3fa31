import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { generatePidPdf } from './pdf.ts';

const options = { sheets: 9, seed: 7, title: 'Ravensworth Water Treatment Works', drawingPrefix: 'RWTW-PID' };

describe('generatePidPdf', () => {
  it('has the requested number of A3 landscape pages', async () => {
    const doc = await PDFDocument.load(await generatePidPdf(options));
    expect(doc.getPageCount()).toBe(9);
    const { width, height } = doc.getPage(0).getSize();
    expect(Math.round(width)).toBe(1191);
    expect(Math.round(height)).toBe(842);
    expect(doc.getTitle()).toContain('Ravensworth');
  });

  it('is deterministic', async () => {
    const a = Buffer.from(await generatePidPdf(options));
    expect(Buffer.from(await generatePidPdf(options)).equals(a)).toBe(true);
    expect(Buffer.from(await generatePidPdf({ ...options, seed: 8 })).equals(a)).toBe(false);
  });

  it('rejects a bad sheet count', async () => {
    await expect(generatePidPdf({ ...options, sheets: 0 })).rejects.toThrow(RangeError);
  });
});
