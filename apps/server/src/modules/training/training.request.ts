import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { HttpError, badRequest, parseInput } from '../../http/errors.ts';
import { readParts } from '../../http/multipart.ts';
import { parseJson } from '../../http/formData.ts';

/** The spec's field names: saveuserrecord sends 'FormData', getuserrecord 'formData'; either is read. */
export const RECORD_FIELDS = ['FormData', 'formData'] as const;

const tooLarge = (maxBytes: number) =>
  new HttpError(413, `A training record request may be at most ${Math.round(maxBytes / 1024 / 1024)} MB`);

/**
 * The JSON of a training call, validated: from a multipart field (plain or file part) or a form-encoded
 * field named FormData or formData, or from a JSON body (that field, or the object itself).
 */
export async function readRecordJson<S extends ZodType>(
  request: FastifyRequest,
  schema: S,
  maxBytes: number,
): Promise<z.output<S>> {
  const named = (name: string) => (RECORD_FIELDS as readonly string[]).includes(name);
  if (!request.isMultipart()) {
    const body = request.body as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object')
      throw badRequest("Send the record's JSON in a field named 'FormData'");
    const field = RECORD_FIELDS.map((name) => body[name]).find((value) => value !== undefined);
    if (typeof field === 'string') return parseJson(field, schema);
    return parseInput(schema, field && typeof field === 'object' ? field : body);
  }
  let text: string | undefined;
  await readParts(
    request,
    { fieldSize: maxBytes, fileSize: maxBytes, files: 2, fields: 20 },
    {
      async file(part) {
        if (!named(part.fieldname) || text !== undefined) return;
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(maxBytes);
        text = buffer.toString('utf8');
      },
      field(part) {
        if (!named(part.fieldname) || text !== undefined) return;
        if (part.valueTruncated) throw tooLarge(maxBytes);
        text = typeof part.value === 'string' ? part.value : String(part.value);
      },
    },
  );
  if (text === undefined) throw badRequest("Send the record's JSON in a field named 'FormData'");
  return parseJson(text, schema);
}
