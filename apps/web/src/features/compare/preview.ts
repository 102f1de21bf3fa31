import type { PageImage } from '@penstock/viewer/compare';
import { cloudPath } from '@penstock/viewer/markup';
import type { PageClouds } from './hooks/useDrawingCompare.ts';

const PREVIEW_WIDTH = 1200;

/** A PNG preview of a page with its kept clouds (for the markup list), at most 1200 px wide. */
export function cloudsPreview(image: PageImage, clouds: PageClouds): string {
  const full = document.createElement('canvas');
  full.width = image.width;
  full.height = image.height;
  full
    .getContext('2d')
    ?.putImageData(
      new ImageData(
        new Uint8ClampedArray(image.data.buffer as ArrayBuffer, image.data.byteOffset, image.data.length),
        image.width,
        image.height,
      ),
      0,
      0,
    );
  const scale = Math.min(1, PREVIEW_WIDTH / image.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(image.width * scale);
  canvas.height = Math.round(image.height * scale);
  const context = canvas.getContext('2d');
  if (!context) return '';
  context.drawImage(full, 0, 0, canvas.width, canvas.height);
  full.width = 1;
  full.height = 1;
  context.strokeStyle = '#E0001B';
  context.lineWidth = 2;
  clouds.regions.forEach((rect, index) => {
    if (clouds.dropped.includes(index)) return;
    const [x, y, w, h] = [rect.x * scale, rect.y * scale, rect.w * scale, rect.h * scale];
    context.stroke(new Path2D(cloudPath(x, y, w, h, Math.max(4, Math.min(12, Math.min(w, h) / 3)))));
  });
  return canvas.toDataURL('image/png');
}
