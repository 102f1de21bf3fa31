import type { FastifyInstance } from 'fastify';
import {
  IDS_CHECK_ID_PATTERN,
  ITEM_ID_PATTERN,
  IdsChecksQuerySchema,
  IdsFailuresQuerySchema,
  IdsFailuresToIssuesSchema,
  IdsLibraryCopySchema,
  IdsObjectQuerySchema,
  IdsObjectsQuerySchema,
  IdsRecheckSchema,
  IdsScopesInputSchema,
  IdsSettingsInputSchema,
  IdsValidateInputSchema,
  MAX_IDS_BYTES,
  VERSION_ID_PATTERN,
} from '@penstock/shared';
import { z } from 'zod';
import { contentDisposition } from '../../http/contentDisposition.ts';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import { XLSX_CONTENT_TYPE } from '../scheduleExports/index.ts';
import type { IdsService } from './ids.service.ts';
import type { IdsResultsService } from './idsResults.service.ts';

const ProjectParams = z.object({ projectId: z.string().min(1).max(100) });
const ItemParams = ProjectParams.extend({
  itemId: z.string().regex(ITEM_ID_PATTERN, 'Invalid item id'),
});
const VersionParams = ProjectParams.extend({
  versionId: z.string().regex(VERSION_ID_PATTERN, 'Invalid version id'),
});
const CheckParams = ProjectParams.extend({
  checkId: z.string().regex(IDS_CHECK_ID_PATTERN, 'Invalid check id'),
});
const SpecificationParams = CheckParams.extend({
  index: z.coerce.number({ message: 'Invalid specification index' }).int().min(0).max(100_000),
});
const LibraryParams = ProjectParams.extend({
  key: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,100}$/i, 'Invalid library key'),
});

/** The IDS text the editor checks: a JSON body a little over the largest IDS file. */
const VALIDATE_BODY_LIMIT = MAX_IDS_BYTES + 64 * 1024;

/** The calls of docs/api.md 'Information requirements (IDS, issue 36)'. */
export function idsRoutes(app: FastifyInstance, ids: IdsService, results: IdsResultsService): void {
  const base = '/api/projects/:projectId/ids';

  app.get(base, async (request) => {
    const user = requireUser(request);
    return ids.overview(user, parseInput(ProjectParams, request.params).projectId);
  });

  app.put(`${base}/settings`, async (request) => {
    const user = requireUser(request);
    const { projectId } = parseInput(ProjectParams, request.params);
    return ids.saveSettings(user, projectId, () => parseInput(IdsSettingsInputSchema, request.body));
  });

  app.put(`${base}/:itemId/scopes`, async (request) => {
    const user = requireUser(request);
    const { projectId, itemId } = parseInput(ItemParams, request.params);
    return ids.saveScopes(user, projectId, itemId, () => parseInput(IdsScopesInputSchema, request.body));
  });

  app.get(`${base}/versions/:versionId`, async (request) => {
    const user = requireUser(request);
    const { projectId, versionId } = parseInput(VersionParams, request.params);
    return ids.validation(user, projectId, versionId);
  });

  app.post(`${base}/validate`, { bodyLimit: VALIDATE_BODY_LIMIT }, async (request) => {
    const user = requireUser(request);
    const { projectId } = parseInput(ProjectParams, request.params);
    return ids.validate(user, projectId, () => parseInput(IdsValidateInputSchema, request.body));
  });

  app.get(`${base}/library`, async (request) => {
    const user = requireUser(request);
    return ids.libraryEntries(user, parseInput(ProjectParams, request.params).projectId);
  });

  app.post(`${base}/library/:key`, async (request, reply) => {
    const user = requireUser(request);
    const { projectId, key } = parseInput(LibraryParams, request.params);
    const copied = await ids.copyFromLibrary(user, projectId, key, () =>
      parseInput(IdsLibraryCopySchema, request.body),
    );
    return reply.status(201).send(copied);
  });

  app.post(`${base}/recheck`, async (request, reply) => {
    const user = requireUser(request);
    const { projectId } = parseInput(ProjectParams, request.params);
    const queued = await ids.recheck(user, projectId, () => parseInput(IdsRecheckSchema, request.body));
    return reply.status(202).send(queued);
  });

  app.get(`${base}/checks`, async (request) => {
    const user = requireUser(request);
    const { projectId } = parseInput(ProjectParams, request.params);
    const { versionId } = parseInput(IdsChecksQuerySchema, request.query);
    return results.versionChecks(user, projectId, versionId);
  });

  app.get(`${base}/checks/:checkId`, async (request) => {
    const user = requireUser(request);
    const { projectId, checkId } = parseInput(CheckParams, request.params);
    return results.check(user, projectId, checkId);
  });

  app.get(`${base}/checks/:checkId/specifications/:index/failures`, async (request) => {
    const user = requireUser(request);
    const { projectId, checkId, index } = parseInput(SpecificationParams, request.params);
    return results.failures(user, projectId, checkId, index, () =>
      parseInput(IdsFailuresQuerySchema, request.query),
    );
  });

  app.get(`${base}/checks/:checkId/objects`, async (request) => {
    const user = requireUser(request);
    const { projectId, checkId } = parseInput(CheckParams, request.params);
    return results.objectStates(user, projectId, checkId, () =>
      parseInput(IdsObjectsQuerySchema, request.query),
    );
  });

  app.get(`${base}/object`, async (request) => {
    const user = requireUser(request);
    const { projectId } = parseInput(ProjectParams, request.params);
    return results.object(user, projectId, () => parseInput(IdsObjectQuerySchema, request.query));
  });

  app.get(`${base}/checks/:checkId/report.xlsx`, async (request, reply) => {
    const user = requireUser(request);
    const { projectId, checkId } = parseInput(CheckParams, request.params);
    const { bytes, fileName } = await results.workbook(user, projectId, checkId);
    return reply
      .header('Content-Type', XLSX_CONTENT_TYPE)
      .header('Content-Disposition', contentDisposition(fileName, 'attachment'))
      .header('Cache-Control', 'private, no-store')
      .send(bytes);
  });

  app.get(`${base}/checks/:checkId/report.bcf`, async (request, reply) => {
    const user = requireUser(request);
    const { projectId, checkId } = parseInput(CheckParams, request.params);
    const { content, fileName } = await results.bcf(user, projectId, checkId);
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', contentDisposition(fileName, 'attachment'))
      .header('Cache-Control', 'private, no-store')
      .send(content);
  });

  app.post(`${base}/checks/:checkId/issues`, async (request, reply) => {
    const user = requireUser(request);
    const { projectId, checkId } = parseInput(CheckParams, request.params);
    const created = await results.raiseIssues(user, projectId, checkId, () =>
      parseInput(IdsFailuresToIssuesSchema, request.body ?? {}),
    );
    return reply.status(201).send(created);
  });
}
