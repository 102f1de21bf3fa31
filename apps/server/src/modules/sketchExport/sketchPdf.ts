/**
 * A sketch as a one-page PDF with pdfmake 0.3: the vector SVG of sketchToSvg drawn as vectors (pdfmake's
 * svg node, svg-to-pdfkit), or the canvas PNG filling a canvas-sized page. 1 px of the drawing is 1 pt.
 *
 * The SVG comes from the browser, so it is sanitised again here and svg-to-pdfkit may open only embedded
 * PNG and JPEG pictures (by default it would read any local path an <image> names). Sketch text (Arial in
 * the SVG) is set in Roboto, embedded as a subset, so any language prints and reads back.
 *
 * CPU-bound: request handlers call it through renderSketchPdfInWorker.
 */
import zlib from 'node:zlib';
import pdfmake from 'pdfmake';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { configurePdfmake } from '../../pdf/pdfmakeSetup.ts';
import { SKETCH_PDF_LIMITS, sanitiseSvgMarkup, type SketchPdfRequest } from '@penstock/shared';

/** A problem with the drawing sent, as opposed to a failure of the server. */
export class SketchPdfInputError extends Error {}

const EMBEDDABLE_IMAGE = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+=*)$/;

/**
 * svg-to-pdfkit's image loader: the bytes of an embedded PNG or JPEG, else nothing (an empty buffer, which
 * PDFKit refuses, so the image is skipped) — never a file path or a URL.
 */
export function embeddedImageOnly(link: string): Buffer {
  const match = EMBEDDABLE_IMAGE.exec(link.replace(/\s+/g, ''));
  return match ? Buffer.from(match[2]!, 'base64') : Buffer.alloc(0);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A canvas of 8000 × 8000 pixels; browsers allow about 268 million in all */
export const MAX_PNG_PIXELS = 64_000_000;
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * The bytes of a PNG data URL, checked cheaply: the signature, an IHDR chunk with a size within the pixel
 * cap and a known colour type, an IEND chunk.
 */
export function pngBytes(dataUrl: string, maxBytes: number = SKETCH_PDF_LIMITS.maxPngBytes): Buffer {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > maxBytes)
    throw new SketchPdfInputError(`The canvas image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  const isPng =
    bytes.length >= 45 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.toString('latin1', 12, 16) === 'IHDR' &&
    bytes.includes('IEND', bytes.length - 12, 'latin1');
  if (!isPng) throw new SketchPdfInputError('png is not a PNG image');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width === 0 || height === 0 || CHANNELS[bytes[25]!] === undefined)
    throw new SketchPdfInputError('png is not a PNG image');
  if (width * height > MAX_PNG_PIXELS)
    throw new SketchPdfInputError(
      `The canvas image has more than ${MAX_PNG_PIXELS / 1_000_000} million pixels`,
    );
  return bytes;
}

/**
 * The PNG's pixel data inflates to exactly the size its header gives (PDFKit copies the compressed data of
 * an opaque PNG into the PDF unread, so a damaged image would only show as a broken page). Inflating stops
 * past that size, so a small file cannot expand without bound.
 */
export function checkPngPixels(bytes: Buffer): void {
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const bitDepth = bytes[24]!;
  const channels = CHANNELS[bytes[25]!]!;
  const interlaced = bytes[28] === 1;
  const rowBytes = Math.ceil((width * channels * bitDepth) / 8);
  const expected = height * (1 + rowBytes);
  const parts: Buffer[] = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') parts.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  let pixels: Buffer;
  try {
    // an interlaced image has a filter byte per row of each of its seven passes
    pixels = zlib.inflateSync(Buffer.concat(parts), {
      maxOutputLength: expected + (interlaced ? 7 * height + 64 : 0) + 1,
    });
  } catch {
    throw new SketchPdfInputError('The canvas image is damaged: its pixels cannot be read');
  }
  if (interlaced ? pixels.length < expected / 2 : pixels.length !== expected)
    throw new SketchPdfInputError('The canvas image is damaged: its pixels do not match its size');
}

/** The page: exactly the drawing's size, named landscape (or portrait when taller than wide) so pdfmake never swaps it. */
function page(
  width: number,
  height: number,
): Pick<TDocumentDefinitions, 'pageSize' | 'pageOrientation' | 'pageMargins'> {
  return {
    pageSize: { width, height },
    pageOrientation: width >= height ? 'landscape' : 'portrait',
    pageMargins: 0,
  };
}

/** The pdfmake document of a request (exported for tests). */
export function sketchPdfDocument(input: SketchPdfRequest): TDocumentDefinitions {
  const { width, height } = input;
  let content: Content;
  if (input.kind === 'vector') {
    const svg = sanitiseSvgMarkup(input.svg);
    if (!svg) throw new SketchPdfInputError('svg is not an SVG document');
    content = {
      svg,
      width,
      height,
      absolutePosition: { x: 0, y: 0 },
      options: { imageCallback: embeddedImageOnly, warningCallback: () => {} },
    } as Content;
  } else {
    checkPngPixels(pngBytes(input.png));
    content = { image: input.png, width, height, absolutePosition: { x: 0, y: 0 } };
  }
  return {
    ...page(width, height),
    info: { title: 'Sketch', creator: 'Penstock', producer: 'Penstock (pdfmake)' },
    content: [content],
    defaultStyle: { font: 'Roboto' },
  };
}

/** Builds the PDF in this thread. */
export async function buildSketchPdf(input: SketchPdfRequest): Promise<Buffer> {
  configurePdfmake();
  const document = sketchPdfDocument(input);
  try {
    return await pdfmake.createPdf(document).getBuffer();
  } catch (error) {
    // the page is fixed; what can fail is decoding the sender's PNG (a damaged image past its header)
    if (input.kind === 'raster')
      throw new SketchPdfInputError(
        `The canvas image could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    throw error;
  }
}
