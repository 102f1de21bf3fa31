import { describe, expect, it } from 'vitest';
import { SKETCH_PDF_LIMITS, SketchPdfRequestSchema, sketchPdfPageSize } from '../index.ts';

describe('the sketch PDF call', () => {
  it('takes a page of the drawing size, scaled down as a whole past the PDF limit', () => {
    expect(sketchPdfPageSize(1200, 700)).toEqual({ width: 1200, height: 700 });
    expect(sketchPdfPageSize(28_800, 7_200)).toEqual({ width: SKETCH_PDF_LIMITS.maxPageSide, height: 3_600 });
    expect(sketchPdfPageSize(0.2, 0.2)).toEqual({ width: 1, height: 1 });
  });

  it('accepts a vector or a raster request and refuses anything else', () => {
    const ok = (value: unknown) => SketchPdfRequestSchema.safeParse(value).success;
    expect(ok({ kind: 'vector', svg: '<svg width="1"/>', width: 10, height: 10 })).toBe(true);
    expect(ok({ kind: 'raster', png: 'data:image/png;base64,iVBORw0KGgo=', width: 10, height: 10 })).toBe(
      true,
    );
    expect(ok({ kind: 'vector', svg: '<svg/>', width: 14_401, height: 10 })).toBe(false);
    expect(ok({ kind: 'vector', svg: '<svg/>', width: -1, height: 10 })).toBe(false);
    expect(ok({ kind: 'vector', svg: 'plain text', width: 10, height: 10 })).toBe(false);
    expect(ok({ kind: 'raster', png: 'data:image/gif;base64,R0lG', width: 10, height: 10 })).toBe(false);
    expect(ok({ kind: 'raster', png: 'https://example.com/a.png', width: 10, height: 10 })).toBe(false);
    expect(ok({ kind: 'other', width: 10, height: 10 })).toBe(false);
  });
});
