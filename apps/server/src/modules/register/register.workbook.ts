import ExcelJS from 'exceljs';
import type { Deliverable, ProjectRegister } from '@penstock/shared';

/** The register as an .xlsx workbook: one row a container, a bold frozen header with an auto filter. */
export async function registerWorkbook(
  register: ProjectRegister,
  meta: { projectName: string; creator: string; at: Date },
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = meta.creator;
  book.created = meta.at;
  const sheet = book.addWorksheet('Register');
  const columns: Array<{ header: string; width: number }> = [
    { header: 'File name', width: 40 },
    { header: 'Title', width: 36 },
    { header: 'Description', width: 30 },
    ...register.fields.map((field) => ({ header: field.label, width: 12 })),
    { header: 'Folder', width: 24 },
    { header: 'Status', width: 10 },
    { header: 'Revision', width: 10 },
    { header: 'Suitability', width: 11 },
    { header: 'Version', width: 8 },
    { header: 'Name conforms', width: 14 },
    { header: 'Name problems', width: 50 },
    { header: 'Created', width: 18 },
    { header: 'Last updated', width: 18 },
    { header: 'Updated by', width: 20 },
  ];
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width }));
  for (const row of register.rows)
    sheet.addRow([
      row.name,
      row.title,
      row.description,
      ...register.fields.map((field) => row.fields[field.key] ?? ''),
      row.folderPath,
      row.state ?? '',
      row.revision,
      row.suitability,
      row.versionNumber,
      row.conforms ? 'Yes' : 'No',
      row.nameProblems.join('; '),
      new Date(row.createdAt),
      new Date(row.updatedAt),
      row.updatedBy,
    ]);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  sheet.headerFooter.oddHeader = `${meta.projectName}: document register`;
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The delivery plan as an .xlsx workbook (the same columns the import reads, plus status). */
export async function deliveryPlanWorkbook(deliverables: readonly Deliverable[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Delivery plan');
  sheet.columns = [
    { header: 'Name', width: 36 },
    { header: 'Title', width: 36 },
    { header: 'Responsible', width: 28 },
    { header: 'Planned suitability', width: 18 },
    { header: 'Due date', width: 12 },
    { header: 'Status', width: 12 },
  ];
  for (const d of deliverables)
    sheet.addRow([d.name, d.title, d.responsible, d.plannedSuitability, d.dueDate, d.status]);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The rows of a sheet's first worksheet as records keyed by the header row's text (lower case, spaces
 * collapsed), each with its 1-based sheet row number. Dates become YYYY-MM-DD text.
 */
export async function readSheetRows(
  content: Buffer,
): Promise<Array<{ row: number; values: Record<string, string> }>> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new SheetError('The register is not an .xlsx workbook');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new SheetError('The workbook has no sheet');
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, column) => {
    headers[column] = cellText(cell.value).trim().toLowerCase().replace(/\s+/g, ' ');
  });
  const rows: Array<{ row: number; values: Record<string, string> }> = [];
  sheet.eachRow((sheetRow, number) => {
    if (number === 1) return;
    const values: Record<string, string> = {};
    sheetRow.eachCell((cell, column) => {
      const header = headers[column];
      if (header) values[header] = cellText(cell.value).trim();
    });
    if (Object.values(values).some(Boolean)) rows.push({ row: number, values });
  });
  if (rows.length > 5000) throw new SheetError('A register can have at most 5,000 rows');
  return rows;
}

export class SheetError extends Error {}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}
