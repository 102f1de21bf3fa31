/**
 * Synthetic P&ID-like drawings for the compare tests, the bench and the e2e journey (Node only: pdfkit).
 * Deterministic: the same options give the same drawing, so a revision differs from its base by exactly
 * what the options change (one added line, a shift of the whole plot).
 */
import PDFDocument from 'pdfkit';

export const SHEETS = {
  A3: [1191, 842],
  A1: [2384, 1684],
} as const;

export interface DrawingOptions {
  sheet?: keyof typeof SHEETS;
  pages?: number;
  /** symbols per page (default 60; an A1 P&ID in the bench uses more) */
  symbols?: number;
  seed?: number;
  /** a line drawn in addition on page `page` (from 0), page points from the top left */
  extraLine?: { page: number; x1: number; y1: number; x2: number; y2: number };
  /** the whole plot moved by this much (page points): a re-plot at another origin */
  offset?: { x: number; y: number };
}

function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The PDF's bytes. */
export function drawingPdf(options: DrawingOptions = {}): Promise<Buffer> {
  const [width, height] = SHEETS[options.sheet ?? 'A3'];
  const pages = options.pages ?? 1;
  const doc = new PDFDocument({ size: [width, height], autoFirstPage: false, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: [width, height], margin: 0 });
    const next = random((options.seed ?? 1) * 1000 + page + 1);
    doc.save();
    if (options.offset) doc.translate(options.offset.x, options.offset.y);
    doc
      .lineWidth(1.5)
      .rect(30, 30, width - 60, height - 60)
      .stroke();
    doc
      .lineWidth(1)
      .rect(width - 330, height - 130, 300, 100)
      .stroke();
    doc.fontSize(14).text(`P&ID sheet ${page + 1}`, width - 320, height - 120, { lineBreak: false });
    const symbols = options.symbols ?? 60;
    const centres: { x: number; y: number }[] = [];
    for (let i = 0; i < symbols; i++) {
      const x = 80 + next() * (width - 480);
      const y = 80 + next() * (height - 260);
      centres.push({ x, y });
      doc.lineWidth(1);
      if (i % 3 === 0) doc.circle(x, y, 12).stroke();
      else if (i % 3 === 1) doc.rect(x - 14, y - 10, 28, 20).stroke();
      else doc.polygon([x - 12, y - 8], [x + 12, y + 8], [x + 12, y - 8], [x - 12, y + 8]).stroke();
      doc
        .fontSize(7)
        .text(`${['P', 'V', 'FT', 'LT'][i % 4]}-${100 + i}`, x - 12, y + 14, { lineBreak: false });
    }
    doc.lineWidth(0.8);
    for (let i = 1; i < centres.length; i++) {
      const a = centres[i - 1]!;
      const b = centres[i]!;
      // pipes run orthogonally, as on a P&ID
      doc
        .moveTo(a.x + 14, a.y)
        .lineTo(b.x, a.y)
        .lineTo(b.x, b.y - 12)
        .stroke();
    }
    doc.restore();
    const extra = options.extraLine;
    if (extra && extra.page === page) {
      doc.save();
      if (options.offset) doc.translate(options.offset.x, options.offset.y);
      doc.lineWidth(1.2).moveTo(extra.x1, extra.y1).lineTo(extra.x2, extra.y2).stroke();
      doc.restore();
    }
  }
  doc.end();
  return done;
}
