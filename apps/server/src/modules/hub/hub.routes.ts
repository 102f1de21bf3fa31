import type { FastifyInstance } from 'fastify';
import { UserIdQuery } from '@penstock/shared';
import { parseInput } from '../../http/errors.ts';
import { requireUser } from '../../http/session.ts';
import type { WorkflowService } from '../workflow/index.ts';
import type { HubService } from './hub.service.ts';
import { inputOf, requireSessionAsker } from '../auth/index.ts';

/** The personal hub's calls (hub spec §7) and the header's count of pending work. */
export function hubRoutes(app: FastifyInstance, hub: HubService, workflows: WorkflowService): void {
  for (const which of ['created', 'pendingReview', 'pendingApproval'] as const)
    // the session is read in the service's own query (one round trip: issue 38)
    app.get(`/api/workflow/${which}`, { config: { sessionInQuery: true } }, async (request) => {
      const asker = requireSessionAsker(request);
      const { id } = await inputOf(asker, () => parseInput(UserIdQuery, request.query));
      return workflows.hubList(asker, which, id);
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
