import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { UsersRepo } from '../auth/index.ts';
import type { AccessService } from '../../security/access.ts';
import { DsearRepo } from '../dsear/index.ts';
import { MarkupsRepo } from '../markups/index.ts';
import type { WorkflowService } from '../workflow/index.ts';
import { HubService } from './hub.service.ts';
import { hubRoutes } from './hub.routes.ts';

/** The personal hub: each person's workflows, markups and DSEAR approvals, and the header's count. */
export function registerHub(
  app: FastifyInstance,
  db: Db,
  deps: {
    access: AccessService;
    workflows: WorkflowService;
    users: UsersRepo;
  },
): void {
  const hub = new HubService(new MarkupsRepo(db), new DsearRepo(db), deps.access, deps.workflows, deps.users);
  hubRoutes(app, hub, deps.workflows);
}
