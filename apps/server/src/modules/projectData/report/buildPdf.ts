/**
 * The PDF report engine: a ReportModel in, PDF bytes out, with pdfmake 0.3 (pure JS). Page 1 carries the
 * title block; then 'Project data', 'Calculations', 'Flow profile' (an ECharts SVG and its values) and
 * 'Asset register' (a long table whose header row repeats on every page). Every page has a header
 * (project · report, revision) and a footer ('Page n of m').
 *
 * Text is set in Roboto (pdfmake's bundled TTFs, embedded as subsets): the standard-14 fonts cover WinAnsi
 * only, so Polish or Cyrillic user text would come out garbled. pdfmake may fetch nothing from the network
 * and read no local file but the Roboto files.
 *
 * CPU-bound: call it through renderReportInWorker (renderInWorker.ts) from request handlers.
 */
import pdfmake from 'pdfmake';
import type {
  Content,
  ContentTable,
  CustomTableLayout,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';
import { flowChartSvg, hourlyValues } from './flowChartSvg.ts';
import { configurePdfmake } from '../../../pdf/pdfmakeSetup.ts';
import type { ReportAssets, ReportCalculation, ReportForm, ReportModel, ReportValue } from './reportModel.ts';
import { FLOW_CHART_HOURS, formatDate } from '@penstock/shared';

const MARGIN_X = 40;
const PAGE_MARGINS: [number, number, number, number] = [MARGIN_X, 52, MARGIN_X, 46];
/** A4 in points */
const A4 = { width: 595.28, height: 841.89 };
/** the asset register turns landscape past this many columns */
const PORTRAIT_MAX_ASSET_COLUMNS = 6;
const CELL_PADDING_X = 4;
const MUTED = '#5f6b76';
/** a block up to this many (estimated) lines is kept on one page with its heading */
const KEEP_TOGETHER_LINES = 30;
/** a row estimated taller than this many lines may break across pages */
const TALL_ROW_LINES = 20;
/** characters per line in the label, value and unit columns of a values table (9 pt, on the low side) */
const VALUE_TABLE_CHARS = [38, 45, 11];

/** Light rules, a shaded heading row; `headerRows` rows are treated as headings. */
function tableLayout(headerRows: number): CustomTableLayout {
  return {
    hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0.6 : i === headerRows ? 0.8 : 0.25),
    vLineWidth: () => 0,
    hLineColor: (i) => (i === 0 || i === headerRows ? '#6c757d' : '#ced4da'),
    paddingLeft: () => CELL_PADDING_X,
    paddingRight: () => CELL_PADDING_X,
    paddingTop: () => 2,
    paddingBottom: () => 2,
    fillColor: (rowIndex) => (rowIndex === headerRows - 1 ? '#e9ecef' : null),
  };
}

/** Defensive: the model crossed a thread boundary as JSON, so a value may not be a string after all. */
const str = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

/** Up to three decimals, no trailing zeros; a gap prints as a dash. */
export function formatFlow(value: number | null): string {
  return value === null ? '–' : String(Math.round(value * 1000) / 1000);
}

/** The printed lines of one row, roughly: its tallest cell, given how many characters a line holds per column. */
function rowLines(row: readonly unknown[], charsPerLine: number | readonly number[]): number {
  return Math.max(
    1,
    ...row.map((cell, column) => {
      const perLine = typeof charsPerLine === 'number' ? charsPerLine : (charsPerLine[column] ?? 40);
      return Math.ceil(str(cell).length / Math.max(1, perLine)) || 1;
    }),
  );
}

/** A rough count of printed lines, to decide whether a block may be kept on one page. */
function estimatedLines(
  rows: ReadonlyArray<readonly unknown[]>,
  charsPerLine: number | readonly number[] = VALUE_TABLE_CHARS,
): number {
  return rows.reduce<number>((sum, row) => sum + rowLines(row, charsPerLine), 0);
}

/**
 * Rows may be kept whole (and the first one with the header rows) only when none is tall: pdfmake drops
 * the content of an unbreakable row, or header group, that does not fit on a page.
 */
