import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VERSION_ID_PATTERN } from '@penstock/shared';
import { badRequest, parseInput } from '../../../http/errors.ts';
import { requireUser } from '../../../http/session.ts';
import { acceptsGzip } from '../tree/modelTree.routes.ts';
import { OBJECT_ATTRIBUTES } from './propertyValues.repo.ts';
import type { PropertyValuesQuery, PropertyValuesService } from './propertyValues.service.ts';

const gzip = promisify(zlib.gzip);

/** Answers larger than this are gzipped when the request accepts it (a 100k-object model's is a few MB). */
const GZIP_FROM_BYTES = 64 * 1024;

const text = (what: string) =>
  z
    .string({ message: `${what} must be given once` })
    .max(200, { message: `${what} is at most 200 characters` });

const ValuesQuerySchema = z
  .object({
    set: text('set').optional(),
    name: text('name').min(1, { message: 'name must not be empty' }).optional(),
    attribute: z
      .enum(OBJECT_ATTRIBUTES, { message: `attribute must be one of ${OBJECT_ATTRIBUTES.join(', ')}` })
      .optional(),
  })
  .refine((query) => (query.name === undefined) !== (query.attribute === undefined), {
    message: 'Give either name (and optionally set) or attribute',
  })
  .refine((query) => query.attribute === undefined || query.set === undefined, {
    message: 'set goes with name, not with attribute',
  });

const versionIdOf = (params: unknown): string => {
  const id = (params as { versionId?: string }).versionId ?? '';
  if (!VERSION_ID_PATTERN.test(id)) throw badRequest('Invalid version id');
  return id;
};

export function propertyValuesRoutes(app: FastifyInstance, values: PropertyValuesService): void {
  app.get('/api/models/:versionId/property-names', async (request) => {
    const user = requireUser(request);
    return values.names(user, versionIdOf(request.params));
  });

  app.get('/api/models/:versionId/property-values', async (request, reply) => {
    const user = requireUser(request);
    const versionId = versionIdOf(request.params);
    const query = parseInput(ValuesQuerySchema, request.query);
    const asked: PropertyValuesQuery =
      query.attribute !== undefined
        ? { attribute: query.attribute }
        : { name: query.name!, ...(query.set !== undefined ? { set: query.set } : {}) };
    const json = Buffer.from(JSON.stringify(await values.values(user, versionId, asked)));
    reply.header('Content-Type', 'application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
    if (json.length >= GZIP_FROM_BYTES && acceptsGzip(request.headers['accept-encoding']))
      return reply.header('Content-Encoding', 'gzip').send(await gzip(json, { level: 6 }));
    return reply.send(json);
  });
}
