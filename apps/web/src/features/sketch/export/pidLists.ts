// The sketch's P&ID lists as workbooks (issue 37 §3): one sheet named as the schedules name theirs, the
// schedules' columns first, a bold frozen header with a filter. exceljs is loaded only when a list is made.
import {
  pidList,
  type PidList,
  type PidListContext,
  type PidListKind,
  type SketchLists,
} from '@penstock/shared';
import { XLSX_TYPE } from './itemList.ts';

export const PID_LIST_FILE_NAMES: Record<PidListKind, string> = {
  equipment: 'Equipment list.xlsx',
  line: 'Line list.xlsx',
  valve: 'Valve list.xlsx',
  instrument: 'Instrument list.xlsx',
};

/** The workbook bytes of one list. */
export async function pidListWorkbook(list: PidList, title = ''): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Penstock';
  workbook.created = new Date();
  if (title) workbook.title = `${list.sheet} for ${title}`;
  const sheet = workbook.addWorksheet(list.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = list.columns.map((column) => {
    const longest = Math.max(column.length, ...list.rows.map((row) => String(row[column] ?? '').length));
    return { header: column, key: column, width: Math.min(50, Math.max(10, longest + 2)) };
  });
  for (const row of list.rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: list.columns.length } };
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer).slice().buffer;
}

/** One P&ID list of the sketch as an .xlsx file. */
export async function exportPidList(
  kind: PidListKind,
  lists: SketchLists,
  context: PidListContext,
): Promise<Blob> {
  const list = pidList(kind, lists, context);
  return new Blob([await pidListWorkbook(list, context.drawingName)], { type: XLSX_TYPE });
}
