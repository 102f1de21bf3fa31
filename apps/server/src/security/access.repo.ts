import type { ProjectRole } from '@penstock/shared';
import type { Db } from '../db/database.ts';
import { preparedQuery, type Arg } from '../db/preparedQuery.ts';

/** A member's role, asked on nearly every request: compiled once (db/preparedQuery.ts). */
const membershipRoleQuery = preparedQuery((db, arg: Arg<{ projectId: string; userId: string }>) =>
  db
    .selectFrom('project_members')
    .select('role')
    .where('project_id', '=', arg('projectId'))
    .where('user_id', '=', arg('userId')),
);

/** The one question access asks the database: the user's role in a project, if any. */
export class AccessRepo {
  constructor(private readonly db: Db) {}

  async membershipRole(projectId: string, userId: string): Promise<ProjectRole | undefined> {
    const row = await membershipRoleQuery.executeTakeFirst(this.db, { projectId, userId });
    return row?.role as ProjectRole | undefined;
  }
}
