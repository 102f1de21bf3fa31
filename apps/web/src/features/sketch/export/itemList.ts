// The sketch's item list as a workbook (issue 13): one row per placed symbol with its tag and group.
// exceljs is loaded only when a list is made: it is large and most sessions never export one.
import { SYMBOL_CATALOGUE, sketchItemList, type SketchItem, type SketchLists } from '@penstock/shared';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ITEM_LIST_COLUMNS = ['Symbol', 'Tag', 'Group', 'X', 'Y'] as const;

/** The workbook bytes of an item list: a bold, filtered header row frozen above the rows. */
export async function itemListWorkbook(items: readonly SketchItem[]): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Penstock';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Items', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Symbol', key: 'symbol', width: 40 },
    { header: 'Tag', key: 'tag', width: 24 },
    { header: 'Group', key: 'group', width: 30 },
    { header: 'X', key: 'x', width: 10 },
    { header: 'Y', key: 'y', width: 10 },
  ];
  for (const item of items)
    sheet.addRow({
      symbol: item.symbol,
      tag: item.tag || undefined,
      group: item.group,
      x: item.x,
      y: item.y,
    });
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: ITEM_LIST_COLUMNS.length } };
  const buffer = await workbook.xlsx.writeBuffer();
  // exceljs gives a Node Buffer or an ArrayBuffer depending on the build: copy into a plain ArrayBuffer
  const bytes = new Uint8Array(buffer as ArrayBuffer);
  return bytes.slice().buffer;
}

/** 'Sketch items.xlsx': the symbols placed on the sketch, with the text beside each as its tag. */
export async function exportItemList(lists: SketchLists): Promise<Blob> {
  const bytes = await itemListWorkbook(sketchItemList(lists, SYMBOL_CATALOGUE));
  return new Blob([bytes], { type: XLSX_TYPE });
}
