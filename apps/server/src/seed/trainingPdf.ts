/**
 * The demo training material's PDFs, generated with pdfmake (Roboto, no network, no files but the fonts):
 * an A4 handout for PDF courses and 16:9 slides for PowerPoint courses (a PowerPoint course is shown as its
 * slides saved as PDF: no PowerPoint viewer runs offline).
 */
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { configurePdfmake } from '../pdf/pdfmakeSetup.ts';

const BRAND = '#0b5394';
const MUTED = '#5f6b76';

export interface TrainingSection {
  heading: string;
  points: readonly string[];
}

export interface TrainingPdfInput {
  title: string;
  subtitle: string;
  sections: readonly TrainingSection[];
}

function handout(input: TrainingPdfInput): TDocumentDefinitions {
  const body: Content[] = [
    { text: 'Penstock training', color: MUTED, fontSize: 10, margin: [0, 0, 0, 4] },
    { text: input.title, fontSize: 22, bold: true, color: BRAND, margin: [0, 0, 0, 6] },
    { text: input.subtitle, fontSize: 12, color: MUTED, margin: [0, 0, 0, 18] },
  ];
  input.sections.forEach((section, index) => {
    body.push({ text: `${index + 1}. ${section.heading}`, fontSize: 14, bold: true, margin: [0, 12, 0, 6] });
    body.push({ ul: [...section.points], fontSize: 11, lineHeight: 1.25, margin: [0, 0, 0, 4] });
  });
  return {
    info: { title: input.title, author: 'Penstock demo' },
    pageSize: 'A4',
    pageMargins: [56, 56, 56, 56],
    content: body,
    defaultStyle: { font: 'Roboto' },
    footer: (page, pages) => ({
      text: `${input.title} · page ${page} of ${pages}`,
      alignment: 'center',
      fontSize: 8,
      color: MUTED,
      margin: [0, 16, 0, 0],
    }),
  };
}

function slides(input: TrainingPdfInput): TDocumentDefinitions {
  const slide = (content: Content[], first: boolean): Content => ({
    stack: content,
    pageBreak: first ? undefined : 'before',
  });
  const pages: Content[] = [
    slide(
      [
        { text: input.title, fontSize: 34, bold: true, color: BRAND, margin: [0, 150, 0, 14] },
        { text: input.subtitle, fontSize: 18, color: MUTED },
      ],
      true,
    ),
    ...input.sections.map((section) =>
      slide(
        [
          { text: section.heading, fontSize: 28, bold: true, color: BRAND, margin: [0, 10, 0, 24] },
          { ul: [...section.points], fontSize: 18, lineHeight: 1.35 },
        ],
        false,
      ),
    ),
  ];
  return {
    info: { title: input.title, author: 'Penstock demo' },
    pageSize: { width: 960, height: 540 },
    pageMargins: [56, 48, 56, 40],
    content: pages,
    defaultStyle: { font: 'Roboto' },
    background: () => ({ canvas: [{ type: 'rect', x: 0, y: 0, w: 960, h: 10, color: BRAND }] }),
    footer: (page) => ({
      text: `${page}`,
      alignment: 'right',
      fontSize: 10,
      color: MUTED,
      margin: [0, 12, 40, 0],
    }),
  };
}

/** A handout (PDF course) or a slide deck saved as PDF (PowerPoint course). */
export async function buildTrainingPdf(kind: 'handout' | 'slides', input: TrainingPdfInput): Promise<Buffer> {
  configurePdfmake();
  return pdfmake.createPdf(kind === 'slides' ? slides(input) : handout(input)).getBuffer();
}