function rowsKeptWhole(
  rows: ReadonlyArray<readonly unknown[]>,
  charsPerLine: number | readonly number[],
): Pick<ContentTable['table'], 'dontBreakRows' | 'keepWithHeaderRows'> {
  const whole = rows.every((row) => rowLines(row, charsPerLine) <= TALL_ROW_LINES);
  return { dontBreakRows: whole, keepWithHeaderRows: whole ? 1 : 0 };
}

/** Heading and block on one page when the block is short; unbreakable blocks must never span pages. */
function keepTogether(parts: Content[], lines: number): Content {
  return lines <= KEEP_TOGETHER_LINES ? { stack: parts, unbreakable: true } : { stack: parts };
}

const sectionHeading = (text: string, first = false): Content => ({
  text,
  style: 'h1',
  margin: [0, first ? 4 : 18, 0, 8],
});
const none = (text: string): Content => ({ text, style: 'none' });

/** Label | Value | Unit, with an optional title row spanning the table (repeated on every page too). */
function valuesTable(
  values: readonly ReportValue[],
  labelHeading: string,
  options: { title?: string; boldValues?: boolean } = {},
): ContentTable {
  const titleRows: TableCell[][] = options.title
    ? [[{ text: options.title, style: 'tableTitle', colSpan: 3 }, {}, {}]]
    : [];
  const heading: TableCell[] = [
    { text: labelHeading, style: 'th' },
    { text: 'Value', style: 'th' },
    { text: 'Unit', style: 'th' },
  ];
  const body: TableCell[][] = values.map((entry) => [
    str(entry.label),
    { text: str(entry.value), bold: options.boldValues ?? false },
    { text: str(entry.unit), color: MUTED },
  ]);
  const headerRows = titleRows.length + 1;
  const texts = values.map((entry) => [entry.label, entry.value, entry.unit]);
  return {
    table: {
      headerRows,
      ...rowsKeptWhole(texts, VALUE_TABLE_CHARS),
      widths: ['40%', '*', 70],
      body: [...titleRows, heading, ...body],
    },
    layout: tableLayout(headerRows),
    margin: [0, 0, 0, 10],
  };
}

function projectDataSection(forms: readonly ReportForm[]): Content[] {
  const heading = sectionHeading('Project data', true);
  if (forms.length === 0) return [heading, none('No project data recorded.')];
  return forms.map((form, index) => {
    const title = str(form.form);
    const fields = form.fields ?? [];
    const block: Content =
      fields.length === 0
        ? { stack: [{ text: title, style: 'h2' }, none('No values recorded on this form.')] }
        : valuesTable(fields, 'Field', { title });
    const rows = fields.map((field) => [field.label, field.value, field.unit]);
    return keepTogether(index === 0 ? [heading, block] : [block], estimatedLines(rows) + 2);
  });
}

function calculationBlock(calculation: ReportCalculation): { content: Content[]; lines: number } {
  const inputs = calculation.inputs ?? [];
  const results = calculation.results ?? [];
  const method: Content[] = [];
  if (calculation.formula)
    method.push({
      text: [{ text: 'Formula: ', bold: true }, str(calculation.formula)],
      margin: [0, 0, 0, 2],
    });
  method.push({
    text: [{ text: 'Source: ', bold: true }, str(calculation.source) || '–'],
    margin: [0, 0, 0, 6],
  });
  const content: Content[] = [
    { text: str(calculation.title), style: 'h2' },
    inputs.length > 0 ? valuesTable(inputs, 'Input') : none('No inputs recorded.'),
    ...method,
    results.length > 0 ? valuesTable(results, 'Result', { boldValues: true }) : none('No results recorded.'),
    {
      text: `Run by ${str(calculation.ranBy) || 'unknown'} on ${formatDate(str(calculation.ranAt), 'utc-date-time') || 'an unknown date'}`,
      style: 'note',
      margin: [0, 0, 0, 12],
    },
  ];
  const lines =
    estimatedLines([...inputs, ...results].map((entry) => [entry.label, entry.value, entry.unit])) +
    8 +
    Math.ceil(str(calculation.formula).length / 80);
  return { content, lines };
}

