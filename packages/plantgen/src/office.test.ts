import { inflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ASSET_CATEGORIES } from '@penstock/shared';
import { generateEquipmentListXlsx, generateSitePhotoPng } from './office.ts';
import { PNG_SIGNATURE, crc32 } from './office/png.ts';

describe('generateSitePhotoPng', () => {
  it('is a valid 320 x 200 RGB PNG with correct chunks', () => {
    const png = generateSitePhotoPng(7);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const chunks: { type: string; data: Buffer }[] = [];
    for (let at = 8; at < png.length;) {
      const length = png.readUInt32BE(at);
      const type = png.toString('ascii', at + 4, at + 8);
      const data = png.subarray(at + 8, at + 8 + length);
      expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      chunks.push({ type, data });
      at += 12 + length;
    }
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = chunks[0]?.data as Buffer;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([320, 200, 8, 2]);
    expect(inflateSync(chunks[1]?.data as Buffer).length).toBe((320 * 3 + 1) * 200);
  });

  it('is deterministic per seed', () => {
    expect(generateSitePhotoPng(3).equals(generateSitePhotoPng(3))).toBe(true);
    expect(generateSitePhotoPng(3).equals(generateSitePhotoPng(4))).toBe(false);
  });
});

describe('generateEquipmentListXlsx', () => {
  it('opens with exceljs and lists equipment with catalogue categories', async () => {
    const book = new ExcelJS.Workbook();
    const bytes = await generateEquipmentListXlsx(7, { elements: 1000 });
    expect(bytes.subarray(0, 2).toString('ascii')).toBe('PK');
    // exceljs declares its own Buffer type (an ArrayBuffer); hand it an exact copy of the bytes.
    await book.xlsx.load(new Uint8Array(bytes).buffer);
    const sheet = book.getWorksheet('Equipment List');
    expect(sheet).toBeDefined();
    if (!sheet) return;
    expect(sheet.rowCount).toBeGreaterThan(50);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(['Tag', 'Description', 'P&ID Class']);
    expect(header).toContain('Status');
    const names = new Set(ASSET_CATEGORIES.map((c) => c.name));
    sheet.eachRow((row, n) => {
      if (n > 1) expect(names.has(String(row.getCell(3).value))).toBe(true);
    });
    expect(String(sheet.getRow(2).getCell(1).value)).toMatch(/^[A-Z]+-\d{4}$/);
    expect(book.getWorksheet('Instrument List')?.rowCount).toBeGreaterThan(10);
  });

  it('is byte-identical for the same seed, even when written at another time', async () => {
    const a = await generateEquipmentListXlsx(5, { elements: 300 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await generateEquipmentListXlsx(5, { elements: 300 })).equals(a)).toBe(true);
    expect((await generateEquipmentListXlsx(6, { elements: 300 })).equals(a)).toBe(false);
  });
});
