import pixelmatch from 'pixelmatch';
import { groupChanges, type GroupOptions, type PixelRect } from './regions.ts';

/** One rendered page: RGBA bytes, as ImageData holds them. */
export interface PageImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface PageDiffOptions {
  /** pixelmatch's colour threshold, 0..1 (smaller is more sensitive; default 0.1) */
  threshold?: number;
  /** how differing pixels are grouped into clouds */
  group?: GroupOptions;
}

export interface PageDiff {
  regions: PixelRect[];
  /** pixels pixelmatch found different (anti-aliasing excluded) */
  changedPixels: number;
}

/**
 * Compare two pages rendered at the same size with pixelmatch and group the differences into rectangles.
 * Anti-aliased edges that moved by a fraction of a pixel are not changes (pixelmatch's detection).
 * Uses one scratch buffer the size of a page (reused as the one-byte mask), nothing else of page size.
 */
export function diffPageImages(base: PageImage, head: PageImage, options: PageDiffOptions = {}): PageDiff {
  if (base.width !== head.width || base.height !== head.height)
    throw new Error('The two pages must be rendered at the same size');
  const { width, height } = head;
  const output = new Uint8Array(width * height * 4);
  const changedPixels = pixelmatch(base.data, head.data, output, width, height, {
    threshold: options.threshold ?? 0.1,
    diffMask: true,
    diffColor: [255, 0, 0],
    aaColor: [0, 0, 0],
    alpha: 0,
  });
  if (changedPixels === 0) return { regions: [], changedPixels };
  // the diff colour is opaque red; anything else (transparent, the anti-aliasing colour) is unchanged.
  // The mask is written over the front of the output: index i is written after 4i was read.
  const mask = output.subarray(0, width * height);
  for (let i = 0, j = 0; i < mask.length; i++, j += 4)
    mask[i] = output[j] === 255 && output[j + 3] === 255 ? 1 : 0;
  return { regions: groupChanges(mask, width, height, options.group), changedPixels };
}
