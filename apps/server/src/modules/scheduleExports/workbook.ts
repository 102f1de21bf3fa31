import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { SCHEDULE_OPTIONS } from '@penstock/shared';
import type { ScheduleTable } from '@penstock/shared';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MIN_WIDTH = 10;
const MAX_WIDTH = 50;

/**
 * The style of every data cell: none. exceljs gives each new cell a style object of its own and, writing it,
 * renders each one to XML to find its style id (about half of getreport's time at 10,000 rows, see
 * tools/bench/RESULTS.md); one shared object is rendered once and gets the same id, so the file is the same.
 * Frozen: nothing may add to it.
 */
const PLAIN: Partial<ExcelJS.Style> = Object.freeze({});

/** Excel sheet names: at most 31 characters, none of []:*?/\ */
export function sheetNameOf(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Schedule';
}

/**
 * The schedule as an .xlsx workbook: one sheet, a bold frozen header row, the first two columns frozen,
 * widths from the longest value, an auto filter on the header, and one list validation per
 * dropdown-constrained column. Written with exceljs' streaming writer, row by row (the in-memory workbook took
 * several seconds for a 10,000-row schedule; see tools/bench/RESULTS.md).
 */
export async function scheduleWorkbook(
  table: ScheduleTable,
  options: { sheetName: string; title: string; creator: string },
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = options.creator;
  workbook.title = options.title;
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetNameOf(options.sheetName), {
    views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }],
  });
  sheet.columns = table.columns.map((name, index) => {
    let longest = name.length;
    for (const row of table.rows) longest = Math.max(longest, (row[index] ?? '').length);
    return { key: String(index), width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2)) };
  });
  const header = sheet.addRow(table.columns);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', wrapText: true };
  header.commit();
  for (const values of table.rows) {
    const row = sheet.addRow(values);
    row.eachCell({ includeEmpty: true }, (cell) => {
      cell.style = PLAIN;
    });
    row.commit();
  }
  table.columns.forEach((name, index) => {
    const choices = SCHEDULE_OPTIONS[name]?.filter((choice) => choice !== '');
    if (!choices?.length || table.rows.length === 0) return;
    // one validation over the column's range (a validation per cell made 10,000-row schedules slow)
    const letter = sheet.getColumn(index + 1).letter;
    validations(sheet).add(`${letter}2:${letter}${table.rows.length + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${choices.join(',')}"`],
      showErrorMessage: true,
      errorTitle: name,
      error: `Choose one of: ${choices.join(', ')}`,
    });
  });
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: Math.max(1, table.columns.length) },
  };
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

/** exceljs keeps a sheet's validations by address (a cell or a range); its types omit the collection. */
const validations = (sheet: ExcelJS.Worksheet) =>
  (
    sheet as unknown as {
      dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void };
    }
  ).dataValidations;
