import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import {
  CreateIssueBodySchema,
  IssueCommentBodySchema,
  IssueListQuerySchema,
  ProjectIdQuerySchema,
  UpdateIssueBodySchema,
} from '@penstock/shared';
import type { IssuesService } from './issues.service.ts';

/** A new issue carries its snapshot (a PNG data URL of at most 10 MB) beside its viewer state (1 MB of JSON). */
const MAX_CREATE_BYTES = 16 * 1024 * 1024;

export function issuesRoutes(app: FastifyInstance, issues: IssuesService): void {
  app.get('/api/issues', async (request) => {
    const user = requireUser(request);
    const { projectid, ...filter } = parseInput(IssueListQuerySchema, request.query);
    return issues.list(user, projectid, filter);
  });

  app.post('/api/issues', { bodyLimit: MAX_CREATE_BYTES }, async (request, reply) => {
    const user = requireUser(request);
    const issue = await issues.create(user, parseInput(CreateIssueBodySchema, request.body));
    return reply.status(201).send(issue);
  });

  app.get<{ Params: { id: string } }>('/api/issues/:id', async (request) => {
    const user = requireUser(request);
    return issues.get(user, request.params.id);
  });

  app.get<{ Params: { id: string } }>('/api/issues/:id/snapshot', async (request, reply) => {
    const user = requireUser(request);
    const image = await issues.snapshot(user, request.params.id);
    // the address names the picture (?v=<hash>), and a BCF import may replace it: revalidated, 304 when unchanged
    const etag = `"${image.hash}"`;
    reply.type(image.type).header('Cache-Control', 'private, no-cache').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) {
      image.stream.destroy();
      return reply.status(304).send();
    }
    return reply.send(image.stream);
  });

  app.patch<{ Params: { id: string } }>('/api/issues/:id', async (request) => {
    const user = requireUser(request);
    return issues.update(user, request.params.id, () => parseInput(UpdateIssueBodySchema, request.body));
  });

  app.post<{ Params: { id: string } }>('/api/issues/:id/comments', async (request, reply) => {
    const user = requireUser(request);
    const bodyOf = () => parseInput(IssueCommentBodySchema, request.body).body;
    return reply.status(201).send(await issues.comment(user, request.params.id, bodyOf));
  });

  app.get('/api/forge/bim360/Users', async (request) => {
    const user = requireUser(request);
    const { projectid } = parseInput(ProjectIdQuerySchema, request.query);
    return issues.projectUsers(user, projectid);
  });
}