function calculationsSection(calculations: readonly ReportCalculation[]): Content[] {
  const heading = sectionHeading('Calculations');
  if (calculations.length === 0) return [heading, none('No calculations recorded.')];
  return calculations.map((calculation, index) => {
    const { content, lines } = calculationBlock(calculation);
    return keepTogether(index === 0 ? [heading, ...content] : content, lines);
  });
}

/** At most this many flow types per values table (20 are allowed): wider tables would not fit the page. */
const FLOW_COLUMNS_PER_TABLE = 6;

function flowSection(flow: ReportModel['sections']['flow'], contentWidth: number): Content[] {
  const heading = sectionHeading('Flow profile');
  const series = (flow?.series ?? []).filter((entry) => Array.isArray(entry.values));
  if (!flow || series.length === 0) return [heading, none('No flow profile recorded.')];
  const chart: Content = {
    svg: flowChartSvg({ series }),
    fit: [contentWidth, 330],
    alignment: 'center',
    margin: [0, 0, 0, 10],
  };
  const tables: Content[] = [];
  for (let start = 0; start < series.length; start += FLOW_COLUMNS_PER_TABLE) {
    const chunk = series.slice(start, start + FLOW_COLUMNS_PER_TABLE);
    const columns = chunk.map((entry) => hourlyValues(entry.values));
    const body: TableCell[][] = [
      [
        { text: 'Time', style: 'th' },
        ...chunk.map((entry): TableCell => ({
          text: `${str(entry.type)} (l/s)`,
          style: 'th',
          alignment: 'right',
        })),
      ],
      ...FLOW_CHART_HOURS.map((hour, row): TableCell[] => [
        hour,
        ...columns.map((values): TableCell => ({
          text: formatFlow(values[row] ?? null),
          alignment: 'right',
        })),
      ]),
    ];
    tables.push({
      table: {
        headerRows: 1,
        keepWithHeaderRows: 1,
        dontBreakRows: true,
        widths: [50, ...chunk.map(() => 65)],
        body,
      },
      layout: tableLayout(1),
      fontSize: 8,
      margin: [0, 0, 0, 10],
      unbreakable: true,
    });
  }
  return [{ stack: [heading, chart], unbreakable: true }, ...tables];
}

