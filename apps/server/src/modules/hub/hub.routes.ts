import type { FastifyInstance } from 'fastify';
import { UserIdQuery } from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { WorkflowService } from '../workflow/index.ts';
import type { HubService } from './hub.service.ts';

/** The personal hub's calls (hub spec §7) and the header's count of pending work. */
export function hubRoutes(app: FastifyInstance, hub: HubService, workflows: WorkflowService): void {
  for (const which of ['created', 'pendingReview', 'pendingApproval'] as const)
    app.get(`/api/workflow/${which}`, async (request) => {
      const user = requireUser(request);
      const { id } = parseInput(UserIdQuery, request.query);
      return workflows.hubList(user, which, id);
    });

  for (const which of ['created', 'pending'] as const)
    app.get(`/api/markup/${which}`, async (request) => {
      const user = requireUser(request);
      const { id } = parseInput(UserIdQuery, request.query);
      return hub.markupList(user, which, id);
    });

  app.get('/api/markup', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(UserIdQuery, request.query);
    return hub.markup(user, id);
  });

  app.get('/api/hub/counts', async (request) => hub.counts(requireUser(request)));
}
