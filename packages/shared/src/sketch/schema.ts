// The sketch's stored shape (engineering spec §3 'Sketch', 'Canvas element'; §7 getpidsketch, savepidsketch,
// deletepidsketch), validated with the same schema in the browser and on the server.
import { z } from 'zod';
import { colour, common, coordinate, points, size, SKETCH_LIMITS } from './primitives.ts';
import {
  PipelineSchema,
  SignalLineSchema,
  pidItemFields,
  type PidSpec,
  type PipelineElement,
  type SignalLineElement,
} from './pidSchema.ts';

export { SKETCH_LIMITS, SKETCH_VERSION } from './primitives.ts';

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
/**
 * A library symbol: src is the symbol's image path, pidItem its file name; tag, itemClass, props and
 * tagOffset are its P&ID data (format 2, all optional).
 */
export const SymbolImageSchema = z.object({
  ...common,
  tool: z.literal('image'),
  src: z.string().regex(/^\/symbols\/[a-z0-9-]+\/[a-z0-9-]+\.svg$/, 'Invalid symbol image path'),
  pidItem: z.string().max(200).default(''),
  width: size.default(80),
  height: size.default(80),
  ...pidItemFields,
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
  /** format 2: pipelines and signal lines, fastened to symbol ports */
  Pipelines: z.array(PipelineSchema).default([]),
  SignalLines: z.array(SignalLineSchema).default([]),
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
  'Pipelines',
  'SignalLines',
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
  | UploadedImage
  | PipelineElement
  | SignalLineElement;
export type SketchLists = z.output<typeof SketchListsSchema>;
export type StageSpec = z.output<typeof StageSpecSchema>;

/** A sketch's content: its lists, the view and the format version. */
export interface SketchContent extends SketchLists {
  StageSpec: StageSpec;
  /** format 2: the grid, the drawing scale and the tag numbering (defaults when absent) */
  PidSpec: PidSpec;
  Version: number;
}

/** A saved sketch as getpidsketch answers it. */
export interface SavedSketch extends SketchContent {
  /** Penstock's addition: the sketch's id (its history and issue calls name it) */
  id?: string;
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
    case 'pipeline':
      return 'Pipelines';
    case 'signal':
      return 'SignalLines';
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
  Pipelines: [],
  SignalLines: [],
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
    if (
      key === 'Lines' ||
      key === 'StraightLines' ||
      key === 'Arrows' ||
      key === 'Pipelines' ||
      key === 'SignalLines'
    )
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
