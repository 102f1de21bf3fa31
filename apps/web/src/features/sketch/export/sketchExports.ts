// The sketch editor's exports beyond the spec's PNG (issue 13): a vector SVG, a vector PDF printed by the
// server from that SVG, the spec's canvas PDF (landscape, canvas-sized, canvas.pdf) and the item list.
import {
  SKETCH_PDF_FILE_NAMES,
  SKETCH_PDF_LIMITS,
  SKETCH_PDF_URL,
  sketchPdfPageSize,
  sketchSvgBounds,
  sketchSymbolSources,
  sketchToSvg,
  type SketchBounds,
  type SketchLists,
  type SketchPdfRequest,
  type SketchSvgOptions,
} from '@penstock/shared';
import { apiSend } from '../../../base/api.ts';
import { symbolFileTexts } from './symbolFiles.ts';

/** The download names: the SVG and the vector PDF are Penstock's; canvas.pdf is the spec's. */
export const SKETCH_EXPORT_FILE_NAMES = {
  svg: 'Sketch.svg',
  vectorPdf: SKETCH_PDF_FILE_NAMES.vector,
  rasterPdf: SKETCH_PDF_FILE_NAMES.raster,
  itemList: 'Sketch items.xlsx',
} as const;

/** Arial widths as the canvas measures them (for the bounds); the shared estimate where there is no canvas. */
function canvasTextWidth(): SketchSvgOptions['textWidth'] {
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = document.createElement('canvas').getContext('2d');
  } catch {
    context = null;
  }
  if (!context || typeof context.measureText !== 'function') return undefined;
  const measuring = context;
  return (line, fontSize) => {
    measuring.font = `${fontSize}px Arial`;
    return measuring.measureText(line).width;
  };
}

/** The drawing's bounds (drawing units, with the export margin), its text measured as the canvas does. */
export function drawingBounds(lists: SketchLists): SketchBounds {
  return sketchSvgBounds(lists, { textWidth: canvasTextWidth() });
}

/** The options that draw a sketch as the editor shows it: its symbols loaded, text measured. */
async function svgOptions(lists: SketchLists): Promise<SketchSvgOptions> {
  const symbols = await symbolFileTexts(sketchSymbolSources(lists));
  return { symbolSvg: (src) => symbols.get(src), textWidth: canvasTextWidth() };
}

/** The sketch as a standalone vector SVG ('Sketch.svg'): symbols and lines stay sharp at any zoom. */
export async function exportSketchSvg(lists: SketchLists): Promise<Blob> {
  const svg = sketchToSvg(lists, await svgOptions(lists));
  return new Blob([svg], { type: 'image/svg+xml' });
}

/** A picture as a PNG data URL, drawn through a canvas (the PDF can embed only PNG and JPEG). */
async function asPngDataUrl(src: string): Promise<string> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot convert the uploaded image for the PDF');
  context.drawImage(image, 0, 0);
  return canvas.toDataURL('image/png');
}

/** The lists with GIF and WebP uploads turned into PNGs; the same lists when there are none. */
export async function withPrintableImages(
  lists: SketchLists,
  convert: (src: string) => Promise<string> = asPngDataUrl,
): Promise<SketchLists> {
  const printable = /^data:image\/(png|jpeg);/;
  if (lists.UploadedImages.every((image) => printable.test(image.src))) return lists;
  const UploadedImages = await Promise.all(
    lists.UploadedImages.map(async (image) =>
      printable.test(image.src) ? image : { ...image, src: await convert(image.src) },
    ),
  );
  return { ...lists, UploadedImages };
}

async function postPdf(request: SketchPdfRequest): Promise<Blob> {
  const response = await apiSend(SKETCH_PDF_URL, {
    method: 'POST',
    json: request,
    headers: { Accept: 'application/pdf, application/json' },
  });
  return new Blob([await response.arrayBuffer()], { type: 'application/pdf' });
}

const megabytes = (characters: number) => `${Math.ceil(characters / 1024 / 1024)} MB`;

/**
 * The sketch as a vector PDF, printed by the server from the SVG: one page the drawing's size (1 px = 1 pt,
 * scaled down past the largest page PDF allows), so a printed A1 sheet stays crisp ('canvas-vector.pdf').
 */
export async function exportSketchVectorPdf(
  lists: SketchLists,
  options: { convertImage?: (src: string) => Promise<string> } = {},
): Promise<Blob> {
  const printable = await withPrintableImages(lists, options.convertImage);
  const svgSettings = await svgOptions(printable);
  const svg = sketchToSvg(printable, svgSettings);
  if (svg.length > SKETCH_PDF_LIMITS.maxSvgChars)
    throw new Error(
      `The drawing is too large for a vector PDF (${megabytes(svg.length)}, at most ${megabytes(SKETCH_PDF_LIMITS.maxSvgChars)}): large uploaded images take the most room. Save it as an image or a canvas PDF instead.`,
    );
  const bounds = sketchSvgBounds(printable, svgSettings);
  const page = sketchPdfPageSize(bounds.width, bounds.height);
  return postPdf({ kind: 'vector', svg, ...page });
}

/**
 * The spec's 'Save sketch as PDF': the canvas picture (the whole drawing's PNG at two pixels per drawing
 * unit) filling one landscape page the drawing's size (1 unit = 1 pt), as canvas.pdf.
 */
export async function exportRasterPdf(pngDataUrl: string, width: number, height: number): Promise<Blob> {
  if (!pngDataUrl.startsWith('data:image/png;base64,'))
    throw new Error('The canvas picture is not a PNG image');
  const page = sketchPdfPageSize(width, height);
  return postPdf({ kind: 'raster', png: pngDataUrl, ...page });
}
