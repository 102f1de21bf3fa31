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

export function issuesRoutes(app: FastifyInstance, issues: IssuesService): void {
  app.get('/api/issues', async (request) => {
    const user = requireUser(request);
    const { projectid, ...filter } = parseInput(IssueListQuerySchema, request.query);
    return issues.list(user, projectid, filter);
  });

  app.post('/api/issues', async (request, reply) => {
    const user = requireUser(request);
    const issue = await issues.create(user, parseInput(CreateIssueBodySchema, request.body));
    return reply.status(201).send(issue);
  });

  app.get<{ Params: { id: string } }>('/api/issues/:id', async (request) => {
    const user = requireUser(request);
    return issues.get(user, request.params.id);
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
