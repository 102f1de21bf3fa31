// The P&ID data of a sketch (issue 37; docs/sketches.md 'The P&ID data'): pipelines and signal lines whose
// ends are fastened to symbol ports, the line data of each pipeline, and the tag, class and properties of a
// placed symbol. Everything here is optional in a saved sketch: a sketch saved before it (format 1) reads as
// a sketch with no pipelines, no signal lines and untagged symbols.
import { z } from 'zod';
import { colour, common, coordinate, points } from './primitives.ts';

/** Limits of the P&ID data, beside SKETCH_LIMITS. */
export const PID_LIMITS = {
  maxTagLength: 60,
  maxClassLength: 100,
  /** static property values of one symbol or pipeline */
  maxProperties: 40,
  maxPropertyName: 100,
  maxPropertyValue: 500,
  maxLineNumber: 100,
} as const;

/** No control characters in one-line texts (tags, line numbers, codes). */
const oneLine = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must be one line of text');

/** Where a line's end is fastened: a placed symbol (its element id) and one of its ports (the catalogue's port id). */
export const PortRefSchema = z.strictObject({
  itemId: z.string().min(1).max(100),
  portId: z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'Invalid port id'),
});
export type PortRef = z.output<typeof PortRefSchema>;

/**
 * Which way the fluid runs along a pipeline: 'forward' from its first point (start) to its last (end),
 * 'reverse' from end to start, 'none' when not shown (no arrows drawn).
 */
export const FLOW_DIRECTIONS = ['forward', 'reverse', 'none'] as const;
export type FlowDirection = (typeof FLOW_DIRECTIONS)[number];

/**
 * A pipeline's line data: one pipeline element is one piping segment (port to port); the segments of one
 * line carry the same line number. Fluid codes and pipe specs are the legend's codes (not checked here: an
 * administrator may change the legend after a sketch is drawn).
 */
export const LineDataSchema = z.object({
  lineNumber: oneLine(PID_LIMITS.maxLineNumber).default(''),
  /** the legend's fluid code ('RS', 'FE') */
  fluidCode: oneLine(10).default(''),
  /** nominal size as written: 'DN150', '150', '6"' */
  nominalSize: oneLine(30).default(''),
  /** the legend's pipe material code ('DISF') */
  pipeSpec: oneLine(20).default(''),
  flow: z.enum(FLOW_DIRECTIONS).default('forward'),
  insulated: z.boolean().default(false),
  /** trace heated */
  traced: z.boolean().default(false),
});
export type LineData = z.output<typeof LineDataSchema>;

/** Static property values by property name (the legend's static property guide names the properties). */
export const PropertyValuesSchema = z
  .record(z.string().min(1).max(PID_LIMITS.maxPropertyName), z.string().max(PID_LIMITS.maxPropertyValue))
  .refine((values) => Object.keys(values).length <= PID_LIMITS.maxProperties, {
    message: `At most ${PID_LIMITS.maxProperties} properties`,
  });
export type PropertyValues = z.output<typeof PropertyValuesSchema>;

/** A polyline of at least two points, as x, y pairs in drawing coordinates. */
const polyline = points
  .min(4, 'A line needs at least two points')
  .refine((values) => values.length % 2 === 0, 'points must be x, y pairs');

/**
 * A pipeline (list Pipelines): a polyline from port to port, its ends fastened to symbol ports (null: a
 * free end, drawn as dangling when it was fastened to a symbol that is gone). Points are absolute drawing
 * coordinates; x and y stay 0.
 */
export const PipelineSchema = z.object({
  ...common,
  tool: z.literal('pipeline'),
  points: polyline,
  start: PortRefSchema.nullable().default(null),
  end: PortRefSchema.nullable().default(null),
  /** the line's kind: a name of the symbol library's Pipelines group ('Pipeline (Major)'); sets how it is drawn */
  lineType: oneLine(100).default('Pipeline (Major)'),
  line: LineDataSchema.prefault({}),
  /** the pipeline's static properties (the guide's 'Pipeline (…)' class) */
  props: PropertyValuesSchema.default({}),
  colour: colour.default('black'),
});
export type PipelineElement = z.output<typeof PipelineSchema>;

/** A signal line (list SignalLines) between instruments (or an instrument and a valve or equipment). */
export const SignalLineSchema = z.object({
  ...common,
  tool: z.literal('signal'),
  points: polyline,
  start: PortRefSchema.nullable().default(null),
  end: PortRefSchema.nullable().default(null),
  /** a name of the symbol library's Signal Lines group ('Electrical Signal', 'Pneumatic Signal') */
  signalType: oneLine(100).default('Electrical Signal'),
  colour: colour.default('black'),
});
export type SignalLineElement = z.output<typeof SignalLineSchema>;

/** Both kinds of connecting line. */
export type ConnectionLine = PipelineElement | SignalLineElement;

/**
 * The P&ID fields of a placed library symbol (added to the Images elements). All optional: a symbol saved
 * without them is untagged, its class its library group's default (pidItemClass).
 */
export const pidItemFields = {
  /** the item's tag ('P-101'); drawn as a label that moves with the symbol */
  tag: oneLine(PID_LIMITS.maxTagLength).optional(),
  /** the item's class: an asset category of the catalogue ('Pump', 'Gate Valve') or the symbol's own name */
  itemClass: oneLine(PID_LIMITS.maxClassLength).optional(),
  props: PropertyValuesSchema.optional(),
  /** where the tag label's centre sits from the symbol's centre, in drawing units; absent: under the symbol */
  tagOffset: z.strictObject({ x: coordinate, y: coordinate }).optional(),
};

export const DEFAULT_TAG_PATTERN = '{prefix}-{area}{seq:2}';

/**
 * The sketch's P&ID settings (content field PidSpec, beside StageSpec): the grid, the drawing scale and
 * the tag numbering. A sketch without it gets these defaults.
 */
export const PidSpecSchema = z.object({
  grid: z
    .object({
      /** grid spacing in drawing units */
      size: z.number().finite().min(2).max(500).default(20),
      show: z.boolean().default(true),
      snap: z.boolean().default(true),
    })
    .prefault({}),
  /**
   * The drawing scale: metres of pipe per drawing unit, or null when the drawing is not to scale (then the
   * line list counts segments instead of summing lengths).
   */
  metresPerUnit: z.number().finite().positive().max(1000).nullable().default(null),
  numbering: z
    .object({
      /** {prefix} the class's letters, {area} the area below, {seq:N} the running number padded to N digits */
      pattern: oneLine(60)
        .refine((pattern) => /\{seq(:\d)?\}/.test(pattern), 'The pattern needs a {seq} or {seq:N} part')
        .default(DEFAULT_TAG_PATTERN),
      area: z
        .string()
        .regex(/^[A-Za-z0-9]{0,10}$/, 'The area is up to 10 letters or digits')
        .default('1'),
    })
    .prefault({}),
});
export type PidSpec = z.output<typeof PidSpecSchema>;

export const defaultPidSpec = (): PidSpec => PidSpecSchema.parse({});
