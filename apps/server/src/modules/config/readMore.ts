import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** The sign-in page's read-more PDF, drawn once on first request unless the installation supplies its own. */
export async function renderReadMorePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('About Penstock');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  page.drawRectangle({ x: 0, y: 762, width: 595, height: 80, color: rgb(0.04, 0.24, 0.36) });
  page.drawText('Penstock project viewer', { x: 48, y: 792, size: 24, font: bold, color: rgb(1, 1, 1) });
  const lines = [
    'Penstock is an open, self-hostable project viewer for engineering and construction',
    'teams working on water and process plant.',
    '',
    'With it you can:',
    '  - sign in and choose a project, then browse its folders and files;',
    '  - open 3D plant models (IFC) and PDF drawings in tabs;',
    '  - select an object to see its tag and its properties;',
    '  - raise issues, draw markups and run review and approval workflows;',
    '  - export valve, equipment, instrument and pipeline schedules;',
    '  - keep the hazardous-area (DSEAR) register.',
    '',
    'Ask your administrator for an account.',
  ];
  lines.forEach((line, index) => page.drawText(line, { x: 48, y: 720 - index * 20, size: 12, font }));
  return pdf.save();
}
