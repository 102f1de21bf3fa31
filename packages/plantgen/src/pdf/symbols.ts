/** P&ID symbols drawn with simple vector shapes (pdf-lib points, origin bottom left). */
import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export const INK = rgb(0, 0, 0);
export const PROCESS = rgb(0.05, 0.2, 0.55);
export const SIGNAL = rgb(0.35, 0.35, 0.35);
export const PAPER = rgb(1, 1, 1);

export interface Pen {
  readonly page: PDFPage;
  readonly font: PDFFont;
  readonly bold: PDFFont;
}

export function text(
  pen: Pen,
  value: string,
  x: number,
  y: number,
  size = 6,
  align: 'left' | 'centre' = 'left',
  bold = false,
): void {
  const font = bold ? pen.bold : pen.font;
  const dx = align === 'centre' ? font.widthOfTextAtSize(value, size) / 2 : 0;
  pen.page.drawText(value, { x: x - dx, y, size, font, color: INK });
}

export function line(
  pen: Pen,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  thickness = 1.4,
  color = PROCESS,
): void {
  pen.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color });
}

export function signal(pen: Pen, x1: number, y1: number, x2: number, y2: number): void {
  pen.page.drawLine({
    start: { x: x1, y: y1 },
    end: { x: x2, y: y2 },
    thickness: 0.6,
    color: SIGNAL,
    dashArray: [3, 2],
  });
}

/** A filled flow arrow head pointing along +x (or -y when down). */
export function arrow(pen: Pen, x: number, y: number, direction: 'right' | 'down' = 'right'): void {
  const path = direction === 'right' ? 'M 0 -3 L 7 0 L 0 3 Z' : 'M -3 0 L 3 0 L 0 7 Z';
  pen.page.drawSvgPath(path, { x, y, color: PROCESS, borderWidth: 0 });
}

/** A gate-style bow-tie valve centred at (x, y) on a horizontal or vertical line. */
export function valve(pen: Pen, x: number, y: number, vertical = false, filled = false): void {
  const path = vertical
    ? 'M -5 -8 L 5 -8 L 0 0 Z M -5 8 L 5 8 L 0 0 Z'
    : 'M -8 -5 L -8 5 L 0 0 Z M 8 -5 L 8 5 L 0 0 Z';
  pen.page.drawSvgPath(path, { x, y, borderColor: INK, borderWidth: 0.8, color: filled ? INK : PAPER });
}

/** A non-return valve: bow-tie with one half filled and a flow bar. */
export function nonReturnValve(pen: Pen, x: number, y: number, vertical = false): void {
  valve(pen, x, y, vertical);
  const half = vertical ? 'M -5 8 L 5 8 L 0 0 Z' : 'M -8 -5 L -8 5 L 0 0 Z';
  pen.page.drawSvgPath(half, { x, y, color: INK, borderWidth: 0 });
}

/** A control valve: bow-tie with an actuator stem and dome. */
export function controlValve(pen: Pen, x: number, y: number): void {
  valve(pen, x, y);
  line(pen, x, y, x, y + 12, 0.8, INK);
  pen.page.drawSvgPath('M -7 0 A 7 7 0 0 1 7 0 Z', {
    x,
    y: y + 12,
    borderColor: INK,
    borderWidth: 0.8,
    color: PAPER,
  });
}

/** A penstock: a gate in a channel, drawn as a framed plate. */
export function penstock(pen: Pen, x: number, y: number): void {
  pen.page.drawRectangle({
    x: x - 3,
    y: y - 12,
    width: 6,
    height: 24,
    borderColor: INK,
    borderWidth: 0.8,
    color: PAPER,
  });
  line(pen, x - 7, y + 12, x + 7, y + 12, 0.8, INK);
}

/** A centrifugal pump (or blower / compressor with its letter) with the outlet at the top. */
export function machine(pen: Pen, x: number, y: number, kind: 'pump' | 'blower' | 'compressor'): void {
  const r = 14;
  pen.page.drawCircle({ x, y, size: r, borderColor: INK, borderWidth: 1, color: PAPER });
  line(pen, x, y + r, x + r, y + r, 1, INK);
  // Feet below the casing (SVG y runs downwards).
  pen.page.drawSvgPath('M -9 10 L -13 18 L 13 18 L 9 10', { x, y, borderColor: INK, borderWidth: 0.8 });
  if (kind !== 'pump') {
    text(pen, kind === 'blower' ? 'B' : 'K', x, y - 3, 9, 'centre', true);
  }
}

/** A motor: small circle with M, to the left of its machine. */
export function motor(pen: Pen, x: number, y: number): void {
  pen.page.drawCircle({ x, y, size: 7, borderColor: INK, borderWidth: 0.8, color: PAPER });
  text(pen, 'M', x, y - 2.5, 7, 'centre', true);
}

/** An instrument tag bubble: letters over number, with the field-mounted line through it. */
export function bubble(pen: Pen, x: number, y: number, tag: string): void {
  const [letters = tag, number = ''] = tag.split('-');
  pen.page.drawCircle({ x, y, size: 13, borderColor: INK, borderWidth: 0.8, color: PAPER });
  text(pen, letters, x, y + 2, 6.5, 'centre', true);
  text(pen, number, x, y - 7, 5.5, 'centre');
}

/** A vessel: open tank as a rectangle, clarifier and digester with a cone bottom. */
export function vessel(pen: Pen, x: number, y: number, width: number, height: number, cone: boolean): void {
  pen.page.drawRectangle({ x, y, width, height, borderColor: INK, borderWidth: 1.2, color: PAPER });
  if (cone) {
    pen.page.drawSvgPath(`M 0 0 L ${width / 2} 18 L ${width} 0`, { x, y, borderColor: INK, borderWidth: 1 });
  }
}

/** An off-sheet connector (arrow-shaped box holding the next sheet's number), destination written below. */
export function connector(pen: Pen, x: number, y: number, destination: string, sheet: string): void {
  const width = pen.font.widthOfTextAtSize(sheet, 5) + 8;
  pen.page.drawSvgPath(`M 0 -7 L ${width} -7 L ${width + 8} 0 L ${width} 7 L 0 7 Z`, {
    x,
    y,
    borderColor: INK,
    borderWidth: 0.8,
    color: PAPER,
  });
  text(pen, sheet, x + 4, y - 2, 5);
  const right = x + width + 8;
  for (const [i, part] of ['To', destination].entries()) {
    text(pen, part, right - pen.font.widthOfTextAtSize(part, 5.5), y - 34 - i * 7, 5.5);
  }
}

/** A tag label with an optional second line. */
export function label(pen: Pen, x: number, y: number, first: string, second?: string): void {
  text(pen, first, x, y, 6, 'centre', true);
  if (second) text(pen, second, x, y - 7, 5, 'centre');
}
