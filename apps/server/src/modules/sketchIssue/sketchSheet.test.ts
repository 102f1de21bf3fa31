import { describe, expect, it } from 'vitest';
import { MAX_ENLARGEMENT, drawingPlace } from './sketchSheet.ts';

describe('where the drawing goes on the sheet', () => {
  const sheet = { x: 0, y: 0, width: 1000, height: 700 };
  // the title block in the bottom right corner
  const block = { x: 500, y: 500, width: 500, height: 200 };

  it('fits a wide drawing above the title block, centred, keeping its proportions', () => {
    const place = drawingPlace(sheet, block, 1800, 600);
    expect(place.width / place.height).toBeCloseTo(3, 6);
    expect(place.y + place.height).toBeLessThanOrEqual(block.y);
    expect(place.x + place.width / 2).toBeCloseTo(500, 6);
  });

  it('fits a tall drawing beside the title block when that gives it more room', () => {
    const place = drawingPlace(sheet, block, 300, 900);
    expect(place.x + place.width).toBeLessThanOrEqual(block.x);
    expect(place.height).toBeGreaterThan(500);
  });

  it('enlarges a small drawing at most twice', () => {
    const place = drawingPlace(sheet, block, 50, 40);
    expect(place.width).toBeCloseTo(50 * MAX_ENLARGEMENT, 6);
    expect(place.height).toBeCloseTo(40 * MAX_ENLARGEMENT, 6);
  });
});
