import ExcelJS from 'exceljs';
import { DSEAR_ACCESS_REQUIRED, type DsearFilters, type DsearListEntry } from '@penstock/shared';

/** The register table's columns (spec 3 §2), without Actions; Access says whether the user may open it. */
const COLUMNS: ReadonlyArray<{ header: string; width: number; value: (e: DsearListEntry) => unknown }> = [
  { header: 'Project', width: 36, value: (e) => e.projectName },
  // a real date cell, so the sheet sorts and filters by date
  { header: 'Date', width: 18, value: (e) => dateOf(e.date) },
  { header: 'Technical Manager', width: 22, value: (e) => e.tm },
  {
    header: 'Senior Design Managers',
    width: 32,
    value: (e) => e.sdms.map((s) => `${s.name || s.email} (${s.status})`).join(', '),
  },
  { header: 'FLIDS Risk', width: 12, value: (e) => e.flidsRisk },
  { header: 'FLIDS Outcome', width: 14, value: (e) => e.flidsOutcome },
  { header: 'DSEAR Zones', width: 36, value: (e) => e.dsearZone.map(zoneText).join(', ') },
  {
    header: 'DSEAR Ratings',
    width: 24,
    value: (e) =>
      e.dsearZone
        .map((z) => z.rating)
        .filter(Boolean)
        .join(', '),
  },
  { header: 'TM RAG', width: 10, value: (e) => e.tmRag },
  { header: 'Access', width: 16, value: (e) => (e.access ? 'Yes' : DSEAR_ACCESS_REQUIRED) },
];

const FILTER_LABELS: Record<keyof DsearFilters, string> = {
  projectName: 'Project name contains',
  date: 'Date',
  tm: 'Technical manager contains',
  sdms: 'Senior design managers (any of)',
  flidsRisk: 'FLIDS risk (any of)',
  flidsOutcome: 'FLIDS outcome (any of)',
  zones: 'DSEAR zones (all of)',
  ratings: 'DSEAR ratings (all of)',
  tmRag: 'TM RAG (any of)',
};

const RAG_FILLS: Record<string, string> = { RED: 'FFFF0000', AMBER: 'FFFFA500', GREEN: 'FF008000' };

const zoneText = (z: DsearListEntry['dsearZone'][number]) => (z.other ? `${z.zone}: ${z.other}` : z.zone);
function dateOf(iso: string): Date | string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date;
}

/**
 * The register as an .xlsx workbook: sheet 'DSEAR Register' with the rows the filters keep (a bold, frozen
 * header with an auto filter, RAG cells coloured as on the page), and sheet 'Filters' saying which filters
 * made it, so a file passed on still says what it is a selection of.
 */
export async function dsearRegisterWorkbook(
  entries: readonly DsearListEntry[],
  filters: DsearFilters,
  meta: { creator: string; at: Date },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = meta.creator;
  workbook.created = meta.at;
  workbook.title = 'DSEAR Register';
  const sheet = workbook.addWorksheet('DSEAR Register', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(2).numFmt = 'yyyy-mm-dd hh:mm';
  for (const entry of entries) {
    const row = sheet.addRow(COLUMNS.map((column) => column.value(entry)));
    const rag = row.getCell(COLUMNS.findIndex((c) => c.header === 'TM RAG') + 1);
    const fill = RAG_FILLS[entry.tmRag];
    if (fill) {
      rag.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
      rag.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    }
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };

  const about = workbook.addWorksheet('Filters');
  about.columns = [
    { header: 'Filter', width: 34 },
    { header: 'Value', width: 60 },
  ];
  about.getRow(1).font = { bold: true };
  const applied = (Object.keys(FILTER_LABELS) as Array<keyof DsearFilters>)
    .map((key): [string, string] => {
      const value = filters[key];
      return [FILTER_LABELS[key], Array.isArray(value) ? value.join(', ') : value];
    })
    .filter(([, value]) => value !== '');
  if (applied.length === 0) about.addRow(['(none)', 'every entry of the register']);
  for (const line of applied) about.addRow(line);
  about.addRow([]);
  about.addRow(['Exported', meta.at.toISOString()]);
  about.addRow(['Exported by', meta.creator]);
  about.addRow(['Entries', entries.length]);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
