import { describe, expect, it } from 'vitest';
import { MAX_EXPORT_PIXELS, MAX_EXPORT_SIDE, exportArea, landscape } from './exportArea.ts';

describe('exportArea', () => {
  const bounds = { x: -100, y: 50, width: 1200, height: 600 };

  it('takes the whole drawing wherever the view is, at two pixels per drawing unit', () => {
    // panned so the drawing starts off screen, zoomed out to a half
    const area = exportArea(bounds, { x: 300, y: -40, scale: 0.5 });
    expect(area).toEqual({ x: 250, y: -15, width: 600, height: 300, pixelRatio: 4 });
    // the picture: 2400 × 1200 pixels whatever the zoom
    expect(area.width * area.pixelRatio).toBe(2400);
    expect(
      exportArea(bounds, { x: 0, y: 0, scale: 2 }).width *
        exportArea(bounds, { x: 0, y: 0, scale: 2 }).pixelRatio,
    ).toBe(2400);
  });

  it('scales a huge drawing down within the canvas limits', () => {
    const huge = { x: 0, y: 0, width: 30_000, height: 2_000 };
    const area = exportArea(huge, { x: 0, y: 0, scale: 1 });
    const width = area.width * area.pixelRatio;
    const height = area.height * area.pixelRatio;
    expect(width).toBeLessThanOrEqual(MAX_EXPORT_SIDE + 1e-6);
    expect(width * height).toBeLessThanOrEqual(MAX_EXPORT_PIXELS + 1);
    expect(width / height).toBeCloseTo(15, 6);
  });

  it('widens a tall drawing to a landscape page about its middle', () => {
    expect(landscape({ x: 0, y: 0, width: 100, height: 300 })).toEqual({
      x: -100,
      y: 0,
      width: 300,
      height: 300,
    });
    expect(landscape(bounds)).toBe(bounds);
  });
});
