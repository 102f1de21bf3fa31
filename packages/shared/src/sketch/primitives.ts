// The building blocks of the sketch schemas: the format version, the limits and the fields every element
// has (engineering spec §3 'Canvas element'), shared by the spec's element kinds and the P&ID ones.
import { z } from 'zod';

/**
 * The sketch format's version, carried by every saved sketch (absent in the spec's earlier sketches = 1).
 * Version 2 adds the P&ID data (docs/sketches.md 'The P&ID data'): pipelines and signal lines attached to
 * symbol ports, line data, tags, classes and properties on symbols, and the grid, scale and numbering of
 * PidSpec. Every addition is optional, so a version-1 sketch is a valid version-2 sketch as it is.
 */
export const SKETCH_VERSION = 2;

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

export const coordinate = z
  .number()
  .finite()
  .min(-SKETCH_LIMITS.maxCoordinate)
  .max(SKETCH_LIMITS.maxCoordinate);
export const size = z.number().finite().min(0).max(SKETCH_LIMITS.maxCoordinate);
export const scale = z.number().finite().min(-1000).max(1000);
/** A CSS colour as the colour picker gives it: a name, #hex, rgb()/rgba() or hsl(). */
export const colour = z
  .string()
  .max(64)
  .regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|rgba|hsl|hsla)\([0-9.,%\s]+\))$/, 'Invalid colour');

export const common = {
  id: z.string().min(1).max(100),
  x: coordinate.default(0),
  y: coordinate.default(0),
  rotation: z.number().finite().min(-100_000).max(100_000).default(0),
  scaleX: scale.default(1),
  scaleY: scale.default(1),
  /** Penstock's addition: the drawing order across all lists (higher is drawn later, on top). */
  z: z.number().finite().optional(),
};

export const points = z.array(coordinate).max(SKETCH_LIMITS.maxPointsPerLine);
