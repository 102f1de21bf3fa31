import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { HttpError, badRequest, parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { GetMarkupsBodySchema, SaveMarkupBodySchema, UpdateMarkupBodySchema } from '@penstock/shared';
import type { MarkupsService } from './markups.service.ts';

/** formData holds the screenshots as base64 data URLs: up to 20 images of 10 MB each. */
const MAX_FORM_DATA_BYTES = 300 * 1024 * 1024;
const NEED_FORM_DATA = "Send the JSON in a field named 'formData'";

function parseJson<S extends ZodType>(text: string, schema: S): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw badRequest(`formData is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseInput(schema, json);
}

/**
 * The field 'formData': from multipart/form-data (a plain field or a file part, as properties' 'Data'),
 * or from a form-encoded or JSON body.
 */
async function readFormData<S extends ZodType>(request: FastifyRequest, schema: S): Promise<z.output<S>> {
  if (!request.isMultipart()) {
    const body = request.body as Record<string, unknown> | undefined;
    const value = body && typeof body === 'object' ? body.formData : undefined;
    if (typeof value === 'string') return parseJson(value, schema);
    if (value && typeof value === 'object') return parseInput(schema, value);
    throw badRequest(NEED_FORM_DATA);
  }
  let text: string | undefined;
  for await (const part of request.parts({
    limits: { fieldSize: MAX_FORM_DATA_BYTES, fileSize: MAX_FORM_DATA_BYTES, files: 1, fields: 20 },
  })) {
    if (part.type === 'file') {
      if (part.fieldname === 'formData' && text === undefined)
        text = (await part.toBuffer()).toString('utf8');
      else part.file.resume();
    } else if (part.fieldname === 'formData' && text === undefined) {
      if (part.valueTruncated)
        throw new HttpError(413, `The formData field is larger than ${MAX_FORM_DATA_BYTES / 1024 / 1024} MB`);
      text = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  if (text === undefined) throw badRequest(NEED_FORM_DATA);
  return parseJson(text, schema);
}

export function markupsRoutes(app: FastifyInstance, markups: MarkupsService): void {
  app.post('/api/markups/getMarkups', async (request) => {
    const user = requireUser(request);
    const { projectId, documentId } = await readFormData(request, GetMarkupsBodySchema);
    return markups.list(user, projectId, documentId);
  });

  app.post('/api/markups/saveMarkup', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request) => {
    const user = requireUser(request);
    return markups.save(user, await readFormData(request, SaveMarkupBodySchema));
  });

  app.post('/api/markups/updateMarkup', { bodyLimit: MAX_FORM_DATA_BYTES }, async (request) => {
    const user = requireUser(request);
    return markups.update(user, await readFormData(request, UpdateMarkupBodySchema));
  });

  app.get<{ Params: { itemId: string } }>('/api/markups/preview/:itemId', async (request, reply) => {
    const user = requireUser(request);
    const image = await markups.preview(user, request.params.itemId);
    return reply
      .type(image.type)
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('ETag', `"${image.hash}"`)
      .send(image.stream);
  });
}
