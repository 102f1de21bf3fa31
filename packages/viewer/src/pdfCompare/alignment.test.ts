import { describe, expect, it } from 'vitest';
import { alignTwoPoints, alignmentTransform, applyAlignment, validAlignment } from './alignment.ts';

describe('two-point alignment', () => {
  it('finds a pure shift', () => {
    const a = alignTwoPoints({ x: 100, y: 100 }, { x: 500, y: 300 }, { x: 130, y: 80 }, { x: 530, y: 280 });
    expect(a.scale).toBeCloseTo(1, 10);
    expect(a.offsetX).toBeCloseTo(30, 10);
    expect(a.offsetY).toBeCloseTo(-20, 10);
  });

  it('finds a scale and a shift, and maps both points exactly', () => {
    const b1 = { x: 50, y: 60 };
    const b2 = { x: 250, y: 160 };
    const h1 = { x: 2 * 50 + 7, y: 2 * 60 - 3 };
    const h2 = { x: 2 * 250 + 7, y: 2 * 160 - 3 };
    const a = alignTwoPoints(b1, b2, h1, h2);
    expect(a.scale).toBeCloseTo(2, 10);
    expect(applyAlignment(a, b1).x).toBeCloseTo(h1.x, 8);
    expect(applyAlignment(a, b2).y).toBeCloseTo(h2.y, 8);
  });

  it('spreads a click error over both points instead of the first', () => {
    // the second head click is 2 pt off: the mid-point fit shares it out
    const a = alignTwoPoints({ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 10, y: 10 }, { x: 110, y: 12 });
    expect(a.offsetY).toBeCloseTo(11, 1);
  });

  it('refuses coincident points', () => {
    expect(() => alignTwoPoints({ x: 1, y: 1 }, { x: 1, y: 1 }, { x: 0, y: 0 }, { x: 5, y: 5 })).toThrow(
      /two different points/,
    );
  });

  it('gives the canvas transform in device pixels', () => {
    expect(alignmentTransform({ scale: 1.5, offsetX: 10, offsetY: -4 }, 2)).toEqual([1.5, 0, 0, 1.5, 20, -8]);
  });

  it('accepts only sensible numeric alignments', () => {
    expect(validAlignment({ scale: 0, offsetX: 0, offsetY: 0 })).toBeNull();
    expect(validAlignment({ scale: 1, offsetX: Number.NaN, offsetY: 0 })).toBeNull();
    expect(validAlignment({ scale: 1.2, offsetX: 3, offsetY: 4 })).toEqual({
      scale: 1.2,
      offsetX: 3,
      offsetY: 4,
    });
  });
});
