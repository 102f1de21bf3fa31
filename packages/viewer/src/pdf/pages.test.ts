import { describe, expect, it } from 'vitest';
import { FIT_MARGIN, fitWidthScale, runAt } from './pages.ts';

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

describe('runAt', () => {
  const runs = [
    { text: 'P-1001', left: 100, right: 130, top: 50, bottom: 58 },
    { text: 'PUMP', left: 100, right: 125, top: 60, bottom: 68 },
  ];
  it('finds the text run under a point, with a little slack, the nearest first', () => {
    expect(runAt(runs, 110, 55)).toBe('P-1001');
    expect(runAt(runs, 110, 64)).toBe('PUMP');
    expect(runAt(runs, 131, 59)).toBe('P-1001');
    expect(runAt(runs, 300, 55)).toBeNull();
  });
});
