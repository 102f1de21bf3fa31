import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { readParts } from './multipart.ts';

const tooLarge = (what: string, maxBytes: number) =>
  new HttpError(
    413,
    maxBytes >= 1024 * 1024
      ? `${what} may be at most ${Math.round(maxBytes / 1024 / 1024)} MB`
      : `${what} may be at most ${Math.round(maxBytes / 1024)} KB`,
  );

/**
 * The named fields of a call, from multipart/form-data (plain fields or file parts, read as text) or from a
 * JSON or form-encoded body (a JSON body's values may already be JSON values). The first value of a name
 * wins; other parts are drained. A multipart request over `maxBytes` (declared, or counted while reading, as
 * a chunked request declares no length) is refused with 413 '<what> may be at most …' before anything is
 * done with it.
 */
export async function readFields<K extends string>(
  request: FastifyRequest,
  names: readonly K[],
  maxBytes: number,
  what: string,
): Promise<Partial<Record<K, unknown>>> {
  const fields: Partial<Record<K, unknown>> = {};
  const wanted = (name: string): name is K => (names as readonly string[]).includes(name);
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body))
      for (const [name, value] of Object.entries(body))
        if (wanted(name) && fields[name] === undefined) fields[name] = value;
    return fields;
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(what, maxBytes);
  let total = 0;
  const keep = (name: string, text: string) => {
    total += Buffer.byteLength(text);
    if (total > maxBytes) throw tooLarge(what, maxBytes);
    if (wanted(name) && fields[name] === undefined) fields[name] = text;
  };
  await readParts(
    request,
    { fieldSize: maxBytes, fileSize: maxBytes, fields: names.length + 10, files: names.length },
    {
      async file(part) {
        if (!wanted(part.fieldname) || fields[part.fieldname] !== undefined) return;
        let buffer: Buffer;
        try {
          buffer = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(what, maxBytes);
          throw error;
        }
        keep(part.fieldname, buffer.toString('utf8'));
      },
      field(part) {
        if (part.valueTruncated) throw tooLarge(what, maxBytes);
        keep(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      },
    },
  );
  return fields;
}

/** Whether a call's field values arrived as text (multipart or form-encoded), not as JSON values. */
export const fieldsAreText = (request: FastifyRequest): boolean =>
  request.isMultipart() || !(request.headers['content-type'] ?? '').includes('json');
