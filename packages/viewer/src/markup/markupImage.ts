import type { Size } from './geometry.ts';
import { SVG_NS, svgElement } from './shapeSvg.ts';

/** The image behind a markup preview: a 2D canvas, or an image data URL (a WebGL viewer's screenshot()). */
export type MarkupImageBase = HTMLCanvasElement | string | null | undefined;

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image for the markup preview cannot be read'));
    image.src = src;
  });
}

/**
 * One PNG data URL: the base (or white) with the markups over it, at most `maxImageSize` pixels on its
 * longest side. `drawMarkups` fills an SVG of the overlay's size, scaled onto the picture.
 */
export async function composeMarkupPng(
  base: MarkupImageBase,
  overlay: Size,
  maxImageSize: number,
  drawMarkups: (target: SVGSVGElement) => void,
): Promise<string> {
  let source: CanvasImageSource | null = null;
  let width = overlay.width;
  let height = overlay.height;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the markup preview');
  if (typeof base === 'string' && base) {
    const image = await loadImage(base);
    source = image;
    width = image.naturalWidth || width;
    height = image.naturalHeight || height;
  } else if (base && typeof base !== 'string') {
    source = base;
    width = base.width || width;
    height = base.height || height;
  }
  const scale = Math.min(1, maxImageSize / Math.max(width, height, 1));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  if (source) context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const copy = svgElement('svg', {
    xmlns: SVG_NS,
    width: canvas.width,
    height: canvas.height,
    viewBox: `0 0 ${overlay.width || 1} ${overlay.height || 1}`,
  });
  drawMarkups(copy);
  const text = new XMLSerializer().serializeToString(copy);
  const markups = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`);
  context.drawImage(markups, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}
