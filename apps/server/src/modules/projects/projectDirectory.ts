import type { ProjectsTable } from '../../db/schema.ts';
import type { MemberRow, ProjectsRepo } from './projects.repo.ts';

/**
 * What other modules read about projects and their members. Access checks stay with the caller's
 * AccessService; this answers only "which projects" and "who is in them".
 */
export class ProjectDirectory {
  constructor(private readonly repo: ProjectsRepo) {}

  findProject(projectId: string): Promise<ProjectsTable | undefined> {
    return this.repo.findProject(projectId);
  }

  async projectName(projectId: string): Promise<string | undefined> {
    return (await this.repo.findProject(projectId))?.name;
  }

  /** Every project, by name. */
  listProjects(): Promise<ProjectsTable[]> {
    return this.repo.listProjects();
  }

  /** The members of the given projects (of every project when none are given), by name. */
  members(projectIds?: readonly string[]): Promise<MemberRow[]> {
    return this.repo.members(projectIds);
  }

  async isMember(projectId: string, userId: string): Promise<boolean> {
    return (await this.repo.members([projectId])).some((member) => member.user_id === userId);
  }
}
