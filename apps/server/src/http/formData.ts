import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { HttpError, badRequest, parseInput } from './errors.ts';
import { readParts } from './multipart.ts';

const NEED_FORM_DATA = "Send the JSON in a field named 'formData'";

/** The text of a formData field, parsed as JSON and validated. */
export function parseJson<S extends ZodType>(text: string, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw badRequest(`formData is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseInput(schema, json);
}

/**
 * The spec's field 'formData' (JSON text), validated by a schema: from multipart/form-data (a plain field or
 * a file part) or from a form-encoded or JSON body. A field over `maxBytes` is refused with 413.
 */
export async function readFormData<S extends ZodType>(
  request: FastifyRequest,
  schema: S,
  maxBytes: number,
): Promise<z.output<S>> {
  if (!request.isMultipart()) {
    const body = request.body as Record<string, unknown> | undefined;
    const value = body && typeof body === 'object' ? body.formData : undefined;
    if (typeof value === 'string') return parseJson(value, schema);
    if (value && typeof value === 'object') return parseInput(schema, value);
    throw badRequest(NEED_FORM_DATA);
  }
  let text: string | undefined;
  await readParts(
    request,
    { fieldSize: maxBytes, fileSize: maxBytes, files: 1, fields: 20 },
    {
      async file(part) {
        if (part.fieldname !== 'formData' || text !== undefined) return;
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(maxBytes);
        text = buffer.toString('utf8');
      },
      field(part) {
        if (part.fieldname !== 'formData' || text !== undefined) return;
        if (part.valueTruncated) throw tooLarge(maxBytes);
        text = typeof part.value === 'string' ? part.value : String(part.value);
      },
    },
  );
  if (text === undefined) throw badRequest(NEED_FORM_DATA);
  return parseJson(text, schema);
}

const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    maxBytes >= 1024 * 1024
      ? `The formData field is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`
      : `The formData field is larger than ${Math.round(maxBytes / 1024)} KB`,
  );
