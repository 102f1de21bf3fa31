/** The drawing sheet: border with zone marks, notes, revision table and title block (A3 landscape). */
import { INK, line, text, type Pen } from './symbols.ts';

export const A3_LANDSCAPE: [number, number] = [1190.55, 841.89];
const [W, H] = A3_LANDSCAPE;
const FRAME = 30;
/** The right-hand column holding notes, revisions and the title block. */
export const COLUMN_X = W - FRAME - 300;
/** The drawing area: left of the column, inside the frame. */
export const DRAWING_AREA = { x0: FRAME, x1: COLUMN_X, y0: FRAME, y1: H - FRAME } as const;

export interface Revision {
  readonly rev: string;
  readonly date: string;
  readonly description: string;
  readonly by: string;
  readonly checked: string;
}

export interface TitleBlock {
  readonly works: string;
  readonly title: readonly string[];
  readonly drawingNumber: string;
  readonly revision: string;
  readonly sheet: string;
  readonly drawn: string;
  readonly checked: string;
  readonly approved: string;
  readonly date: string;
}

const rule = (pen: Pen, x1: number, y1: number, x2: number, y2: number, thickness = 0.6): void =>
  line(pen, x1, y1, x2, y2, thickness, INK);

export function drawFrame(pen: Pen): void {
  const { page } = pen;
  page.drawRectangle({ x: 15, y: 15, width: W - 30, height: H - 30, borderColor: INK, borderWidth: 0.5 });
  page.drawRectangle({
    x: FRAME,
    y: FRAME,
    width: W - 2 * FRAME,
    height: H - 2 * FRAME,
    borderColor: INK,
    borderWidth: 1.4,
  });
  const columns = 8;
  const rows = 6;
  for (let i = 0; i < columns; i++) {
    const x = FRAME + ((W - 2 * FRAME) * (i + 0.5)) / columns;
    text(pen, String(i + 1), x, H - 26, 8, 'centre');
    text(pen, String(i + 1), x, 19, 8, 'centre');
    if (i > 0) {
      const xb = FRAME + ((W - 2 * FRAME) * i) / columns;
      rule(pen, xb, 15, xb, FRAME, 0.5);
      rule(pen, xb, H - FRAME, xb, H - 15, 0.5);
    }
  }
  for (let j = 0; j < rows; j++) {
    const y = FRAME + ((H - 2 * FRAME) * (rows - j - 0.5)) / rows;
    const letter = String.fromCharCode(65 + j);
    text(pen, letter, 22.5, y - 3, 8, 'centre');
    text(pen, letter, W - 22.5, y - 3, 8, 'centre');
  }
  rule(pen, COLUMN_X, FRAME, COLUMN_X, H - FRAME, 1.2);
}

/** The notes panel at the top of the right-hand column. */
export function drawNotes(pen: Pen, notes: readonly string[], legend: readonly string[]): void {
  const x = COLUMN_X + 10;
  let y = H - FRAME - 18;
  text(pen, 'NOTES', x, y, 9, 'left', true);
  notes.forEach((note, i) => {
    y -= 13;
    text(pen, `${i + 1}. ${note}`, x, y, 6.5);
  });
  y -= 24;
  text(pen, 'FLUID CODES', x, y, 9, 'left', true);
  for (const entry of legend) {
    y -= 12;
    text(pen, entry, x, y, 6.5);
  }
}

export function drawRevisions(pen: Pen, revisions: readonly Revision[]): void {
  const x0 = COLUMN_X;
  const x1 = W - FRAME;
  const top = 350;
  const rowHeight = 14;
  const cols = [x0 + 6, x0 + 36, x0 + 96, x0 + 236, x0 + 266];
  rule(pen, x0, top, x1, top, 1);
  text(pen, 'REVISIONS', x0 + 6, top + 5, 8, 'left', true);
  const header = ['Rev', 'Date', 'Description', 'By', 'Chk'];
  const rows = [header, ...revisions.map((r) => [r.rev, r.date, r.description, r.by, r.checked])];
  rows.forEach((row, i) => {
    const y = top - rowHeight * (i + 1);
    rule(pen, x0, y, x1, y, 0.4);
    row.forEach((cell, c) => text(pen, cell, cols[c] as number, y + 4, 6, 'left', i === 0));
  });
}

export function drawTitleBlock(pen: Pen, block: TitleBlock): void {
  const x0 = COLUMN_X;
  const x1 = W - FRAME;
  const mid = x0 + 150;
  rule(pen, x0, 200, x1, 200, 1.2);
  text(pen, 'PENSTOCK DEMONSTRATION ENGINEERING', x0 + 8, 186, 8, 'left', true);
  text(pen, block.works.toUpperCase(), x0 + 8, 172, 8, 'left', true);
  rule(pen, x0, 165, x1, 165);
  block.title.forEach((lineText, i) => text(pen, lineText, x0 + 8, 150 - i * 12, 8, 'left', i === 0));
  rule(pen, x0, 108, x1, 108);
  const cells: [string, string, number, number][] = [
    ['Drawn', block.drawn, x0, 94],
    ['Checked', block.checked, x0 + 75, 94],
    ['Approved', block.approved, mid, 94],
    ['Date', block.date, mid + 75, 94],
    ['Scale', 'NTS', x0, 70],
    ['Size', 'A3', x0 + 75, 70],
    ['Sheet', block.sheet, mid, 70],
    ['Status', block.revision.startsWith('C') ? 'Construction' : 'Preliminary', mid + 75, 70],
  ];
  for (const [name, value, x, y] of cells) {
    text(pen, name, x + 6, y + 6, 5.5);
    text(pen, value, x + 6, y - 4, 7, 'left', true);
  }
  rule(pen, x0, 84, x1, 84, 0.4);
  rule(pen, x0, 60, x1, 60);
  for (const x of [x0 + 75, mid, mid + 75]) rule(pen, x, 60, x, 108, 0.4);
  text(pen, 'Drawing No.', x0 + 6, 50, 5.5);
  text(pen, block.drawingNumber, x0 + 6, 36, 13, 'left', true);
  rule(pen, x1 - 50, FRAME, x1 - 50, 60, 0.6);
  text(pen, 'Rev', x1 - 44, 50, 5.5);
  text(pen, block.revision, x1 - 25, 36, 13, 'centre', true);
}
