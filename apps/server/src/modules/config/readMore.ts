import pdfmake from 'pdfmake';
import { configurePdfmake } from '../../pdf/pdfmakeSetup.ts';

const NAVY = '#0a3d5c';

/** The sign-in page's read-more PDF, drawn once on first request unless the installation supplies its own. */
export async function renderReadMorePdf(): Promise<Uint8Array> {
  configurePdfmake();
  const buffer = await pdfmake
    .createPdf({
      info: { title: 'About Penstock' },
      pageSize: 'A4',
      pageMargins: [48, 110, 48, 48],
      background: () => ({ canvas: [{ type: 'rect', x: 0, y: 0, w: 595.28, h: 80, color: NAVY }] }),
      header: () => ({
        text: 'Penstock project viewer',
        fontSize: 24,
        bold: true,
        color: 'white',
        margin: [48, 26, 48, 0],
      }),
      content: [
        {
          text: 'Penstock is an open, self-hostable project viewer for engineering and construction teams working on water and process plant.',
          margin: [0, 0, 0, 12],
        },
        { text: 'With it you can:', margin: [0, 0, 0, 6] },
        {
          ul: [
            'sign in and choose a project, then browse its folders and files;',
            'open 3D plant models (IFC) and PDF drawings in tabs;',
            'select an object to see its tag and its properties;',
            'raise issues, draw markups and run review and approval workflows;',
            'export valve, equipment, instrument and pipeline schedules;',
            'keep the hazardous-area (DSEAR) register.',
          ],
          margin: [0, 0, 0, 12],
        },
        { text: 'Ask your administrator for an account.' },
      ],
      defaultStyle: { font: 'Roboto', fontSize: 12, lineHeight: 1.3 },
    })
    .getBuffer();
  return new Uint8Array(buffer);
}
