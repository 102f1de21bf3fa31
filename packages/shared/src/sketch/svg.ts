// A sketch as a standalone vector SVG (issue 13: Save as SVG, and the vector PDF built from it). Pure string
// work, no DOM: the browser builds the file and the server turns the same text into a PDF.
//
// Each element is drawn as the editor's Konva node draws it, in drawing coordinates: a node's transform is
// translate(x,y) rotate(r) scale(sx,sy) about its x,y origin; pens are Konva splines (tension 0.3); rects
// and circles keep their stroke width under scale (strokeScaleEnabled false), so their scale goes into
// their size; the eraser is a white stroke, which is what it looks like on the white canvas. Symbols are
// inlined as vectors (sanitised) so they stay sharp at any zoom.
import { SKETCH } from './constants.ts';
import { elementsInOrder, type SketchElement, type SketchLists } from './schema.ts';
import { SVG_DATA_IMAGE, escapeSvgText, sanitiseSvg } from './svgSanitize.ts';
import { tagLabelBox } from './pid/labels.ts';
import { pipelineStyle } from './pid/styles.ts';
import { pipelineSvg, signalLineSvg, tagLabelSvg } from './pid/svgParts.ts';

export interface SketchBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SketchSvgOptions {
  /** The text of a symbol's SVG file by its src ('/symbols/<group>/<name>.svg'); undefined draws a placeholder. */
  symbolSvg?: (src: string) => string | undefined;
  /** Space around the content, in drawing units (default 20). */
  margin?: number;
  /** The area to draw, instead of the content's bounds plus the margin. */
  bounds?: SketchBounds;
  /** The background colour (default white); null for a transparent background. */
  background?: string | null;
  /** The width of one line of text; an estimate for Arial by default (the browser may measure instead). */
  textWidth?: (line: string, fontSize: number) => number;
}

/** How the editor draws: the parts that are not in SKETCH (kept equal to the Konva nodes' settings). */
export const SKETCH_SVG = {
  margin: 20,
  /** Konva Line tension of pen strokes */
  penTension: 0.3,
  arrowPointer: { length: 15, width: 15 },
  fontFamily: 'Arial',
  /** Konva Text puts the first baseline at (ascent − descent) / 2 + lineHeight / 2; Arial's em metrics */
  firstBaseline: (0.905 - 0.212) / 2 + 0.5,
  lineHeight: 1,
  /** a generous average Arial character width per em, for bounds only */
  charWidth: 0.6,
  placeholderColour: '#999999',
} as const;

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** A number as SVG text: at most three decimals, never '-0' or an exponent for drawing-sized values. */
function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

// ---------------------------------------------------------------------------------------------------------
// Geometry

type Point = [number, number];

const scaleOf = (element: SketchElement): Point => [element.scaleX ?? 1, element.scaleY ?? 1];

