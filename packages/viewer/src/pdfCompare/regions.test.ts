import { describe, expect, it } from 'vitest';
import { groupChanges, toPageFractions } from './regions.ts';

const maskOf = (width: number, height: number, pixels: [number, number][]) => {
  const mask = new Uint8Array(width * height);
  for (const [x, y] of pixels) mask[y * width + x] = 1;
  return mask;
};
const line = (x1: number, x2: number, y: number): [number, number][] =>
  Array.from({ length: x2 - x1 + 1 }, (_, i) => [x1 + i, y] as [number, number]);

describe('groupChanges', () => {
  it('gives nothing for an empty mask', () => {
    expect(groupChanges(new Uint8Array(100 * 100), 100, 100)).toEqual([]);
  });

  it('puts one padded rectangle around one line', () => {
    const mask = maskOf(200, 100, line(50, 120, 40));
    expect(groupChanges(mask, 200, 100, { padding: 5 })).toEqual([{ x: 45, y: 35, w: 81, h: 11 }]);
  });

  it('merges changes closer than the margin and keeps farther ones apart', () => {
    // two words 10 px apart (one region), a third 100 px away (its own)
    const mask = maskOf(400, 200, [...line(10, 40, 20), ...line(51, 80, 22), ...line(200, 230, 150)]);
    const rects = groupChanges(mask, 400, 200, { margin: 16, padding: 0 });
    expect(rects).toEqual([
      { x: 10, y: 20, w: 71, h: 3 },
      { x: 200, y: 150, w: 31, h: 1 },
    ]);
  });

  it('joins regions whose boxes come within the margin after growing (an L of two strokes)', () => {
    const vertical: [number, number][] = Array.from({ length: 60 }, (_, i) => [100, 20 + i]);
    const mask = maskOf(300, 200, [...line(20, 99, 79), ...vertical]);
    expect(groupChanges(mask, 300, 200, { padding: 0 })).toEqual([{ x: 20, y: 20, w: 81, h: 60 }]);
  });

  it('drops specks below the minimum size as noise', () => {
    const mask = maskOf(100, 100, [
      [10, 10],
      [90, 90],
      [91, 90],
      [92, 90],
    ]);
    expect(groupChanges(mask, 100, 100, { minPixels: 3, padding: 0 })).toEqual([
      { x: 90, y: 90, w: 3, h: 1 },
    ]);
  });

  it('clamps the padding to the page', () => {
    const mask = maskOf(50, 50, [
      [0, 0],
      [1, 0],
      [2, 0],
      [49, 49],
    ]);
    const rects = groupChanges(mask, 50, 50, { padding: 10, minPixels: 1, margin: 4 });
    expect(rects).toEqual([
      { x: 0, y: 0, w: 13, h: 11 },
      { x: 39, y: 39, w: 11, h: 11 },
    ]);
  });

  it('gives rectangles as fractions of the page for the markup layer', () => {
    expect(toPageFractions({ x: 50, y: 25, w: 100, h: 50 }, 200, 100)).toEqual({
      x: 0.25,
      y: 0.25,
      w: 0.5,
      h: 0.5,
    });
  });
});
