import { describe, expect, it } from 'vitest';
import { alignTwoPoints } from './alignment.ts';
import { compareNodePage, openPdf } from './nodeCompare.ts';
import { drawingPdf } from './testDrawings.ts';

const DPI = 100;
const px = (points: number) => (points * DPI) / 72;

describe('drawing compare on real PDFs (pdf.js renders, pixelmatch diffs)', () => {
  it('finds no change between two plots of the same drawing', async () => {
    const [base, head] = await Promise.all([openPdf(await drawingPdf()), openPdf(await drawingPdf())]);
    const result = await compareNodePage(base, head, 0, { dpi: DPI });
    expect(result.regions).toEqual([]);
  });

  it('puts exactly one cloud around one added line', async () => {
    const line = { page: 0, x1: 300, y1: 700, x2: 600, y2: 700 };
    const [base, head] = await Promise.all([
      openPdf(await drawingPdf()),
      openPdf(await drawingPdf({ extraLine: line })),
    ]);
    const result = await compareNodePage(base, head, 0, { dpi: DPI });
    expect(result.regions).toHaveLength(1);
    const [cloud] = result.regions;
    // around the line: contains it, and not much more (the padding and a few pixels of crossing ink)
    expect(cloud!.x).toBeLessThanOrEqual(px(300));
    expect(cloud!.x + cloud!.w).toBeGreaterThanOrEqual(px(600));
    expect(cloud!.y).toBeLessThanOrEqual(px(700));
    expect(cloud!.y + cloud!.h).toBeGreaterThanOrEqual(px(700));
    expect(cloud!.w).toBeLessThan(px(300) + 40);
    expect(cloud!.h).toBeLessThan(40);
  });

  it('aligns a re-plot shifted by a known offset with two points, leaving no change', async () => {
    const offset = { x: 36, y: -18 };
    const [base, head] = await Promise.all([
      openPdf(await drawingPdf()),
      openPdf(await drawingPdf({ offset })),
    ]);
    const unaligned = await compareNodePage(base, head, 0, { dpi: DPI });
    expect(unaligned.regions.length).toBeGreaterThan(0);
    // the user clicks two corners of the border on each page
    const alignment = alignTwoPoints(
      { x: 30, y: 30 },
      { x: 1161, y: 812 },
      { x: 30 + offset.x, y: 30 + offset.y },
      { x: 1161 + offset.x, y: 812 + offset.y },
    );
    expect(alignment).toEqual({ scale: 1, offsetX: 36, offsetY: -18 });
    const aligned = await compareNodePage(base, head, 0, { dpi: DPI, alignment });
    expect(aligned.regions).toEqual([]);
  });
});
