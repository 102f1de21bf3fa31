import ExcelJS from 'exceljs';
import type { IdsCheck, IdsFailingObject } from '@penstock/shared';

const USAGE = { required: 'Required', optional: 'Optional', prohibited: 'Prohibited' } as const;

/**
 * A check as a workbook (issue 36 §3): sheet Summary (each specification's verdict and counts, the model and
 * the IDS), sheet Failures (one row per failed requirement of each failing object).
 */
export async function checkWorkbook(
  check: IdsCheck,
  failures: ReadonlyArray<{ spec: number; object: IdsFailingObject }>,
  about: { modelName: string },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Penstock';
  const summary = workbook.addWorksheet('Summary', { views: [{ state: 'frozen', ySplit: 6 }] });
  summary.columns = [
    { width: 6 },
    { width: 44 },
    { width: 12 },
    { width: 10 },
    { width: 12 },
    { width: 10 },
    { width: 10 },
    { width: 60 },
  ];
  summary.addRow(['Model', about.modelName]);
  summary.addRow(['IDS', `${check.idsFileName}${check.idsTitle ? ` (${check.idsTitle})` : ''}`]);
  summary.addRow(['Checked', check.finishedAt ?? '']);
  summary.addRow(['Verdict', check.pass ? 'pass' : 'fail']);
  summary.addRow([]);
  const header = summary.addRow([
    '#',
    'Specification',
    'Usage',
    'Result',
    'Applicable',
    'Passing',
    'Failing',
    'Reason',
  ]);
  header.font = { bold: true };
  for (const spec of check.specifications) {
    const row = summary.addRow([
      spec.index + 1,
      spec.name,
      USAGE[spec.usage],
      spec.pass ? 'pass' : 'fail',
      spec.applicable,
      spec.passed,
      spec.failed,
      spec.reason ?? '',
    ]);
    row.getCell(4).font = { bold: true, color: { argb: spec.pass ? 'FF1E7B34' : 'FFB02A37' } };
  }
  const sheet = workbook.addWorksheet('Failures', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Specification', width: 36 },
    { header: 'GlobalId', width: 24 },
    { header: 'Express id', width: 11 },
    { header: 'IFC class', width: 22 },
    { header: 'Name', width: 30 },
    { header: 'Requirement', width: 50 },
    { header: 'Found', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { spec, object } of failures)
    for (const failure of object.failures)
      sheet.addRow([
        check.specifications[spec]?.name ?? String(spec),
        object.globalId ?? '',
        object.expressId,
        object.ifcClass,
        object.name ?? '',
        failure.expected,
        failure.found,
      ]);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 7 } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