/** A local point of an element in drawing coordinates (translate, rotate, then optionally scale). */
function toDrawingPoint(element: SketchElement, x: number, y: number, withScale: boolean): Point {
  const [sx, sy] = withScale ? scaleOf(element) : [1, 1];
  const angle = ((element.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const px = x * sx;
  const py = y * sy;
  return [(element.x ?? 0) + px * cos - py * sin, (element.y ?? 0) + px * sin + py * cos];
}

/** Konva's spline control points of an open line (Line.expandPoints). */
function tensionPoints(p: readonly number[], tension: number): number[] {
  const out: number[] = [];
  for (let n = 2; n < p.length - 2; n += 2) {
    const x0 = p[n - 2]!;
    const y0 = p[n - 1]!;
    const x1 = p[n]!;
    const y1 = p[n + 1]!;
    const x2 = p[n + 2]!;
    const y2 = p[n + 3]!;
    const d01 = Math.hypot(x1 - x0, y1 - y0);
    const d12 = Math.hypot(x2 - x1, y2 - y1);
    const sum = d01 + d12;
    const fa = sum === 0 ? 0 : (tension * d01) / sum;
    const fb = sum === 0 ? 0 : (tension * d12) / sum;
    out.push(x1 - fa * (x2 - x0), y1 - fa * (y2 - y0), x1, y1, x1 + fb * (x2 - x0), y1 + fb * (y2 - y0));
  }
  return out;
}

const hasTension = (points: readonly number[], tension: number) => tension !== 0 && points.length > 4;

/** The path of a Konva Line: straight segments, or its spline (a quadratic, cubics, a quadratic). */
function linePath(points: readonly number[], tension: number): string {
  if (points.length < 2) return '';
  const parts = [`M${num(points[0]!)} ${num(points[1]!)}`];
  if (!hasTension(points, tension)) {
    for (let n = 2; n + 1 < points.length; n += 2) parts.push(`L${num(points[n]!)} ${num(points[n + 1]!)}`);
    return parts.join('');
  }
  const tp = tensionPoints(points, tension);
  const len = tp.length;
  parts.push(`Q${num(tp[0]!)} ${num(tp[1]!)} ${num(tp[2]!)} ${num(tp[3]!)}`);
  for (let n = 4; n < len - 2; n += 6)
    parts.push(
      `C${num(tp[n]!)} ${num(tp[n + 1]!)} ${num(tp[n + 2]!)} ${num(tp[n + 3]!)} ${num(tp[n + 4]!)} ${num(tp[n + 5]!)}`,
    );
  const last = points.length - 2;
  parts.push(`Q${num(tp[len - 2]!)} ${num(tp[len - 1]!)} ${num(points[last]!)} ${num(points[last + 1]!)}`);
  return parts.join('');
}

/** The arrow head's direction at the last point: from the last distinct earlier point, as Konva does. */
function pointerAngle(points: readonly number[]): number {
  const n = points.length;
  const ex = points[n - 2]!;
  const ey = points[n - 1]!;
  let dx = 0;
  let dy = 0;
  for (let i = n - 2; !dx && !dy && i >= 0; i -= 2) {
    dx = ex - points[i]!;
    dy = ey - points[i + 1]!;
  }
  return Math.atan2(dy, dx);
}

/** The head triangle of an arrow in the element's local coordinates. */
function arrowHead(points: readonly number[]): Point[] {
  const n = points.length;
  const { length, width } = SKETCH_SVG.arrowPointer;
  const angle = pointerAngle(points);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const ex = points[n - 2]!;
  const ey = points[n - 1]!;
  const at = (x: number, y: number): Point => [ex + x * cos - y * sin, ey + x * sin + y * cos];
  return [at(0, 0), at(-length, width / 2), at(-length, -width / 2)];
}

const textLines = (text: string) => text.split(/\r?\n/);

const estimateTextWidth = (line: string, fontSize: number) => line.length * fontSize * SKETCH_SVG.charWidth;

interface LocalBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** whether the element's scale is part of its transform (not for rects and circles) */
  scaled: boolean;
}

function boxOfPoints(points: readonly number[], pad: number): LocalBox | null {
  if (points.length < 2) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let n = 0; n + 1 < points.length; n += 2) {
    const x = points[n]!;
    const y = points[n + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad, scaled: true };
}

/** An element's box in its own coordinates, stroke included. */
function localBox(
  element: SketchElement,
  textWidth: (line: string, fontSize: number) => number,
): LocalBox | null {
  switch (element.tool) {
    case 'pen':
    case 'eraser':
    case 'highlight':
    case 'line':
    case 'dotted': {
      const half = SKETCH.strokeWidth[element.tool] / 2;
      const tension = element.tool === 'pen' ? SKETCH_SVG.penTension : 0;
      const extra = hasTension(element.points, tension) ? tensionPoints(element.points, tension) : [];
      return boxOfPoints([...element.points, ...extra], half);
    }
    case 'arrow': {
      if (element.points.length < 4) return boxOfPoints(element.points, SKETCH.strokeWidth.arrow / 2);
      const head = arrowHead(element.points).flat();
      // the head's sharp corners are mitred: allow a little more than half the stroke
      return boxOfPoints([...element.points, ...head], SKETCH.strokeWidth.arrow * 1.2);
    }
    case 'rect': {
      const [sx, sy] = scaleOf(element);
      const w = element.width * sx;
      const h = element.height * sy;
      const half = SKETCH.strokeWidth.rect / 2;
      return {
        minX: Math.min(0, w) - half,
        minY: Math.min(0, h) - half,
        maxX: Math.max(0, w) + half,
        maxY: Math.max(0, h) + half,
        scaled: false,
      };
    }
    case 'circle': {
      const [sx, sy] = scaleOf(element);
      const half = SKETCH.strokeWidth.circle / 2;
      const rx = element.radius * Math.abs(sx) + half;
      const ry = element.radius * Math.abs(sy) + half;
      return { minX: -rx, minY: -ry, maxX: rx, maxY: ry, scaled: false };
    }
    case 'text': {
      const lines = textLines(element.text);
      const width = Math.max(0, ...lines.map((line) => textWidth(line, element.fontSize)));
      const height = lines.length * element.fontSize * SKETCH_SVG.lineHeight;
      return { minX: 0, minY: 0, maxX: width, maxY: height, scaled: true };
    }
    case 'image':
    case 'uploadedImage':
      return { minX: 0, minY: 0, maxX: element.width, maxY: element.height, scaled: true };
    case 'pipeline':
      // room for the double line, insulation and tracing beside it, and the marks
      return boxOfPoints(element.points, pipelineStyle(element.lineType).width + 10);
    case 'signal':
      return boxOfPoints(element.points, 6);
  }
}

const finite = (...values: number[]) => values.every((value) => Number.isFinite(value));

/** An element's axis-aligned box in drawing coordinates, or null when it draws nothing measurable. */
export function elementDrawingBox(
  element: SketchElement,
  textWidth: (line: string, fontSize: number) => number = estimateTextWidth,
): SketchBounds | null {
  const box = localBox(element, textWidth);
  if (!box || !finite(box.minX, box.minY, box.maxX, box.maxY)) return null;
  const corners = [
    toDrawingPoint(element, box.minX, box.minY, box.scaled),
    toDrawingPoint(element, box.maxX, box.minY, box.scaled),
    toDrawingPoint(element, box.maxX, box.maxY, box.scaled),
    toDrawingPoint(element, box.minX, box.maxY, box.scaled),
  ];
  const xs = corners.map((corner) => corner[0]);
  const ys = corners.map((corner) => corner[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  if (!finite(x, y)) return null;
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** The drawing's content bounds plus the margin, on whole units (an empty sketch gives a small blank page). */
export function sketchSvgBounds(lists: SketchLists, options: SketchSvgOptions = {}): SketchBounds {
  if (options.bounds) return options.bounds;
  const margin = options.margin ?? SKETCH_SVG.margin;
  const textWidth = options.textWidth ?? estimateTextWidth;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const element of elementsInOrder(lists)) {
    const boxes = [
      elementDrawingBox(element, textWidth),
      element.tool === 'image' ? tagLabelBox(element, textWidth) : null,
    ];
    for (const box of boxes) {
      if (!box) continue;
      minX = Math.min(minX, box.x);
      minY = Math.min(minY, box.y);
      maxX = Math.max(maxX, box.x + box.width);
      maxY = Math.max(maxY, box.y + box.height);
    }
  }
  if (minX > maxX) return { x: 0, y: 0, width: Math.max(1, 2 * margin), height: Math.max(1, 2 * margin) };
  const x = Math.floor(minX - margin);
  const y = Math.floor(minY - margin);
  return {
    x,
    y,
    width: Math.max(1, Math.ceil(maxX + margin) - x),
    height: Math.max(1, Math.ceil(maxY + margin) - y),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Drawing

/** A prepared symbol: its viewBox, the root's presentation attributes and its content. */
interface SymbolMarkup {
  viewBox: string;
  attributes: string;
  inner: string;
}

/** Root attributes that the nested <svg> sets itself. */
const ROOT_SET_HERE = new Set([
  'x',
  'y',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'baseProfile',
  'color',
  'transform',
]);

function prepareSymbol(text: string, prefix: string): SymbolMarkup | null {
  const result = sanitiseSvg(text, prefix);
  if (!result) return null;
  const attribute = (name: string) => result.rootAttributes.find(([key]) => key === name)?.[1];
  const box = (attribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  let viewBox: string;
  if (box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0)
    viewBox = box.map(num).join(' ');
  else {
    const width = parseFloat(attribute('width') ?? '');
    const height = parseFloat(attribute('height') ?? '');
    if (!(width > 0 && height > 0)) return null;
    viewBox = `0 0 ${num(width)} ${num(height)}`;
  }
  const attributes = result.rootAttributes
    .filter(([name]) => !ROOT_SET_HERE.has(name))
    .map(([name, value]) => ` ${name}="${escapeSvgText(value)}"`)
    .join('');
  return { viewBox, attributes, inner: result.inner };
}

function transformAttribute(element: SketchElement, withScale = true): string {
  const parts: string[] = [];
  const x = element.x ?? 0;
  const y = element.y ?? 0;
  const [sx, sy] = scaleOf(element);
  if (x !== 0 || y !== 0) parts.push(`translate(${num(x)},${num(y)})`);
  if (element.rotation) parts.push(`rotate(${num(element.rotation)})`);
  if (withScale && (sx !== 1 || sy !== 1)) parts.push(`scale(${num(sx)},${num(sy)})`);
  return parts.length > 0 ? ` transform="${parts.join(' ')}"` : '';
}

const colourOf = (element: { colour?: string }) => escapeSvgText(element.colour || SKETCH.defaultColour);

class SvgWriter {
  private readonly symbols = new Map<string, SymbolMarkup | null>();

  constructor(private readonly options: SketchSvgOptions) {}

  private symbol(src: string): SymbolMarkup | null {
    let prepared = this.symbols.get(src);
    if (prepared === undefined) {
      const text = this.options.symbolSvg?.(src);
      prepared = text ? prepareSymbol(text, `s${this.symbols.size + 1}-`) : null;
      this.symbols.set(src, prepared);
    }
    return prepared;
  }

  element(element: SketchElement): string {
    const transform = transformAttribute(element);
    switch (element.tool) {
      case 'pen':
      case 'eraser':
      case 'highlight': {
        const d = linePath(element.points, element.tool === 'pen' ? SKETCH_SVG.penTension : 0);
        if (!d) return '';
        const paint =
          element.tool === 'highlight'
            ? `stroke="${SKETCH.highlightColour}" opacity="${SKETCH.highlightOpacity}"`
            : `stroke="${element.tool === 'eraser' ? '#ffffff' : colourOf(element)}"`;
        return `<path${transform} d="${d}" fill="none" ${paint} stroke-width="${SKETCH.strokeWidth[element.tool]}" stroke-linecap="round" stroke-linejoin="round"/>`;
      }
      case 'line':
      case 'dotted': {
        const d = linePath(element.points, 0);
        if (!d) return '';
        const dash = element.tool === 'dotted' ? ` stroke-dasharray="${SKETCH.dottedDash.join(' ')}"` : '';
        return `<path${transform} d="${d}" fill="none" stroke="${colourOf(element)}" stroke-width="${SKETCH.strokeWidth[element.tool]}" stroke-linecap="round"${dash}/>`;
      }
      case 'arrow': {
        const d = linePath(element.points, 0);
        if (!d) return '';
        const colour = colourOf(element);
        const width = SKETCH.strokeWidth.arrow;
        const shaft = `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}"/>`;
        if (element.points.length < 4) return `<g${transform}>${shaft}</g>`;
        const head = arrowHead(element.points)
          .map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${num(x)} ${num(y)}`)
          .join('');
        return `<g${transform}>${shaft}<path d="${head}Z" fill="${colour}" stroke="${colour}" stroke-width="${width}"/></g>`;
      }
      case 'rect': {
        const [sx, sy] = scaleOf(element);
        const w = element.width * sx;
        const h = element.height * sy;
        return `<rect${transformAttribute(element, false)} x="${num(Math.min(0, w))}" y="${num(Math.min(0, h))}" width="${num(Math.abs(w))}" height="${num(Math.abs(h))}" fill="none" stroke="${colourOf(element)}" stroke-width="${SKETCH.strokeWidth.rect}"/>`;
      }
      case 'circle': {
        const [sx, sy] = scaleOf(element);
        const rx = element.radius * Math.abs(sx);
        const ry = element.radius * Math.abs(sy);
        const shape = rx === ry ? `circle r="${num(rx)}"` : `ellipse rx="${num(rx)}" ry="${num(ry)}"`;
        return `<${shape}${transformAttribute(element, false)} cx="0" cy="0" fill="none" stroke="${colourOf(element)}" stroke-width="${SKETCH.strokeWidth.circle}"/>`;
      }
      case 'text': {
        // xml:space on each tspan, not on the text: svg-to-pdfkit then writes stray spaces between the lines
        const size = element.fontSize || SKETCH.defaultTextSize;
        const lineHeight = size * SKETCH_SVG.lineHeight;
        const spans = textLines(element.text)
          .map((line, index) =>
            line === ''
              ? ''
              : `<tspan x="0" y="${num(size * SKETCH_SVG.firstBaseline + index * lineHeight)}" xml:space="preserve">${escapeSvgText(line)}</tspan>`,
          )
          .join('');
        return `<text${transform} font-family="${SKETCH_SVG.fontFamily}" font-size="${num(size)}" fill="${colourOf(element)}">${spans}</text>`;
      }
      case 'image': {
        const size = `width="${num(element.width)}" height="${num(element.height)}"`;
        const symbol = this.symbol(element.src);
        // the tag label is not turned with the symbol: it stays upright beside it
        const label = tagLabelSvg(element);
        if (!symbol)
          return `<rect${transform} x="0" y="0" ${size} fill="none" stroke="${SKETCH_SVG.placeholderColour}" stroke-width="1" stroke-dasharray="4 4"/>${label}`;
        return `<g${transform}><svg x="0" y="0" ${size} viewBox="${symbol.viewBox}" preserveAspectRatio="none"${symbol.attributes} color="black">${symbol.inner}</svg></g>${label}`;
      }
      case 'uploadedImage': {
        if (!SVG_DATA_IMAGE.test(element.src)) return '';
        return `<image${transform} x="0" y="0" width="${num(element.width)}" height="${num(element.height)}" preserveAspectRatio="none" href="${element.src}"/>`;
      }
      case 'pipeline':
        return pipelineSvg(element);
      case 'signal':
        return signalLineSvg(element);
    }
  }
}

/**
 * The whole drawing as a standalone SVG document: viewBox = the content's bounds plus a margin (or
 * options.bounds), width and height in px equal to it, a white background, then every element in drawing
 * order with its transform.
 */
export function sketchToSvg(lists: SketchLists, options: SketchSvgOptions = {}): string {
  const bounds = sketchSvgBounds(lists, options);
  const viewBox = [bounds.x, bounds.y, bounds.width, bounds.height].map(num).join(' ');
  const background = options.background === undefined ? '#ffffff' : options.background;
  const parts = [
    `<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}" version="1.1" width="${num(bounds.width)}" height="${num(bounds.height)}" viewBox="${viewBox}">`,
  ];
  if (background)
    parts.push(
      `<rect x="${num(bounds.x)}" y="${num(bounds.y)}" width="${num(bounds.width)}" height="${num(bounds.height)}" fill="${escapeSvgText(background)}"/>`,
    );
  const writer = new SvgWriter(options);
  for (const element of elementsInOrder(lists)) parts.push(writer.element(element));
  parts.push('</svg>');
  return parts.join('\n');
}

/** The symbol files a drawing uses (each once), so a caller can load them before sketchToSvg. */
export function sketchSymbolSources(lists: SketchLists): string[] {
  return [...new Set(lists.Images.map((image) => image.src))];
}
