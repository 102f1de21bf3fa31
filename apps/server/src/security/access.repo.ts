import type { ProjectRole } from '@penstock/shared';
import type { Db } from '../db/database.ts';

/** The one question access asks the database: the user's role in a project, if any. */
export class AccessRepo {
  constructor(private readonly db: Db) {}

  async membershipRole(projectId: string, userId: string): Promise<ProjectRole | undefined> {
    const row = await this.db
      .selectFrom('project_members')
      .select('role')
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role as ProjectRole | undefined;
  }
}