/** Column widths in proportion to the text they hold (sampled, clamped), filling the page width. */
function assetColumnWidths(assets: ReportAssets, available: number): number[] {
  const sample = assets.rows.slice(0, 500);
  const weights = assets.columns.map((column, index) => {
    const longest = Math.max(str(column).length, ...sample.map((row) => str(row[index]).length));
    return Math.min(30, Math.max(4, longest));
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const room = available - weights.length * CELL_PADDING_X * 2;
  return weights.map((weight) => Math.floor((room * weight) / total));
}

function assetSection(assets: ReportModel['sections']['assets']): Content[] {
  const columns = assets?.columns ?? [];
  const rows = assets?.rows ?? [];
  const landscape = columns.length > PORTRAIT_MAX_ASSET_COLUMNS;
  const pageWidth = landscape ? A4.height : A4.width;
  const heading: Content = {
    text: 'Asset register',
    style: 'h1',
    margin: [0, 4, 0, 4],
    pageBreak: 'before',
    pageOrientation: landscape ? 'landscape' : 'portrait',
  };
  if (!assets || columns.length === 0 || rows.length === 0) return [heading, none('No assets recorded.')];
  const header: TableCell[] = columns.map((column) => ({ text: str(column), style: 'th' }));
  const body: string[][] = rows.map((row) => columns.map((_, index) => str(row[index])));
  const fontSize = columns.length > 9 ? 6.5 : 7.5;
  const widths = assetColumnWidths(assets, pageWidth - 2 * MARGIN_X);
  // Roboto's average character is about half an em wide
  const charsPerLine = widths.map((width) => Math.floor(width / (fontSize * 0.55)));
  return [
    heading,
    {
      text: `${rows.length.toLocaleString('en-GB')} ${rows.length === 1 ? 'asset' : 'assets'} from ${str(assets.model) || 'the model'}`,
      style: 'note',
      margin: [0, 0, 0, 8],
    },
    {
      table: {
        headerRows: 1,
        ...rowsKeptWhole(body, charsPerLine),
        widths,
        body: [header, ...body],
      },
      layout: tableLayout(1),
      fontSize,
    },
  ];
}

function titleBlock(model: ReportModel): Content[] {
  const rows: Array<[string, string]> = [
    ['Project', str(model.projectName)],
    ['Report', str(model.reportTitle)],
    ['Revision', str(model.revision)],
    ['Suitability', str(model.suitability) || '–'],
    ['Date', formatDate(str(model.date), 'utc-date')],
    ['Author', str(model.author)],
  ];
  return [
    { text: str(model.reportTitle), style: 'title' },
    { text: str(model.projectName), style: 'subtitle' },
    {
      table: {
        widths: [90, '*'],
        body: rows.map(([label, value]) => [{ text: label, bold: true, color: MUTED }, value]),
      },
      layout: {
        hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0.8 : 0.25),
        vLineWidth: () => 0,
        hLineColor: () => '#adb5bd',
        paddingTop: () => 4,
        paddingBottom: () => 4,
      },
      margin: [0, 0, 0, 16],
    },
  ];
}

/** The pdfmake document for a report (exported for tests and previews). */
export function reportDocument(model: ReportModel): TDocumentDefinitions {
  const sections = model.sections ?? { projectData: [], calculations: [] };
  const contentWidth = A4.width - 2 * MARGIN_X;
  const running = [str(model.projectName), str(model.reportTitle)].filter(Boolean).join(' · ');
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: PAGE_MARGINS,
    info: {
      title: str(model.title) || str(model.reportTitle),
      author: str(model.author),
      subject: str(model.reportTitle),
      keywords: [str(model.projectName), `Revision ${str(model.revision)}`].join(', '),
      creator: 'Penstock',
      producer: 'Penstock (pdfmake)',
    },
    header: () => ({
      columns: [
        { text: running, width: '*' },
        { text: `Revision ${str(model.revision)}`, width: 'auto', alignment: 'right' },
      ],
      style: 'running',
      margin: [MARGIN_X, 22, MARGIN_X, 0],
    }),
    footer: (currentPage, pageCount) => ({
      columns: [
        { text: formatDate(str(model.date), 'utc-date'), width: '*' },
        { text: `Page ${currentPage} of ${pageCount}`, width: 'auto', alignment: 'right' },
      ],
      style: 'running',
      margin: [MARGIN_X, 16, MARGIN_X, 0],
    }),
    content: [
      ...titleBlock(model),
      ...projectDataSection(sections.projectData ?? []),
      ...calculationsSection(sections.calculations ?? []),
      ...flowSection(sections.flow, contentWidth),
      ...assetSection(sections.assets),
    ],
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 20, bold: true, margin: [0, 8, 0, 4] },
      subtitle: { fontSize: 13, color: MUTED, margin: [0, 0, 0, 14] },
      h1: { fontSize: 14, bold: true, color: '#1f3b57' },
      h2: { fontSize: 11, bold: true, margin: [0, 6, 0, 4] },
      tableTitle: { fontSize: 10, bold: true, margin: [0, 2, 0, 2] },
      th: { bold: true },
      note: { fontSize: 8, color: MUTED },
      none: { italics: true, color: MUTED, margin: [0, 0, 0, 10] },
      running: { fontSize: 8, color: MUTED },
    },
  };
}

/** Builds the report PDF in this thread. */
export async function buildReportPdf(model: ReportModel): Promise<Buffer> {
  configurePdfmake();
  return pdfmake.createPdf(reportDocument(model)).getBuffer();
}
