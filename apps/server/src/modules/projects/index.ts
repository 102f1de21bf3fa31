import type { Db } from '../../db/database.ts';
import { ProjectDirectory } from './projectDirectory.ts';
import { ProjectsRepo } from './projects.repo.ts';

export { ProjectsRepo, type MemberRow, type ProjectOfUser } from './projects.repo.ts';
export { ProjectDirectory } from './projectDirectory.ts';
export { presentAdminProject, presentProjectListItem, projectHref } from './projects.presenter.ts';

/**
 * Projects and their members. No routes of its own: the project tree is documents' GET /api/tree and the
 * project administration is admin's; other modules read through the ProjectDirectory.
 */
export function registerProjects(db: Db): { repo: ProjectsRepo; directory: ProjectDirectory } {
  const repo = new ProjectsRepo(db);
  return { repo, directory: new ProjectDirectory(repo) };
}
