import { PROJECT_ROLES, type ProjectRole } from '@penstock/shared';
import type { Expression, ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, ProjectsTable } from '../db/schema.ts';
import { preparedQuery, type Arg } from '../db/preparedQuery.ts';

/** A project with the user's role in it (null: an administrator's project they are not a member of). */
export type ProjectWithRole<Role extends ProjectRole | null = ProjectRole | null> = ProjectsTable & {
  member_role: Role;
};

/**
 * A member's role in a project, as a subquery another query can carry (one round trip for a request's data and
 * the role its access check needs: AccessService.requireAccess with `memberRole`). Read it with {@link readRole}.
 */
export const membershipRoleOf = (
  eb: ExpressionBuilder<Database, never>,
  projectId: Expression<string> | string,
  userId: Expression<string> | string,
) =>
  eb
    .selectFrom('project_members')
    .select('role')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId);

/** A role as a query read it ({@link membershipRoleOf}): undefined when the user is not a member. */
export const readRole = (role: string | null | undefined): ProjectRole | undefined =>
  PROJECT_ROLES.find((known) => known === role);

/** A member's role, asked on nearly every request: compiled once (db/preparedQuery.ts). */
const membershipRoleQuery = preparedQuery((db, arg: Arg<{ projectId: string; userId: string }>) =>
  db
    .selectFrom('project_members')
    .select('role')
    .where('project_id', '=', arg('projectId'))
    .where('user_id', '=', arg('userId')),
);

/** The user's projects with their role in each (the hub, the registers, the tree's root): compiled once. */
const projectsOfMemberQuery = preparedQuery((db, arg: Arg<{ userId: string }>) =>
  db
    .selectFrom('projects')
    .innerJoin('project_members', 'project_members.project_id', 'projects.id')
    .selectAll('projects')
    .select('project_members.role as member_role')
    .where('project_members.user_id', '=', arg('userId'))
    .orderBy('projects.name'),
);

/** What access asks the database: the user's role in a project, and the projects they see. */
export class AccessRepo {
  constructor(private readonly db: Db) {}

  async membershipRole(projectId: string, userId: string): Promise<ProjectRole | undefined> {
    const row = await membershipRoleQuery.executeTakeFirst(this.db, { projectId, userId });
    return readRole(row?.role);
  }

  /** The user's projects by name, each with their role in it (`member_role`). */
  async projectsOfMember(userId: string): Promise<Array<ProjectWithRole<ProjectRole>>> {
    const rows = await projectsOfMemberQuery.execute(this.db, { userId });
    return rows as Array<ProjectWithRole<ProjectRole>>;
  }

  /** Every project by name, with the user's role where they are a member (null elsewhere). */
  async everyProject(userId: string): Promise<ProjectWithRole[]> {
    const rows = await this.db
      .selectFrom('projects')
      .leftJoin('project_members', (join) =>
        join
          .onRef('project_members.project_id', '=', 'projects.id')
          .on('project_members.user_id', '=', userId),
      )
      .selectAll('projects')
      .select('project_members.role as member_role')
      .orderBy('projects.name')
      .execute();
    return rows as ProjectWithRole[];
  }
}
