import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { configurePdfmake } from '../../pdf/pdfmakeSetup.ts';

/** What a transmittal's cover sheet prints (issue 35 §3). */
export interface CoverSheet {
  projectName: string;
  number: string;
  /** YYYY-MM-DD */
  date: string;
  sender: string;
  purpose: string;
  dueDate: string | null;
  message: string;
  recipients: ReadonlyArray<{ name: string; email: string; kind: 'member' | 'outside' }>;
  documents: ReadonlyArray<{ fileName: string; revision: string; suitability: string }>;
}

const MUTED = '#5f6b76';
const layout = {
  hLineWidth: (i: number) => (i <= 1 ? 0.8 : 0.25),
  vLineWidth: () => 0,
  hLineColor: () => '#adb5bd',
  fillColor: (row: number) => (row === 0 ? '#e9ecef' : null),
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

function coverDocument(sheet: CoverSheet): TDocumentDefinitions {
  const field = (label: string, value: string): Content[] => [{ text: label, color: MUTED }, { text: value }];
  const fields: Content[][] = [
    field('Project', sheet.projectName),
    field('Transmittal', sheet.number),
    field('Date', sheet.date),
    field('From', sheet.sender),
    field('Purpose of issue', sheet.purpose),
    ...(sheet.dueDate ? [field('Response due', sheet.dueDate)] : []),
  ];
  return {
    info: { title: `${sheet.number} Transmittal`, creator: 'Penstock' },
    pageSize: 'A4',
    pageMargins: [40, 52, 40, 46],
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    header: {
      text: `${sheet.projectName} · ${sheet.number}`,
      margin: [40, 24, 40, 0],
      color: MUTED,
      fontSize: 8,
    },
    footer: (page, pages) => ({
      text: `Page ${page} of ${pages}`,
      alignment: 'right',
      margin: [40, 12, 40, 0],
      color: MUTED,
      fontSize: 8,
    }),
    content: [
      { text: 'Transmittal', fontSize: 20, bold: true, margin: [0, 0, 0, 12] },
      { table: { widths: [110, '*'], body: fields }, layout: 'noBorders', margin: [0, 0, 0, 12] },
      ...(sheet.message
        ? [{ text: sheet.message, margin: [0, 0, 0, 12] as [number, number, number, number] }]
        : []),
      { text: 'Recipients', fontSize: 13, bold: true, margin: [0, 6, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: ['*', '*', 90],
          body: [
            [
              { text: 'Name', bold: true },
              { text: 'E-mail', bold: true },
              { text: 'Kind', bold: true },
            ],
            ...sheet.recipients.map((r) => [
              r.name,
              r.email,
              r.kind === 'member' ? 'Project member' : 'Outside',
            ]),
          ],
        },
        layout,
      },
      { text: 'Documents', fontSize: 13, bold: true, margin: [0, 14, 0, 4] },
      {
        table: {
          headerRows: 1,
          widths: [24, '*', 60, 70],
          body: [
            ['No.', 'Document', 'Revision', 'Suitability'].map((text) => ({ text, bold: true })),
            ...sheet.documents.map((d, i) => [String(i + 1), d.fileName, d.revision, d.suitability]),
          ],
        },
        layout,
      },
    ],
  };
}

/** The cover sheet as PDF bytes (pdfmake, Roboto; a page or two builds in well under a second). */
export async function coverSheetPdf(sheet: CoverSheet): Promise<Buffer> {
  configurePdfmake();
  return pdfmake.createPdf(coverDocument(sheet)).getBuffer();
}
