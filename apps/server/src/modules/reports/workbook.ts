import ExcelJS from 'exceljs';
import { SCHEDULE_OPTIONS } from '@penstock/shared';
import type { ScheduleTable } from '@penstock/shared';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MIN_WIDTH = 10;
const MAX_WIDTH = 50;

/** Excel sheet names: at most 31 characters, none of []:*?/\ */
export function sheetNameOf(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Schedule';
}

/**
 * The schedule as an .xlsx workbook: one sheet, a bold frozen header row, the first two columns frozen,
 * widths from the longest value, and list validation on the dropdown-constrained columns.
 */
export async function scheduleWorkbook(
  table: ScheduleTable,
  options: { sheetName: string; title: string; creator: string },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = options.creator;
  workbook.title = options.title;
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetNameOf(options.sheetName), {
    views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }],
  });
  const header = sheet.addRow(table.columns);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  for (const row of table.rows) sheet.addRow(row);
  table.columns.forEach((name, index) => {
    const column = sheet.getColumn(index + 1);
    const longest = Math.max(name.length, ...table.rows.map((row) => (row[index] ?? '').length));
    column.width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2));
    const choices = SCHEDULE_OPTIONS[name]?.filter((choice) => choice !== '');
    if (!choices?.length) return;
    const formula = `"${choices.join(',')}"`;
    for (let rowNumber = 2; rowNumber <= table.rows.length + 1; rowNumber++) {
      sheet.getCell(rowNumber, index + 1).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [formula],
        showErrorMessage: true,
        errorTitle: name,
        error: `Choose one of: ${choices.join(', ')}`,
      };
    }
  });
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: Math.max(1, table.columns.length) },
  };
  const content = await workbook.xlsx.writeBuffer();
  return Buffer.from(content as ArrayBuffer);
}
