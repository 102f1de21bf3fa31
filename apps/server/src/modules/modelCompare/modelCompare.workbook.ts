import ExcelJS from 'exceljs';
import type { ModelChange, ModelChangesQuery } from '@penstock/shared';
import { describeChanges } from './modelCompare.presenter.ts';

const KIND_LABELS = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

const COLUMNS: ReadonlyArray<{ header: string; width: number; value: (c: ModelChange) => unknown }> = [
  { header: 'Change', width: 10, value: (c) => c.kind && KIND_LABELS[c.kind] },
  { header: 'IFC class', width: 22, value: (c) => c.ifcClass },
  { header: 'Name', width: 30, value: (c) => c.name ?? '' },
  { header: 'Tag', width: 16, value: (c) => c.tag ?? '' },
  { header: 'Storey', width: 16, value: (c) => c.storey ?? '' },
  { header: 'GlobalId', width: 24, value: (c) => c.globalId },
  { header: 'Matched by', width: 11, value: (c) => c.matchedBy ?? '' },
  { header: 'What changed', width: 28, value: (c) => c.aspects.join(', ') },
  { header: 'Moved (m)', width: 10, value: (c) => c.placement?.moved ?? null },
  { header: 'Details', width: 70, value: (c) => describeChanges(c).join('\n') },
];

/** The change list as a workbook: one row per change with the filters applied, and the filters on a sheet. */
export async function changesWorkbook(
  changes: readonly ModelChange[],
  about: { base: string; head: string; filters: Partial<ModelChangesQuery> },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Penstock';
  const sheet = workbook.addWorksheet('Changes', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const change of changes) {
    const row = sheet.addRow(COLUMNS.map((column) => column.value(change)));
    row.getCell(COLUMNS.length).alignment = { wrapText: true, vertical: 'top' };
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  const info = workbook.addWorksheet('Compare');
  info.columns = [{ width: 18 }, { width: 60 }];
  info.addRow(['Base', about.base]);
  info.addRow(['Head', about.head]);
  for (const [name, value] of Object.entries(about.filters))
    if (value !== undefined && name !== 'offset' && name !== 'limit')
      info.addRow([`Filter: ${name}`, String(value)]);
  info.addRow(['Changes', changes.length]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
