/**
 * The DOM-free part of the markup layer: the drawing data, coordinate conversion between pixels and
 * fractions of the overlay, cloud and arrow geometry, hit testing and moving shapes.
 *
 * Coordinates are stored in a frame relative to the overlay's size so that a drawing survives resizes of the
 * viewer and zooming of a PDF page (see MarkupFrame). Stroke widths and font sizes stay in CSS pixels.
 */

export const MARKUP_TOOLS = ['text', 'rect', 'circ', 'poly', 'free', 'cloud', 'arrow'] as const;
export type MarkupTool = (typeof MARKUP_TOOLS)[number];

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

export interface MarkupStyle {
  /** stroke (and text) colour, e.g. '#0D54FF' */
  stroke: string;
  /** CSS pixels */
  strokeWidth: number;
  /** the chosen size; drawn at 10 times this in CSS pixels */
  fontSize: number;
  fontFamily: string;
}

export const DEFAULT_MARKUP_STYLE: MarkupStyle = {
  stroke: '#0D54FF',
  strokeWidth: 1,
  fontSize: 1,
  fontFamily: 'Arial',
};

interface ShapeBase {
  id: string;
  style: MarkupStyle;
}
/** rectangle, ellipse (circ) and cloud: a box in fractions */
export interface BoxShape extends ShapeBase {
  type: 'rect' | 'circ' | 'cloud';
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface PathShape extends ShapeBase {
  type: 'poly' | 'free';
  points: Point[];
}
export interface ArrowShape extends ShapeBase {
  type: 'arrow';
  from: Point;
  to: Point;
}
export interface TextShape extends ShapeBase {
  type: 'text';
  /** the text's top left */
  x: number;
  y: number;
  text: string;
}
export type MarkupShape = BoxShape | PathShape | ArrowShape | TextShape;

/**
 * How stored coordinates relate to the overlay's pixels.
 * - 'fill': fractions (0..1) of the overlay's width and height; right where the overlay's aspect never
 *   changes (a PDF page's canvas).
 * - 'viewport': x from the horizontal centre and y from the top, both in units of the overlay's height;
 *   right over a perspective camera with a fixed vertical field of view (the 3D viewer), whose picture
 *   scales with the viewport's height and stays centred horizontally when the width changes.
 */
export type MarkupFrame = 'fill' | 'viewport';
export const MARKUP_FRAMES: readonly MarkupFrame[] = ['fill', 'viewport'];

/** What serialize() gives and load() takes (stored as the markup's drawing data). */
export interface MarkupDrawing {
  version: 1;
  /** the frame of the shapes' coordinates; data without it is read as 'fill' */
  frame: MarkupFrame;
  shapes: MarkupShape[];
}

export const FONT_SCALE = 10;
export const drawnFont = (style: MarkupStyle): number => FONT_SCALE * style.fontSize;

// ---- coordinates ----------------------------------------------------------------------------------

const safe = (value: number): number => (Number.isFinite(value) ? value : 0);

/**
 * A point in pixels of the overlay as stored coordinates in the frame ('fill': fractions of the width and
 * height; 'viewport': (x − width/2) / height, y / height).
 */
export function toFraction(point: Point, size: Size, frame: MarkupFrame = 'fill'): Point {
  const y = size.height > 0 ? safe(point.y / size.height) : 0;
  if (frame === 'viewport')
    return { x: size.height > 0 ? safe((point.x - size.width / 2) / size.height) : 0, y };
  return { x: size.width > 0 ? safe(point.x / size.width) : 0, y };
}

/** Stored coordinates in the frame as a point in pixels of the overlay (the inverse of toFraction). */
export function toPixels(point: Point, size: Size, frame: MarkupFrame = 'fill'): Point {
  if (frame === 'viewport') return { x: size.width / 2 + point.x * size.height, y: point.y * size.height };
  return { x: point.x * size.width, y: point.y * size.height };
}

/** A box in stored coordinates as a box in pixels (its corners converted, so widths follow the frame). */
export function boxToPixels(
  box: { x: number; y: number; w: number; h: number },
  size: Size,
  frame: MarkupFrame = 'fill',
): { x: number; y: number; w: number; h: number } {
  return boxOf(toPixels(box, size, frame), toPixels({ x: box.x + box.w, y: box.y + box.h }, size, frame));
}

/** The box spanned by two corners (any order), in the same units. */
export function boxOf(a: Point, b: Point): { x: number; y: number; w: number; h: number } {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
}

// ---- geometry -------------------------------------------------------------------------------------

const round = (value: number): number => Math.round(value * 100) / 100;

/**
 * A revision cloud around a box (pixels): scalloped arcs along each edge, clockwise, each bulging outwards.
 * `radius` is the wanted arc radius; each edge gets a whole number of arcs.
 */
export function cloudPath(x: number, y: number, w: number, h: number, radius = 10): string {
  const r = Math.max(2, radius);
  const corners: Point[] = [
    { x, y },
    { x: x + w, y },
    { x: x + w, y: y + h },
    { x, y: y + h },
  ];
  let d = `M ${round(x)} ${round(y)}`;
  for (let edge = 0; edge < 4; edge++) {
    const from = corners[edge]!;
    const to = corners[(edge + 1) % 4]!;
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    const count = Math.max(1, Math.round(length / (2 * r)));
    const arc = length / count / 2;
    for (let i = 1; i <= count; i++) {
      const px = from.x + ((to.x - from.x) * i) / count;
      const py = from.y + ((to.y - from.y) * i) / count;
      d += ` A ${round(Math.max(arc, 0.5))} ${round(Math.max(arc, 0.5))} 0 0 1 ${round(px)} ${round(py)}`;
    }
  }
  return `${d} Z`;
}

/** The cloud's arc radius for a box of this size (pixels). */
export const cloudRadius = (w: number, h: number): number =>
  Math.min(15, Math.max(4, Math.min(Math.abs(w), Math.abs(h)) / 4));

/** The two back corners of an arrow head at `to`, pointing away from `from` (pixels). */
export function arrowHead(from: Point, to: Point, strokeWidth: number): [Point, Point] {
  const length = Math.max(10, 4 * strokeWidth);
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const spread = Math.PI / 7;
  return [
    { x: to.x - length * Math.cos(angle - spread), y: to.y - length * Math.sin(angle - spread) },
    { x: to.x - length * Math.cos(angle + spread), y: to.y - length * Math.sin(angle + spread) },
  ];
}

/** SVG path data through points (pixels). */
export const polylinePath = (points: readonly Point[]): string =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${round(p.x)} ${round(p.y)}`).join(' ');

/** A rough text width in pixels (average glyph 0.6 em), for hit tests and selection outlines. */
export const textWidth = (text: string, fontPx: number): number => Math.max(1, text.length) * fontPx * 0.6;

/** A shape's bounding box in pixels of an overlay of this size, its coordinates read in the frame. */
export function shapeBounds(
  shape: MarkupShape,
  size: Size,
  frame: MarkupFrame = 'fill',
): { x: number; y: number; w: number; h: number } {
  switch (shape.type) {
    case 'rect':
    case 'circ':
    case 'cloud':
      return boxToPixels(shape, size, frame);
    case 'poly':
    case 'free': {
      const points = shape.points.map((p) => toPixels(p, size, frame));
      const xs = points.map((p) => p.x);
      const ys = points.map((p) => p.y);
      const x = Math.min(...xs);
      const y = Math.min(...ys);
      return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
    }
    case 'arrow':
      return boxOf(toPixels(shape.from, size, frame), toPixels(shape.to, size, frame));
    case 'text': {
      const font = drawnFont(shape.style);
      const at = toPixels(shape, size, frame);
      return { x: at.x, y: at.y, w: textWidth(shape.text, font), h: font * 1.2 };
    }
  }
}

/**
 * The shape under a pixel point: of those whose bounding box (grown by `tolerance` pixels) holds it, the
 * smallest (so a shape drawn inside another can be picked), the topmost on a tie; null when none.
 */
export function hitTest(
  shapes: readonly MarkupShape[],
  point: Point,
  size: Size,
  tolerance = 6,
  frame: MarkupFrame = 'fill',
): MarkupShape | null {
  let best: MarkupShape | null = null;
  let bestArea = Infinity;
  for (let i = shapes.length - 1; i >= 0; i--) {
    const shape = shapes[i]!;
    const b = shapeBounds(shape, size, frame);
    const inside =
      point.x >= b.x - tolerance &&
      point.x <= b.x + b.w + tolerance &&
      point.y >= b.y - tolerance &&
      point.y <= b.y + b.h + tolerance;
    const area = (b.w + 2 * tolerance) * (b.h + 2 * tolerance);
    if (inside && area < bestArea) {
      best = shape;
      bestArea = area;
    }
  }
  return best;
}

/** The shape moved by (dx, dy) in stored coordinates (the difference of two converted points). */
export function moveShape<T extends MarkupShape>(shape: T, dx: number, dy: number): T {
  const by = (p: Point): Point => ({ x: p.x + dx, y: p.y + dy });
  switch (shape.type) {
    case 'poly':
    case 'free':
      return { ...shape, points: shape.points.map(by) };
    case 'arrow':
      return { ...shape, from: by(shape.from), to: by(shape.to) };
    default:
      return {
        ...shape,
        x: (shape as BoxShape | TextShape).x + dx,
        y: (shape as BoxShape | TextShape).y + dy,
      };
  }
}

// ---- drawing data ---------------------------------------------------------------------------------

export function serializeDrawing(shapes: readonly MarkupShape[], frame: MarkupFrame = 'fill'): MarkupDrawing {
  return { version: 1, frame, shapes: structuredClone([...shapes]) };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPoint = (v: unknown): v is Point =>
  typeof v === 'object' && v !== null && isNum((v as Point).x) && isNum((v as Point).y);

function readStyle(value: unknown): MarkupStyle {
  const s = (typeof value === 'object' && value !== null ? value : {}) as Partial<MarkupStyle>;
  return {
    stroke: typeof s.stroke === 'string' ? s.stroke : DEFAULT_MARKUP_STYLE.stroke,
    strokeWidth: isNum(s.strokeWidth) ? s.strokeWidth : DEFAULT_MARKUP_STYLE.strokeWidth,
    fontSize: isNum(s.fontSize) ? s.fontSize : DEFAULT_MARKUP_STYLE.fontSize,
    fontFamily: typeof s.fontFamily === 'string' ? s.fontFamily : DEFAULT_MARKUP_STYLE.fontFamily,
  };
}

function readShape(value: unknown, index: number): MarkupShape | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const id = typeof v.id === 'string' && v.id ? v.id : `s${index + 1}`;
  const style = readStyle(v.style);
  switch (v.type) {
    case 'rect':
    case 'circ':
    case 'cloud':
      if (!isNum(v.x) || !isNum(v.y) || !isNum(v.w) || !isNum(v.h)) return null;
      return { id, style, type: v.type, x: v.x, y: v.y, w: v.w, h: v.h };
    case 'poly':
    case 'free':
      if (!Array.isArray(v.points) || !v.points.every(isPoint)) return null;
      return { id, style, type: v.type, points: v.points.map((p: Point) => ({ x: p.x, y: p.y })) };
    case 'arrow':
      if (!isPoint(v.from) || !isPoint(v.to)) return null;
      return { id, style, type: 'arrow', from: { ...v.from }, to: { ...v.to } };
    case 'text':
      if (!isNum(v.x) || !isNum(v.y) || typeof v.text !== 'string') return null;
      return { id, style, type: 'text', x: v.x, y: v.y, text: v.text };
    default:
      return null;
  }
}

/**
 * Drawing data from JSON text or a value; shapes that cannot be read are dropped, and data without a
 * known frame (saved before frames existed) is read as 'fill'.
 * Throws when the data is not a version 1 drawing.
 */
export function parseDrawing(data: unknown): MarkupDrawing {
  const value: unknown = typeof data === 'string' ? JSON.parse(data) : data;
  if (typeof value !== 'object' || value === null || (value as { version?: unknown }).version !== 1)
    throw new Error('The markup data is not a version 1 drawing');
  const frameValue = (value as { frame?: unknown }).frame;
  const frame: MarkupFrame = frameValue === 'viewport' ? 'viewport' : 'fill';
  const shapes = (value as { shapes?: unknown }).shapes;
  if (!Array.isArray(shapes)) return { version: 1, frame, shapes: [] };
  return {
    version: 1,
    frame,
    shapes: shapes.map(readShape).filter((shape): shape is MarkupShape => shape !== null),
  };
}
