import { describe, expect, it } from 'vitest';
import { decodePickPixel, PICK_NOTHING, PICK_UNKNOWN } from './gpuPick.ts';

describe('decodePickPixel', () => {
  it('reads the item id + 1 Fragments writes big-endian into the four bytes', () => {
    expect(decodePickPixel([0, 0, 0, 1])).toBe(0);
    expect(decodePickPixel([0, 0, 1, 0])).toBe(255);
    expect(decodePickPixel([0, 1, 134, 160])).toBe(99_999);
    expect(decodePickPixel([1, 0, 0, 0])).toBe(16_777_215);
  });

  it('tells the clear colour (nothing drawn) from geometry without an id', () => {
    expect(decodePickPixel([255, 255, 255, 255])).toBe(PICK_NOTHING);
    expect(decodePickPixel([0, 0, 0, 0])).toBe(PICK_UNKNOWN);
    // a LOD line (no ids): the worker answers
    expect(decodePickPixel([254, 254, 254, 254])).toBe(PICK_UNKNOWN);
  });
});
