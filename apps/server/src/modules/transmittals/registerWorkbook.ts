import ExcelJS from 'exceljs';
import type { TransmittalSummary } from '@penstock/shared';

const COLUMNS = [
  { header: 'Number', key: 'number', width: 18 },
  { header: 'Direction', key: 'direction', width: 11 },
  { header: 'Issued', key: 'issued', width: 12 },
  { header: 'From', key: 'sender', width: 22 },
  { header: 'Purpose', key: 'purpose', width: 26 },
  { header: 'Response due', key: 'due', width: 13 },
  { header: 'Documents', key: 'documents', width: 11 },
  { header: 'Recipients', key: 'recipients', width: 11 },
  { header: 'Acknowledged', key: 'acknowledged', width: 13 },
  { header: 'Responded', key: 'responded', width: 11 },
  { header: 'Outstanding', key: 'outstanding', width: 12 },
];

/** The project's transmittal register (sent, received, outstanding) as an .xlsx workbook. */
export async function registerWorkbook(
  projectName: string,
  sheets: { sent: TransmittalSummary[]; received: TransmittalSummary[]; all: TransmittalSummary[] },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Penstock';
  const add = (name: string, rows: TransmittalSummary[], direction: (t: TransmittalSummary) => string) => {
    const sheet = workbook.addWorksheet(name);
    sheet.columns = COLUMNS;
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const t of rows)
      sheet.addRow({
        number: t.number,
        direction: direction(t),
        issued: t.issuedAt.slice(0, 10),
        sender: t.sender.name,
        purpose: t.purpose,
        due: t.dueDate ?? '',
        documents: t.documentCount,
        recipients: t.recipientCount,
        acknowledged: t.acknowledgedCount,
        responded: t.respondedCount,
        outstanding: t.outstanding,
      });
  };
  add('Register', sheets.all, (t) =>
    sheets.sent.includes(t) ? 'Sent' : sheets.received.includes(t) ? 'Received' : '',
  );
  add('Sent', sheets.sent, () => 'Sent');
  add('Received', sheets.received, () => 'Received');
  add(
    'Outstanding',
    sheets.all.filter((t) => t.outstanding > 0),
    () => '',
  );
  workbook.title = `${projectName} transmittal register`;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
