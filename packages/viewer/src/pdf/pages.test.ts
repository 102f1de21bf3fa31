import { describe, expect, it } from 'vitest';
import { FIT_MARGIN, fitWidthScale } from './pages.ts';

describe('PDF fit to width', () => {
  it('scales the page to the container width less the margin', () => {
    // an A3 landscape page (1191 pt) in a 1000 px wide area
    expect(fitWidthScale(1000, 1191)).toBeCloseTo((1000 - FIT_MARGIN) / 1191);
    expect(fitWidthScale(616, 600)).toBe(1);
    expect(fitWidthScale(2416, 600)).toBe(4);
  });

  it('keeps 100 % while the container is not measured, and never shrinks below 10 %', () => {
    expect(fitWidthScale(0, 600)).toBe(1);
    expect(fitWidthScale(800, 0)).toBe(1);
    expect(fitWidthScale(20, 100_000)).toBe(0.1);
  });
});
