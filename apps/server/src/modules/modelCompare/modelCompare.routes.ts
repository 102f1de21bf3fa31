import type { FastifyInstance } from 'fastify';
import {
  ChangesToIssuesSchema,
  ModelChangesQuerySchema,
  ModelCompareIdSchema,
  ModelCompareRequestSchema,
  VERSION_ID_PATTERN,
} from '@penstock/shared';
import { z } from 'zod';
import { contentDisposition } from '../../http/contentDisposition.ts';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { XLSX_CONTENT_TYPE } from '../scheduleExports/index.ts';
import type { ModelCompareService } from './modelCompare.service.ts';

const VersionIdSchema = z.string().regex(VERSION_ID_PATTERN, 'Invalid version id');

/** The calls of docs/api.md 'Model compare (issue 34)'. */
export function modelCompareRoutes(app: FastifyInstance, compares: ModelCompareService): void {
  app.post('/api/model-compares', async (request, reply) => {
    const user = requireUser(request);
    const { compare, created } = await compares.request(user, () =>
      parseInput(ModelCompareRequestSchema, request.body),
    );
    return reply.status(created ? 202 : 200).send(compare);
  });

  app.get<{ Params: { compareId: string } }>('/api/model-compares/:compareId', async (request) => {
    const user = requireUser(request);
    return compares.get(user, parseInput(ModelCompareIdSchema, request.params.compareId));
  });

  app.get<{ Params: { compareId: string } }>('/api/model-compares/:compareId/changes', async (request) => {
    const user = requireUser(request);
    const id = parseInput(ModelCompareIdSchema, request.params.compareId);
    return compares.changes(user, id, parseInput(ModelChangesQuerySchema, request.query));
  });

  app.get<{ Params: { compareId: string } }>(
    '/api/model-compares/:compareId/changes.xlsx',
    async (request, reply) => {
      const user = requireUser(request);
      const id = parseInput(ModelCompareIdSchema, request.params.compareId);
      const query = parseInput(ModelChangesQuerySchema, request.query);
      const { bytes, fileName } = await compares.exportChanges(user, id, query);
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', contentDisposition(fileName, 'attachment'))
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  );

  app.post<{ Params: { compareId: string } }>(
    '/api/model-compares/:compareId/issues',
    async (request, reply) => {
      const user = requireUser(request);
      const id = parseInput(ModelCompareIdSchema, request.params.compareId);
      const issues = await compares.raiseIssues(user, id, () =>
        parseInput(ChangesToIssuesSchema, request.body),
      );
      return reply.status(201).send(issues);
    },
  );

  app.get<{ Params: { versionId: string } }>('/api/versions/:versionId/compare-summary', async (request) => {
    const user = requireUser(request);
    return compares.versionSummary(user, parseInput(VersionIdSchema, request.params.versionId));
  });
}
