// The sketch's stored shape (engineering spec §3 'Sketch', 'Canvas element'; §7 getpidsketch, savepidsketch,
// deletepidsketch), validated with the same schema in the browser and on the server.
import { z } from 'zod';

/** The sketch format's version, carried by every saved sketch (absent in the spec's earlier sketches = 1). */
export const SKETCH_VERSION = 1;

/** Limits that keep a sketch a sketch: checked on save, on the server. */
export const SKETCH_LIMITS = {
  /** elements of all kinds together */
  maxElements: 5000,
  /** coordinates in one freehand line (x, y pairs × 2) */
  maxPointsPerLine: 20_000,
  /** coordinates in all lines together */
  maxPointsTotal: 400_000,
  maxTextLength: 2000,
  maxUploadedImages: 20,
  /** bytes of one uploaded image, decoded */
  maxUploadedImageBytes: 5 * 1024 * 1024,
  maxNameLength: 200,
  /** |coordinate| bound: a drawing is a few thousand units across; this refuses junk, not big sketches */
  maxCoordinate: 1_000_000,
} as const;

const coordinate = z.number().finite().min(-SKETCH_LIMITS.maxCoordinate).max(SKETCH_LIMITS.maxCoordinate);
const size = z.number().finite().min(0).max(SKETCH_LIMITS.maxCoordinate);
const scale = z.number().finite().min(-1000).max(1000);
/** A CSS colour as the colour picker gives it: a name, #hex, rgb()/rgba() or hsl(). */
const colour = z
  .string()
  .max(64)
  .regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s]+\))$/, 'Invalid colour');

const common = {
  id: z.string().min(1).max(100),
  x: coordinate.default(0),
  y: coordinate.default(0),
  rotation: z.number().finite().min(-100_000).max(100_000).default(0),
  scaleX: scale.default(1),
  scaleY: scale.default(1),
  /** Penstock's addition: the drawing order across all lists (higher is drawn later, on top). */
  z: z.number().finite().optional(),
};

const points = z.array(coordinate).max(SKETCH_LIMITS.maxPointsPerLine);

/** pen, eraser and highlight strokes (Lines). */
export const FreehandLineSchema = z.object({
  ...common,
  tool: z.enum(['pen', 'eraser', 'highlight']),
  points,
  colour: colour.default('black'),
});
/** line and dotted (StraightLines). */
export const StraightLineSchema = z.object({
  ...common,
  tool: z.enum(['line', 'dotted']),
  points,
  colour: colour.default('black'),
});
export const ArrowSchema = z.object({
  ...common,
  tool: z.literal('arrow'),
  points,
  colour: colour.default('black'),
});
export const RectSchema = z.object({
  ...common,
  tool: z.literal('rect'),
  width: size,
  height: size,
  colour: colour.default('black'),
});
export const CircleSchema = z.object({
  ...common,
  tool: z.literal('circle'),
  radius: size,
  colour: colour.default('black'),
});
export const TextSchema = z.object({
  ...common,
  tool: z.literal('text'),
  text: z.string().max(SKETCH_LIMITS.maxTextLength),
  fontSize: z.number().finite().min(1).max(1000).default(20),
  colour: colour.default('black'),
});
/** A library symbol: src is the symbol's image path, pidItem its file name. */
export const SymbolImageSchema = z.object({
  ...common,
  tool: z.literal('image'),
  src: z.string().regex(/^\/symbols\/[a-z0-9-]+\/[a-z0-9-]+\.svg$/, 'Invalid symbol image path'),
  pidItem: z.string().max(200).default(''),
  width: size.default(80),
  height: size.default(80),
});
/** An uploaded picture, kept in the sketch as a data: URL; the server checks its bytes. */
export const UploadedImageSchema = z.object({
  ...common,
  tool: z.literal('uploadedImage'),
  src: z
    .string()
    .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/, 'Invalid uploaded image'),
  width: size.default(200),
  height: size.default(200),
});

export const StageSpecSchema = z.object({
  scale: z.number().finite().min(0.001).max(1000).default(1),
  x: coordinate.default(0),
  y: coordinate.default(0),
});

/** The element lists of a sketch, under the spec's field names. */
export const SketchListsSchema = z.object({
  Images: z.array(SymbolImageSchema).default([]),
  Texts: z.array(TextSchema).default([]),
  Lines: z.array(FreehandLineSchema).default([]),
  StraightLines: z.array(StraightLineSchema).default([]),
  Arrows: z.array(ArrowSchema).default([]),
  Rects: z.array(RectSchema).default([]),
  Circles: z.array(CircleSchema).default([]),
  UploadedImages: z.array(UploadedImageSchema).default([]),
});

