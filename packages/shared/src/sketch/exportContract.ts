// POST /api/sketchexport/pdf (issue 13): a sketch as a one-page PDF, either the vector SVG of sketchToSvg or
// the canvas PNG (the spec's 'Save sketch as PDF': landscape, canvas-sized, canvas.pdf).
import { z } from 'zod';

export const SKETCH_PDF_LIMITS = {
  /** PDF viewers refuse pages beyond 200 inches (14400 points) a side */
  maxPageSide: 14_400,
  /** characters of SVG text */
  maxSvgChars: 30 * 1024 * 1024,
  /** bytes of the PNG, decoded */
  maxPngBytes: 25 * 1024 * 1024,
} as const;

export const SKETCH_PDF_URL = '/api/sketchexport/pdf';
export const SKETCH_PDF_FILE_NAMES = { raster: 'canvas.pdf', vector: 'canvas-vector.pdf' } as const;

const side = z.number().finite().positive().max(SKETCH_PDF_LIMITS.maxPageSide);
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;

export const SketchPdfRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('vector'),
    svg: z
      .string()
      .max(SKETCH_PDF_LIMITS.maxSvgChars, 'The drawing is too large to print as a vector PDF')
      .regex(/<svg[\s/>]/, 'svg is not an SVG document'),
    width: side,
    height: side,
  }),
  z.object({
    kind: z.literal('raster'),
    png: z
      .string()
      .max(
        Math.ceil((SKETCH_PDF_LIMITS.maxPngBytes * 4) / 3) + 32,
        'The canvas image is too large to print as a PDF',
      )
      .regex(PNG_DATA_URL, 'png must be a data:image/png;base64 URL'),
    width: side,
    height: side,
  }),
]);
export type SketchPdfRequest = z.infer<typeof SketchPdfRequestSchema>;

/** A drawing's page in points (1 px = 1 pt), scaled down as a whole when a side would pass the PDF limit. */
export function sketchPdfPageSize(width: number, height: number): { width: number; height: number } {
  const largest = Math.max(width, height);
  const scale = largest > SKETCH_PDF_LIMITS.maxPageSide ? SKETCH_PDF_LIMITS.maxPageSide / largest : 1;
  const fit = (value: number) =>
    Math.max(1, Math.min(SKETCH_PDF_LIMITS.maxPageSide, Math.round(value * scale * 100) / 100));
  return { width: fit(width), height: fit(height) };
}
