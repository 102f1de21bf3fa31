import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SYMBOL_CATALOGUE, emptySketchLists } from '@penstock/shared';
import { XLSX_TYPE, exportItemList } from './itemList.ts';

const base = { rotation: 0, scaleX: 1, scaleY: 1 };

describe('exportItemList', () => {
  it('writes Symbol, Tag, Group, X, Y with a bold, filtered header row', async () => {
    const valve = SYMBOL_CATALOGUE.find((entry) => entry.group === 'Valves')!;
    const pump = SYMBOL_CATALOGUE.find((entry) => entry.group === 'Pumps/Fans/Blower/Compressors')!;
    const lists = emptySketchLists();
    lists.Images.push(
      { ...base, id: 'v', tool: 'image', x: 100, y: 100, src: valve.src, pidItem: '', width: 80, height: 80 },
      { ...base, id: 'p', tool: 'image', x: 500, y: 100, src: pump.src, pidItem: '', width: 80, height: 80 },
    );
    lists.Texts.push({
      ...base,
      id: 't',
      tool: 'text',
      x: 190,
      y: 120,
      text: 'FV-101',
      fontSize: 20,
      colour: 'black',
    });

    const blob = await exportItemList(lists);
    expect(blob.type).toBe(XLSX_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.map((row) => row.slice(1))).toEqual([
      ['Symbol', 'Tag', 'Group', 'X', 'Y'],
      [pump.category, undefined, pump.group, 500, 100],
      [valve.category, 'FV-101', valve.group, 100, 100],
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.autoFilter).toBe('A1:E1');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });
});