export const SKETCH_LIST_KEYS = [
  'Images',
  'Texts',
  'Lines',
  'StraightLines',
  'Arrows',
  'Rects',
  'Circles',
  'UploadedImages',
] as const;
export type SketchListKey = (typeof SKETCH_LIST_KEYS)[number];

export type FreehandLine = z.output<typeof FreehandLineSchema>;
export type StraightLine = z.output<typeof StraightLineSchema>;
export type ArrowElement = z.output<typeof ArrowSchema>;
export type RectElement = z.output<typeof RectSchema>;
export type CircleElement = z.output<typeof CircleSchema>;
export type TextElement = z.output<typeof TextSchema>;
export type SymbolImage = z.output<typeof SymbolImageSchema>;
export type UploadedImage = z.output<typeof UploadedImageSchema>;
export type SketchElement =
  | FreehandLine
  | StraightLine
  | ArrowElement
  | RectElement
  | CircleElement
  | TextElement
  | SymbolImage
  | UploadedImage;
export type SketchLists = z.output<typeof SketchListsSchema>;
export type StageSpec = z.output<typeof StageSpecSchema>;

/** A sketch's content: its lists, the view and the format version. */
export interface SketchContent extends SketchLists {
  StageSpec: StageSpec;
  Version: number;
}

/** A saved sketch as getpidsketch answers it. */
export interface SavedSketch extends SketchContent {
  DrawingName: string;
  Project: string;
  updatedAt: string;
  updatedBy: string;
}

/** The list an element kind is kept in. */
export function listOf(kind: SketchElement['tool']): SketchListKey {
  switch (kind) {
    case 'pen':
    case 'eraser':
    case 'highlight':
      return 'Lines';
    case 'line':
    case 'dotted':
      return 'StraightLines';
    case 'arrow':
      return 'Arrows';
    case 'rect':
      return 'Rects';
    case 'circle':
      return 'Circles';
    case 'text':
      return 'Texts';
    case 'image':
      return 'Images';
    case 'uploadedImage':
      return 'UploadedImages';
  }
}

export const emptySketchLists = (): SketchLists => ({
  Images: [],
  Texts: [],
  Lines: [],
  StraightLines: [],
  Arrows: [],
  Rects: [],
  Circles: [],
  UploadedImages: [],
});

/** Every element of a sketch in drawing order (by z, then list order as the lists were given). */
export function elementsInOrder(lists: SketchLists): SketchElement[] {
  const all: Array<{ element: SketchElement; index: number }> = [];
  let index = 0;
  for (const key of SKETCH_LIST_KEYS)
    for (const element of lists[key] as SketchElement[]) all.push({ element, index: index++ });
  all.sort((a, b) => (a.element.z ?? a.index) - (b.element.z ?? b.index) || a.index - b.index);
  return all.map((entry) => entry.element);
}

/** Counts and sizes a sketch must stay within; the problems, or an empty list. */
export function sketchLimitProblems(lists: SketchLists): string[] {
  const problems: string[] = [];
  let elements = 0;
  let coordinates = 0;
  for (const key of SKETCH_LIST_KEYS) {
    elements += lists[key].length;
    if (key === 'Lines' || key === 'StraightLines' || key === 'Arrows')
      for (const line of lists[key]) coordinates += line.points.length;
  }
  if (elements > SKETCH_LIMITS.maxElements)
    problems.push(`A sketch holds at most ${SKETCH_LIMITS.maxElements} elements (this one has ${elements})`);
  if (coordinates > SKETCH_LIMITS.maxPointsTotal)
    problems.push(
      `A sketch's lines hold at most ${SKETCH_LIMITS.maxPointsTotal} coordinates (this one has ${coordinates})`,
    );
  if (lists.UploadedImages.length > SKETCH_LIMITS.maxUploadedImages)
    problems.push(`A sketch holds at most ${SKETCH_LIMITS.maxUploadedImages} uploaded images`);
  const ids = new Set<string>();
  for (const key of SKETCH_LIST_KEYS)
    for (const element of lists[key]) {
      if (ids.has(element.id)) {
        problems.push(`Element id '${element.id}' is used twice`);
        return problems;
      }
      ids.add(element.id);
    }
  return problems;
}
