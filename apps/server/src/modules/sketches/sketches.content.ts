// A sketch as sent to savepidsketch, checked with the shared schemas before anything is stored (engineering
// spec §3 'Sketch', 'Canvas element', §5): every field's JSON, every element, the limits, the bytes of each
// uploaded picture, the name and the format version.
import type { ZodType, z } from 'zod';
import {
  SKETCH_LIMITS,
  SKETCH_LIST_KEYS,
  SKETCH_MESSAGES,
  SKETCH_VERSION,
  PidSpecSchema,
  SketchListsSchema,
  StageSpecSchema,
  drawingNameProblem,
  sketchBaseName,
  sketchLimitProblems,
  type SketchContent,
  type SketchLists,
} from '@penstock/shared';
import { HttpError, badRequest } from '../../http/errors.ts';

export const CONTENT_FIELDS = [...SKETCH_LIST_KEYS, 'StageSpec', 'PidSpec', 'Version'] as const;
type ContentField = (typeof CONTENT_FIELDS)[number];

/** A drawing name a little longer than the typed name's limit leaves room for ' - ' and the date-time. */
const MAX_DRAWING_NAME_LENGTH = SKETCH_LIMITS.maxNameLength + 100;

/** DrawingName as sent ('name - local date-time') and the typed name a save overwrites by. */
export function drawingNameOf(value: unknown): { drawingName: string; baseName: string } {
  const drawingName = typeof value === 'string' ? value.trim() : '';
  if (!drawingName) throw badRequest(SKETCH_MESSAGES.drawingNameEmpty);
  if (drawingName.length > MAX_DRAWING_NAME_LENGTH)
    throw badRequest(`A drawing name has at most ${SKETCH_LIMITS.maxNameLength} characters`);
  const baseName = sketchBaseName(drawingName);
  const problem = drawingNameProblem(baseName);
  if (problem) throw badRequest(problem);
  return { drawingName, baseName };
}

/**
 * A field's JSON: text is parsed (400 naming the field when it is not JSON), a JSON body's value is taken
 * as it is, and an absent or blank field is undefined (the schema's default: an empty list, the default view).
 */
export function jsonField(name: string, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value);
  } catch (error) {
    throw badRequest(`${name} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A value checked by a schema; the first problem names the field, the path and the element's id. */
export function checked<S extends ZodType>(name: string, schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  const where = path.map((step) => (typeof step === 'number' ? `[${step}]` : `.${String(step)}`)).join('');
  const element = typeof path[0] === 'number' && Array.isArray(value) ? elementId(value[path[0]]) : null;
  throw badRequest(
    `${name}${where}${element ? ` (element '${element}')` : ''}: ${issue?.message ?? 'Invalid input'}`,
  );
}

const elementId = (element: unknown): string | null =>
  element && typeof element === 'object' && typeof (element as { id?: unknown }).id === 'string'
    ? (element as { id: string }).id.slice(0, 100)
    : null;

/** The format version: absent means the current one; a newer one than this server knows is refused. */
export function versionOf(value: unknown): number {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return SKETCH_VERSION;
  const version = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(version) || version < 1)
    throw badRequest(`Version must be a whole number from 1, not '${String(value).slice(0, 20)}'`);
  if (version > SKETCH_VERSION)
    throw badRequest(
      `This sketch is in format version ${version}; this server reads versions up to ${SKETCH_VERSION}. Update Penstock to save it.`,
    );
  return version;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
/** The first bytes of each picture type a sketch may hold. */
const IMAGE_SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  png: (bytes) => bytes.subarray(0, 8).equals(PNG_SIGNATURE),
  jpeg: (bytes) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  gif: (bytes) => ['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6)),
  webp: (bytes) => ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP',
};

/** What is wrong with an uploaded picture's data: URL (its bytes are not the type it claims, or too many), or null. */
export function uploadedImageProblem(src: string): string | null {
  const match = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]*=*)$/.exec(src);
  if (!match) return 'the image is not a base64 data: URL of a PNG, JPEG, GIF or WebP picture';
  const [, type = '', base64 = ''] = match;
  const max = SKETCH_LIMITS.maxUploadedImageBytes;
  const tooBig = `the image is larger than ${max / 1024 / 1024} MB`;
  // 4 characters of base64 per 3 bytes: refuse before decoding
  if (Math.floor((base64.length * 3) / 4) > max + 2) return tooBig;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > max) return tooBig;
  if (!IMAGE_SIGNATURES[type]?.(bytes))
    return `the image's bytes are not a ${type === 'jpeg' ? 'JPEG' : type === 'webp' ? 'WebP' : type.toUpperCase()} picture`;
  return null;
}

/**
 * The sketch's content from its fields (each a JSON string, or a JSON value): 400 naming the field and the
 * element at the first problem, 413 when the sketch is over the size limits (elements, coordinates, pictures).
 */
export function sketchContent(fields: Partial<Record<ContentField, unknown>>): SketchContent {
  // first: a newer format's elements would otherwise be refused with a puzzling message
  const Version = versionOf(fields.Version);
  const lists = {} as Record<keyof SketchLists, unknown>;
  for (const key of SKETCH_LIST_KEYS)
    lists[key] = checked(key, SketchListsSchema.shape[key], jsonField(key, fields[key]));
  const sketch = lists as SketchLists;

  const problems = sketchLimitProblems(sketch);
  if (problems.length) {
    // a repeated id is a mistake in the sketch (400); the rest are sizes (413)
    const repeated = hasRepeatedIds(sketch) ? 1 : 0;
    throw new HttpError(problems.length > repeated ? 413 : 400, problems.join('; '));
  }
  sketch.UploadedImages.forEach((image, index) => {
    const problem = uploadedImageProblem(image.src);
    if (problem) throw badRequest(`UploadedImages[${index}] (element '${image.id}'): ${problem}`);
  });

  const StageSpec = checked('StageSpec', StageSpecSchema, jsonField('StageSpec', fields.StageSpec) ?? {});
  const PidSpec = checked('PidSpec', PidSpecSchema, jsonField('PidSpec', fields.PidSpec) ?? {});
  return { ...sketch, StageSpec, PidSpec, Version };
}

function hasRepeatedIds(lists: SketchLists): boolean {
  const ids = new Set<string>();
  for (const key of SKETCH_LIST_KEYS)
    for (const element of lists[key]) {
      if (ids.has(element.id)) return true;
      ids.add(element.id);
    }
  return false;
}
