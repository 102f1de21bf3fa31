import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { VERSION_ID_PATTERN } from '@penstock/shared';
import { badRequest } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { ModelsService } from './models.service.ts';

const versionIdOf = (params: unknown): string => {
  const id = (params as { versionId?: string }).versionId ?? '';
  if (!VERSION_ID_PATTERN.test(id)) throw badRequest('Invalid version id');
  return id;
};

const localIdOf = (params: unknown): number => {
  const raw = (params as { localId?: string }).localId ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2 ** 31 - 1) throw badRequest('Invalid object id');
  return id;
};

export function modelsRoutes(app: FastifyInstance, models: ModelsService): void {
  app.get('/api/models/:versionId', async (request) => {
    const user = requireUser(request);
    return models.info(user, versionIdOf(request.params));
  });

  app.get('/api/models/:versionId/fragments', async (request, reply) => {
    const user = requireUser(request);
    const { hash, read } = await models.fragments(user, versionIdOf(request.params));
    const etag = `"${hash}"`;
    // revalidated on each use (304 when unchanged): a reconversion puts a new .frag at the same address
    reply
      .header('Content-Type', 'application/octet-stream')
      .header('Cache-Control', 'private, no-cache')
      .header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    // its length told: the browser takes the .frag into one buffer of that size instead of growing one
    const { stream, size } = await read();
    return reply.header('Content-Length', String(size)).send(stream);
  });

  app.get('/api/models/:versionId/items', async (request, reply) => {
    const user = requireUser(request);
    const { hash, bytes } = await models.items(user, versionIdOf(request.params));
    // derived from the .frag alone: revalidated as the .frag is
    const etag = `"items-${hash}"`;
    reply
      .header('Content-Type', 'application/octet-stream')
      .header('Cache-Control', 'private, no-cache')
      .header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(bytes);
  });

  app.get('/api/models/:versionId/objects', async (request, reply) => {
    const user = requireUser(request);
    const json = await models.objectsJson(user, versionIdOf(request.params));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/api/models/:versionId/records', async (request, reply) => {
    const user = requireUser(request);
    const format = (request.query as { format?: string }).format;
    if (format !== undefined && format !== 'ndjson') throw badRequest('Unknown records format');
    const versionId = versionIdOf(request.params);
    if (format === undefined) return models.records(user, versionId);
    // the static records, one JSON text per line: the browser reads them as they arrive (a 100k-object
    // model's records are tens of megabytes of JSON) and derives the dynamic ones (dynamicRecordOf); the
    // server makes them a page at a time, answering other requests in between
    const lines = await models.staticRecordLines(user, versionId);
    return reply.type('application/x-ndjson').send(Readable.from(lines));
  });

  app.get('/api/models/:versionId/objects/:localId', async (request) => {
    const user = requireUser(request);
    const versionId = versionIdOf(request.params);
    return models.object(user, versionId, localIdOf(request.params));
  });

  app.get('/api/models/:versionId/objects/:localId/properties', async (request) => {
    const user = requireUser(request);
    const versionId = versionIdOf(request.params);
    return models.properties(user, versionId, localIdOf(request.params));
  });

  app.post('/api/models/:versionId/reconvert', async (request, reply) => {
    const user = requireUser(request);
    return reply.status(202).send(await models.reconvert(user, versionIdOf(request.params)));
  });
}
