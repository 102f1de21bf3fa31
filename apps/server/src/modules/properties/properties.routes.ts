import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { HttpError, badRequest, parseInput } from '../../http/errors.ts';
import { readParts } from '../../http/multipart.ts';
import { requireUser } from '../../http/session.ts';
import type { PropertiesService } from './properties.service.ts';
import { inputOf, requireSessionAsker } from '../auth/index.ts';
import {
  DynamicRecordListSchema,
  GetDynamicBodySchema,
  LockValuesBodySchema,
  StaticRecordListSchema,
  ValueHistoryQuerySchema,
} from '@penstock/shared';
import type { ValueLocksService } from './valueLocks.service.ts';

/** The project of a call is read first, for the access check; the rest once access is granted. */
const ProjectOfCall = LockValuesBodySchema.pick({ projectId: true });

/** The Data field may be large (every record of a model): well above busboy's 1 MB default. */
const MAX_DATA_BYTES = 100 * 1024 * 1024;
/** Up to this size a body is read before the session (in the service's query); above it, after (inputOf). */
const SMALL_BODY_BYTES = 1024 * 1024;
const NEED_DATA = "Send multipart/form-data with the JSON in a field named 'Data'";

/** Reads the multipart field 'Data' (a plain field, or a file part) and validates its JSON. */
async function readData<S extends ZodType>(request: FastifyRequest, schema: S): Promise<z.output<S>> {
  if (!request.isMultipart()) throw badRequest(NEED_DATA);
  let text: string | undefined;
  await readParts(
    request,
    { fieldSize: MAX_DATA_BYTES, fileSize: MAX_DATA_BYTES, files: 1, fields: 20 },
    {
      async file(part) {
        if (part.fieldname !== 'Data' || text !== undefined) return;
        const content = await part.toBuffer();
        text = content.toString('utf8');
      },
      field(part) {
        if (part.fieldname !== 'Data' || text !== undefined) return;
        if (part.valueTruncated)
          throw new HttpError(413, `The Data field is larger than ${MAX_DATA_BYTES / 1024 / 1024} MB`);
        text = typeof part.value === 'string' ? part.value : String(part.value);
      },
    },
  );
  if (text === undefined) throw badRequest(NEED_DATA);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw badRequest(`Data is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseInput(schema, json);
}

export function propertiesRoutes(
  app: FastifyInstance,
  properties: PropertiesService,
  locks: ValueLocksService,
): void {
  // the session is read in the service's own query (issue 38: one round trip for getdynamic, two for a save)
  app.post('/api/getdynamic', { config: { sessionInQuery: true } }, async (request) => {
    const asker = requireSessionAsker(request);
    const { projectName, fileName } = await inputOf(asker, () => readData(request, GetDynamicBodySchema), {
      request,
      bytes: SMALL_BODY_BYTES,
    });
    return properties.getDynamic(asker, projectName, fileName);
  });

  app.post('/api/savestatic', { config: { sessionInQuery: true } }, async (request) => {
    const asker = requireSessionAsker(request);
    const records = await inputOf(asker, () => readData(request, StaticRecordListSchema), {
      request,
      bytes: SMALL_BODY_BYTES,
    });
    return properties.saveStatic(asker, records);
  });

  app.post('/api/savedynamic', { config: { sessionInQuery: true } }, async (request) => {
    const asker = requireSessionAsker(request);
    const records = await inputOf(asker, () => readData(request, DynamicRecordListSchema), {
      request,
      bytes: SMALL_BODY_BYTES,
    });
    return properties.saveDynamic(asker, records);
  });

  app.post('/api/properties/lock', async (request) => {
    const user = requireUser(request);
    const { projectId } = parseInput(ProjectOfCall, request.body ?? {});
    return locks.lock(user, projectId, () => parseInput(LockValuesBodySchema, request.body));
  });

  app.get('/api/properties/history', async (request) => {
    const user = requireUser(request);
    const { projectId } = parseInput(ProjectOfCall, request.query);
    return locks.history(user, projectId, () => parseInput(ValueHistoryQuerySchema, request.query));
  });
}
